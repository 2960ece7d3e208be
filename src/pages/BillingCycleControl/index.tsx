import { useIntl, useNavigate, useSearchParams } from '@umijs/max';
import { Tabs } from 'antd';
import PageContainer from '@/components/PageContainer';
import CentresTab from './CentresTab';
import CurrentCycle from './CurrentCycle';
import InvoicesTab from './InvoicesTab';
import PastCycles from './PastCycles';
import PriceListTab from './PriceListTab';

const TABS = ['current', 'past', 'invoices', 'centres', 'prices'] as const;
type Tab = (typeof TABS)[number];

/**
 * /billingCycleControl (ROLE_SYSTEM): the current billing cycle (start, run, progress per centre),
 * past cycles, every centre's invoices, the centres (card, credit, tax rate) and the price list.
 * The tab is in the address (?tab=), so a link opens it and Back returns to it.
 */
export default function BillingCycleControlPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = TABS.find((key) => key === asked) ?? 'current';
  const open = (key: string) =>
    navigate(key === 'current' ? '/billingCycleControl' : `/billingCycleControl?tab=${key}`);

  return (
    <PageContainer title={t('billingCycles.title')}>
      <Tabs
        activeKey={tab}
        onChange={open}
        destroyOnHidden
        items={[
          { key: 'current', label: t('billingCycles.tab.current'), children: <CurrentCycle /> },
          { key: 'past', label: t('billingCycles.tab.past'), children: <PastCycles /> },
          { key: 'invoices', label: t('billingCycles.tab.invoices'), children: <InvoicesTab /> },
          { key: 'centres', label: t('billingCycles.tab.centres'), children: <CentresTab /> },
          { key: 'prices', label: t('billingCycles.tab.prices'), children: <PriceListTab /> },
        ]}
      />
    </PageContainer>
  );
}

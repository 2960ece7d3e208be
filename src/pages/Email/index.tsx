import { useIntl, useLocation, useNavigate, useSearchParams } from '@umijs/max';
import { Tabs } from 'antd';
import PageContainer from '@/components/PageContainer';
import ComposeTab from './ComposeTab';
import HistoryTab from './HistoryTab';
import TemplatesTab from './TemplatesTab';

type Tab = 'compose' | 'templates' | 'history';

/** /email: compose a bulk email, its templates (/emailTemplate, the "Email Template" menu entry), its history. */
export default function EmailPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const tab: Tab = pathname.startsWith('/emailTemplate')
    ? 'templates'
    : search.get('tab') === 'history'
      ? 'history'
      : 'compose';
  const open = (key: string) =>
    navigate(key === 'templates' ? '/emailTemplate' : key === 'history' ? '/email?tab=history' : '/email', {
      replace: true,
    });

  return (
    <PageContainer title={t('email.title')}>
      <Tabs
        activeKey={tab}
        onChange={open}
        destroyOnHidden
        items={[
          { key: 'compose', label: t('email.tab.compose'), children: <ComposeTab onSent={() => undefined} /> },
          { key: 'templates', label: t('email.tab.templates'), children: <TemplatesTab /> },
          { key: 'history', label: t('email.tab.history'), children: <HistoryTab /> },
        ]}
      />
    </PageContainer>
  );
}

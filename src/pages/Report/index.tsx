import { useIntl, useSearchParams } from '@umijs/max';
import { Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import PageContainer from '@/components/PageContainer';
import LessonEventsTab from './LessonEventsTab';
import PurchaseHistoryTab from './PurchaseHistoryTab';
import SeatFillTab from './SeatFillTab';
import TeacherSalaryTab from './TeacherSalaryTab';

// The payroll close screen is its own feature: loaded when its tab is opened.
const PayrollClose = lazy(() => import('./PayrollClose'));

const TABS = ['purchases', 'salary', 'payroll', 'lessons', 'seats'] as const;
type Tab = (typeof TABS)[number];

/** /report: student purchase history, teacher salary history, the payroll close, lesson events and freed seats, one tab each (?tab=). */
export default function ReportPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = TABS.find((key) => key === asked) ?? 'purchases';

  return (
    <PageContainer title={t('reports.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'purchases', label: t('reports.tab.purchases'), children: <PurchaseHistoryTab /> },
          { key: 'salary', label: t('reports.tab.salary'), children: <TeacherSalaryTab /> },
          {
            key: 'payroll',
            label: t('reports.tab.payroll'),
            children: (
              <Suspense fallback={<Spin />}>
                <PayrollClose />
              </Suspense>
            ),
          },
          { key: 'lessons', label: t('cover.report.tab'), children: <LessonEventsTab /> },
          { key: 'seats', label: t('seats.fill.tab'), children: <SeatFillTab /> },
        ]}
      />
    </PageContainer>
  );
}

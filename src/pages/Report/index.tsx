import { useIntl, useSearchParams } from '@umijs/max';
import { Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import PageContainer from '@/components/PageContainer';
import { useLocations } from '@/utils/useLocations';
import LessonEventsTab from './LessonEventsTab';
import LocationsTab from './LocationsTab';
import PurchaseHistoryTab from './PurchaseHistoryTab';
import RoomOccupancyTab from './RoomOccupancyTab';
import SeatFillTab from './SeatFillTab';
import TeacherSalaryTab from './TeacherSalaryTab';

// The payroll close screen is its own feature: loaded when its tab is opened.
const PayrollClose = lazy(() => import('./PayrollClose'));

const TABS = ['purchases', 'salary', 'payroll', 'lessons', 'seats', 'locations', 'rooms'] as const;
type Tab = (typeof TABS)[number];

/** /report: student purchase history, teacher salary history, the payroll close, lesson events and freed seats, one tab each (?tab=). */
export default function ReportPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  // Issue 23: the tab by location only with several locations, room occupancy only with rooms.
  const locations = useLocations();
  const shown = (key: Tab) => (key === 'locations' ? locations.many : key === 'rooms' ? locations.hasRooms : true);
  const tab: Tab = TABS.find((key) => key === asked && shown(key)) ?? 'purchases';

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
          { key: 'locations', label: t('locationReports.tab.locations'), children: <LocationsTab /> },
          { key: 'rooms', label: t('locationReports.tab.rooms'), children: <RoomOccupancyTab /> },
        ].filter((item) => shown(item.key as Tab))}
      />
    </PageContainer>
  );
}

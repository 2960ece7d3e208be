import { useIntl, useParams } from '@umijs/max';
import { Button, Card, Result, Spin, Tabs } from 'antd';
import { useCallback } from 'react';
import PageContainer from '@/components/PageContainer';
import NotFoundPage from '@/pages/Exception/404';
import { useRecordLoad } from '@/utils/useRecordLoad';
import DetailInformation from './components/DetailInformation';
import HouseholdTab from './components/HouseholdTab';
import MakeUpTab from './components/MakeUpTab';
import ScheduleTab from './components/ScheduleTab';
import TermRegisterTab from './components/TermRegisterTab';
import VoucherTab from './components/VoucherTab';
import { fetchStudent } from './service';
import { studentIdFrom } from './studentId';

/** /student/studentDashboard/:id: one student's details, schedules, vouchers and term registers. */
export default function StudentDashboardPage() {
  const id = studentIdFrom(useParams().id);
  // A path that names no student is an unknown page: no request for /api/students/NaN.
  if (id === undefined) return <NotFoundPage />;
  return <StudentDashboard id={id} />;
}

function StudentDashboard({ id }: { id: number }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const { load, retry: fetch } = useRecordLoad(useCallback(() => fetchStudent(id), [id]));

  if (load.state === 'missing') return <NotFoundPage />;
  if (load.state === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;
  if (load.state === 'failed') {
    return (
      <PageContainer title={t('pages.studentDashboard.title')}>
        <Result
          status="warning"
          title={t('pages.studentDashboard.failed')}
          extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
        />
      </PageContainer>
    );
  }
  const { record: student } = load;
  return (
    <PageContainer title={`${student.firstName} ${student.lastName}`} subTitle={student.studentId}>
      <Card>
        <Tabs
          items={[
            {
              key: 'detail',
              label: t('pages.studentDashboard.tab.detail'),
              children: <DetailInformation student={student} />,
            },
            {
              key: 'household',
              label: t('menu.student.household'),
              children: <HouseholdTab student={student} />,
            },
            {
              key: 'schedule',
              label: t('pages.studentDashboard.tab.schedule'),
              children: <ScheduleTab studentId={student.id} />,
            },
            {
              key: 'voucher',
              label: t('pages.studentDashboard.tab.voucher'),
              children: <VoucherTab studentId={student.id} />,
            },
            {
              key: 'make-ups',
              label: t('lessons.credits.tab'),
              children: <MakeUpTab studentId={student.id} />,
            },
            {
              key: 'term',
              label: t('pages.studentDashboard.tab.term'),
              children: <TermRegisterTab studentId={student.id} />,
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}

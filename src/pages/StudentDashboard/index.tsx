import { useIntl, useParams } from '@umijs/max';
import { Button, Card, Result, Spin, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TStudent } from '@/contracts/students';
import NotFoundPage from '@/pages/Exception/404';
import { showRequestError } from '@/requestErrorConfig';
import { toRequestFailure } from '@/utils/requestError';
import DetailInformation from './components/DetailInformation';
import HouseholdTab from './components/HouseholdTab';
import ScheduleTab from './components/ScheduleTab';
import TermRegisterTab from './components/TermRegisterTab';
import VoucherTab from './components/VoucherTab';
import { fetchStudent } from './service';
import { studentIdFrom } from './studentId';

type Load = { state: 'loading' } | { state: 'loaded'; student: TStudent } | { state: 'missing' } | { state: 'failed' };

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
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetch = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetchStudent(id)
      .then((student) => live && setLoad({ state: 'loaded', student }))
      .catch((error: unknown) => {
        if (!live) return;
        const { status } = toRequestFailure(error);
        // Another centre's student is a 404 too (the server never says it exists).
        if (status === 404) return setLoad({ state: 'missing' });
        showRequestError(error); // 401 signs out; no reply shows the network notice
        setLoad({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(fetch, [fetch]);

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
  const { student } = load;
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

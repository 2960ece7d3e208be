import { useIntl } from '@umijs/max';
import { Button, Card, Col, Flex, Result, Row, Skeleton } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TDashboard } from '@/contracts/dashboard';
import FeedbackIssues from './components/FeedbackIssues';
import LowBalance from './components/LowBalance';
import TodayClasses from './components/TodayClasses';
import Totals from './components/Totals';
import UnpaidTerms from './components/UnpaidTerms';
import { dashboardSummary } from './service';

// The charts bring @ant-design/plots (G2): loaded after the cards, in their own chunk.
const Charts = lazy(() => import('./components/Charts'));

/**
 * /dashboard: today's classes, the centre's totals, students below the low-balance threshold, unpaid
 * term registrations, classes with missing or failed feedback, and three charts. Every card opens what it counts in one click.
 */
export default function DashboardPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [summary, setSummary] = useState<TDashboard>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    dashboardSummary()
      .then(setSummary)
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const calendarLink = `/schedule/schedule-calendar?view=day${summary ? `&date=${summary.today}` : ''}`;
  if (failed && !summary)
    return (
      <PageContainer title={t('pages.dashboard.title')}>
        <Result
          status="warning"
          title={t('dashboard.failed')}
          extra={<Button onClick={load}>{t('common.retry')}</Button>}
        />
      </PageContainer>
    );
  return (
    <PageContainer title={t('pages.dashboard.title')} subTitle={summary?.today}>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Totals summary={summary} calendarLink={calendarLink} />
        </Col>
        <Col xs={24} xl={15}>
          <Flex vertical gap={16} style={{ height: '100%' }}>
            <div style={{ flex: 1 }}>
              <TodayClasses summary={summary} calendarLink={calendarLink} />
            </div>
            <div>
              <FeedbackIssues />
            </div>
          </Flex>
        </Col>
        <Col xs={24} xl={9}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <LowBalance threshold={summary?.lowBalanceThreshold} onThreshold={load} />
            </Col>
            <Col span={24}>
              <UnpaidTerms />
            </Col>
          </Row>
        </Col>
        <Col span={24}>
          <Suspense
            fallback={
              <Card>
                <Skeleton active />
              </Card>
            }
          >
            <Charts />
          </Suspense>
        </Col>
      </Row>
    </PageContainer>
  );
}

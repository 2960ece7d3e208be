import { useIntl } from '@umijs/max';
import { Button, Col, Flex, Result, Row, Select } from 'antd';
import { useCallback, useEffect, useReducer, useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TDashboard } from '@/contracts/dashboard';
import { useLocations } from '@/utils/useLocations';
import Charts from './components/Charts';
import FeedbackIssues from './components/FeedbackIssues';
import LowBalance from './components/LowBalance';
import TodayClasses from './components/TodayClasses';
import Totals from './components/Totals';
import UnpaidTerms from './components/UnpaidTerms';
import { dashboardSummary } from './service';

/**
 * /dashboard: today's classes, the centre's totals, students below the low-balance threshold, unpaid
 * term registrations, classes with missing or failed feedback, and three charts. Every card opens what it counts in one click.
 */
export default function DashboardPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [summary, setSummary] = useState<TDashboard>();
  const [failed, setFailed] = useState(false);
  // One location's figures (issue 23): shown only when the centre has several locations.
  const { locations, sites, many } = useLocations();
  const [locationId, setLocationId] = useState<number>();
  // The cards whose first page is drawn (by name). The charts wait for all three: while a card is still
  // short, the charts seemed near a phone's screen and loaded G2 (a fifth of the page's script time and
  // 140 KB) with the page, although they end up far below it.
  const [loadedCards, cardLoaded] = useReducer(
    (loaded: ReadonlySet<string>, card: string) => (loaded.has(card) ? loaded : new Set(loaded).add(card)),
    new Set<string>(),
  );
  const feedbackLoaded = useCallback(() => cardLoaded('feedback'), []);
  const lowBalanceLoaded = useCallback(() => cardLoaded('lowBalance'), []);
  const unpaidLoaded = useCallback(() => cardLoaded('unpaid'), []);
  const load = useCallback(() => {
    setFailed(false);
    dashboardSummary(locationId)
      .then(setSummary)
      .catch(() => setFailed(true));
  }, [locationId]);
  useEffect(load, [load]);
  const mine = sites ? locations.filter((l) => sites.includes(l.id)) : locations;
  const locationFilter =
    many && mine.length > 1 ? (
      <Select<number>
        allowClear
        style={{ minWidth: 180 }}
        placeholder={t('sites.allLocations')}
        aria-label={t('sites.location')}
        value={locationId}
        onChange={setLocationId}
        options={mine.map((l) => ({ value: l.id, label: l.name }))}
        data-testid="dashboard-location"
      />
    ) : null;

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
  // The cards below today's classes come once the summary is in: drawn while it loads, they sat on a
  // phone's screen and moved down when today's classes filled in (Lighthouse's layout shift, issue 24).
  const settled = Boolean(summary);
  return (
    <PageContainer title={t('pages.dashboard.title')} subTitle={summary?.today} extra={locationFilter}>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Totals summary={summary} calendarLink={calendarLink} />
        </Col>
        <Col xs={24} xl={15}>
          <Flex vertical gap={16} style={{ height: '100%' }}>
            <div style={{ flex: 1 }}>
              <TodayClasses summary={summary} calendarLink={calendarLink} />
            </div>
            {settled && (
              <div>
                <FeedbackIssues locationId={locationId} onLoaded={feedbackLoaded} />
              </div>
            )}
          </Flex>
        </Col>
        {settled && (
          <Col xs={24} xl={9}>
            <Row gutter={[16, 16]}>
              <Col span={24}>
                <LowBalance
                  threshold={summary?.lowBalanceThreshold}
                  onThreshold={load}
                  locationId={locationId}
                  onLoaded={lowBalanceLoaded}
                />
              </Col>
              <Col span={24}>
                <UnpaidTerms locationId={locationId} onLoaded={unpaidLoaded} />
              </Col>
            </Row>
          </Col>
        )}
        {settled && (
          <Col span={24}>
            {/* @ant-design/plots (G2) and the charts' figures load when the charts come near the screen,
                looked for once the cards above are drawn at their height. */}
            <Charts locationId={locationId} watch={loadedCards.size === 3} />
          </Col>
        )}
      </Row>
    </PageContainer>
  );
}

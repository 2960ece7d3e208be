import { getLocale, useIntl } from '@umijs/max';
import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useInView } from 'react-intersection-observer';
import type { TDashboardCharts } from '@/contracts/dashboard';
import { useFormat } from '@/utils/useFormat';
import { dashboardCharts } from '../service';

const HEIGHT = 230;
const TOP_TEACHERS = 10;
/** How far below the screen the charts start loading, so that they are drawn by the time they show. */
const AHEAD = '200px';

// @ant-design/plots (G2) is in Plot's chunk only.
const Plot = lazy(() => import('./Plot'));

/** A chart's place: as high as the chart, so that nothing moves when the chart arrives. */
function Drawn({ ready, children }: { ready: boolean; children: ReactNode }) {
  const waiting = <Skeleton active title={false} paragraph={{ rows: 5 }} style={{ height: HEIGHT }} />;
  return (
    <div style={{ height: HEIGHT }} aria-busy={!ready}>
      {ready ? <Suspense fallback={waiting}>{children}</Suspense> : waiting}
    </div>
  );
}

/**
 * The three charts, at the foot of the dashboard (below the screen on a phone and on most laptops):
 * their figures and @ant-design/plots are loaded when the charts come near the screen
 * (react-intersection-observer), not with the page, whose first load stays without G2.
 */
export default function Charts({ locationId, watch = true }: { locationId?: number; watch?: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [charts, setCharts] = useState<TDashboardCharts>();
  // The page draws the charts once the summary is in, and `watch`es for them once the three cards above
  // have their first page (before, the cards are short and the charts would seem near a phone's screen
  // when they end up far below it).
  const { ref, inView } = useInView({ rootMargin: AHEAD, triggerOnce: true, skip: !watch });
  useEffect(() => {
    if (!inView) return;
    let current = true;
    dashboardCharts(locationId)
      .then((next) => current && setCharts(next))
      .catch(() => current && setCharts({ classesPerWeek: [], voucherSalesPerMonth: [], hoursPerTeacher: [] }));
    return () => {
      current = false;
    };
  }, [locationId, inView]);

  // Chart values are for drawing only: the amounts shown in text stay the server's 2-decimal strings.
  const weeks = (charts?.classesPerWeek ?? []).map((w) => ({ week: w.weekStart.slice(5), classes: w.classes }));
  const monthName = new Intl.DateTimeFormat(getLocale(), { month: 'short', timeZone: 'UTC' });
  const sales = (charts?.voucherSalesPerMonth ?? []).map((m) => ({
    month: monthName.format(new Date(`${m.month}-01T00:00:00Z`)),
    amount: Number(m.amount),
    label: format.money(m.amount),
  }));
  const teachers = charts?.hoursPerTeacher ?? [];
  const top = teachers.slice(0, TOP_TEACHERS).map((h) => ({ name: h.name, hours: Number(h.hours) }));
  const classesLabel = t('dashboard.chart.classes');
  const salesLabel = t('dashboard.chart.sales');
  const hoursLabel = t('dashboard.chart.hours');

  return (
    <Row gutter={[16, 16]} ref={ref}>
      <Col xs={24} lg={8}>
        <Card title={t('dashboard.chart.classesPerWeek')} size="small">
          <Drawn ready={Boolean(charts)}>
            <Plot
              kind="column"
              data={weeks}
              xField="week"
              yField="classes"
              height={HEIGHT}
              axis={{ x: { title: false, labelAutoRotate: false, labelAutoHide: true }, y: { title: false } }}
              tooltip={{ items: [{ channel: 'y', name: classesLabel }] }}
              style={{ fill: '#1677ff' }}
            />
          </Drawn>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('dashboard.chart.salesPerMonth')} size="small">
          <Drawn ready={Boolean(charts)}>
            <Plot
              kind="column"
              data={sales}
              xField="month"
              yField="amount"
              height={HEIGHT}
              axis={{ x: { title: false, labelAutoRotate: false }, y: { title: false } }}
              tooltip={{ items: [{ field: 'label', name: salesLabel }] }}
              style={{ fill: '#52c41a' }}
            />
          </Drawn>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card
          title={t('dashboard.chart.hoursPerTeacher')}
          size="small"
          extra={
            teachers.length > TOP_TEACHERS ? (
              <Typography.Text type="secondary">
                {t('dashboard.chart.topOf', { shown: TOP_TEACHERS, total: teachers.length })}
              </Typography.Text>
            ) : null
          }
        >
          <Drawn ready={Boolean(charts)}>
            {top.length ? (
              <Plot
                kind="bar"
                data={top}
                xField="name"
                yField="hours"
                height={HEIGHT}
                axis={{ x: { title: false }, y: { title: false } }}
                tooltip={{ items: [{ channel: 'y', name: hoursLabel }] }}
                style={{ fill: '#fa8c16' }}
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('dashboard.chart.noHours')}
                style={{ height: HEIGHT - 40, paddingTop: 40 }}
              />
            )}
          </Drawn>
        </Card>
      </Col>
    </Row>
  );
}

import { Bar, Column } from '@ant-design/plots';
import { getLocale, useIntl } from '@umijs/max';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TDashboardCharts } from '@/contracts/dashboard';
import { useFormat } from '@/utils/useFormat';
import { dashboardCharts } from '../service';

const HEIGHT = 230;
const TOP_TEACHERS = 10;

/**
 * The three charts. This module (and @ant-design/plots with G2) is imported lazily by the page, so
 * neither the entry script nor the dashboard's first paint carries them.
 */
export default function Charts() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [charts, setCharts] = useState<TDashboardCharts>();
  useEffect(() => {
    dashboardCharts()
      .then(setCharts)
      .catch(() => setCharts({ classesPerWeek: [], voucherSalesPerMonth: [], hoursPerTeacher: [] }));
  }, []);

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
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card title={t('dashboard.chart.classesPerWeek')} size="small" loading={!charts}>
          <Column
            data={weeks}
            xField="week"
            yField="classes"
            height={HEIGHT}
            axis={{ x: { title: false, labelAutoRotate: false, labelAutoHide: true }, y: { title: false } }}
            tooltip={{ items: [{ channel: 'y', name: classesLabel }] }}
            style={{ fill: '#1677ff' }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('dashboard.chart.salesPerMonth')} size="small" loading={!charts}>
          <Column
            data={sales}
            xField="month"
            yField="amount"
            height={HEIGHT}
            axis={{ x: { title: false, labelAutoRotate: false }, y: { title: false } }}
            tooltip={{ items: [{ field: 'label', name: salesLabel }] }}
            style={{ fill: '#52c41a' }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card
          title={t('dashboard.chart.hoursPerTeacher')}
          size="small"
          loading={!charts}
          extra={
            teachers.length > TOP_TEACHERS ? (
              <Typography.Text type="secondary">
                {t('dashboard.chart.topOf', { shown: TOP_TEACHERS, total: teachers.length })}
              </Typography.Text>
            ) : null
          }
        >
          {top.length ? (
            <Bar
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
        </Card>
      </Col>
    </Row>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { App, Button, Card, Flex, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense } from 'react';
import type { TLocationFigures } from '@/contracts/reports';
import { downloadFile } from '@/utils/download';
import { useFormat } from '@/utils/useFormat';
import { RangeField, useRangeReport } from './rangeReport';
import { LOCATION_REPORT_DOWNLOAD, locationReport } from './service';

// @ant-design/plots (G2) is loaded with the chart, not with the report page.
const LocationsChart = lazy(() => import('./LocationsChart'));

type Row = TLocationFigures & { key: string; name: string; total?: boolean };

/**
 * Reports by location (issue 23): per location over a range of the centre's days, the completed
 * lessons, their hours, the sales to students enrolled there and the teacher salary of its classes,
 * with a total row, a bar chart of sales and salary, and the .xlsx download.
 */
export default function LocationsTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const { message } = App.useApp();
  const { range, setRange, report, loading } = useRangeReport((from, to) => locationReport({ from, to }));

  const money = (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{format.money(value)}</span>;
  const columns: ColumnsType<Row> = [
    {
      title: t('locationReports.location'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, row) => (row.total ? <Typography.Text strong>{name}</Typography.Text> : name),
    },
    { title: t('locationReports.lessons'), dataIndex: 'lessons', width: 100, align: 'right' },
    { title: t('locationReports.hours'), dataIndex: 'hours', width: 100, align: 'right' },
    { title: t('locationReports.sales'), dataIndex: 'sales', width: 140, align: 'right', render: money },
    { title: t('locationReports.gift'), dataIndex: 'gift', width: 120, align: 'right', render: money },
    { title: t('locationReports.salary'), dataIndex: 'salary', width: 140, align: 'right', render: money },
  ];
  const none = t('locationReports.noLocation');
  const rows: Row[] = (report?.locations ?? []).map((r) => ({
    ...r,
    key: String(r.location?.id ?? 'none'),
    name: r.location?.name ?? none,
  }));
  if (report && rows.length)
    rows.push({ ...report.totals, key: 'total', name: t('locationReports.total'), total: true });
  const download = () =>
    downloadFile(LOCATION_REPORT_DOWNLOAD, { from: range[0], to: range[1] }, 'location-report.xlsx').catch(() =>
      message.error(t('lists.export.failed')),
    );

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="center">
        <RangeField label={t('locationReports.range')} value={range} onChange={setRange} />
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('common.export')}
        </Button>
        <Typography.Text type="secondary">{t('locationReports.hint')}</Typography.Text>
      </Flex>
      <Card size="small" title={t('locationReports.table')}>
        <Table<Row>
          rowKey="key"
          size="small"
          loading={loading}
          pagination={false}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 720 }}
          locale={{ emptyText: t('locationReports.none') }}
          data-testid="location-report-table"
        />
      </Card>
      <Card size="small" title={t('locationReports.chart')}>
        {/* The canvas says nothing to a screen reader: the image is named, and the table above holds its figures. */}
        <div role="img" aria-label={t('locationReports.chart.alt')} data-testid="location-report-chart">
          {report && report.locations.length > 0 ? (
            <Suspense fallback={<Spin />}>
              <LocationsChart
                report={report}
                names={{ sales: t('locationReports.sales'), salary: t('locationReports.salary'), none }}
              />
            </Suspense>
          ) : (
            <Typography.Text type="secondary">{t('locationReports.none')}</Typography.Text>
          )}
        </div>
      </Card>
    </Flex>
  );
}

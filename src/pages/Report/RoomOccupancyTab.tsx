import { useIntl } from '@umijs/max';
import { Card, Flex, InputNumber, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import type { TRoomOccupancy } from '@/contracts/reports';
import { useFormat } from '@/utils/useFormat';
import { LocationSelect } from './locationFilter';
import { RangeField, useRangeReport } from './rangeReport';
import { roomOccupancy } from './service';

const OccupancyChart = lazy(() => import('./OccupancyChart'));

type Row = TRoomOccupancy['rooms'][number] & { key: number };

/**
 * Room occupancy (issue 23): per room and ISO week, the booked hours (planned and completed classes)
 * against the open hours of a week, which the user sets here since rooms carry no opening times.
 */
export default function RoomOccupancyTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [openHours, setOpenHours] = useState(60);
  const [locationId, setLocationId] = useState<number>();
  const { range, setRange, report, loading } = useRangeReport(
    (from, to) => roomOccupancy({ from, to, openHoursPerWeek: openHours, locationId }),
    [openHours, locationId],
  );

  const percent = (p: number) =>
    intl.formatNumber(p / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const weekLabel = (w: { week: string; monday: string }) =>
    t('locationReports.weekOf', { date: format.date(w.monday) });
  const weeks = report?.weeks ?? [];
  const columns: ColumnsType<Row> = [
    {
      title: t('locationReports.room'),
      key: 'room',
      fixed: 'left',
      width: 180,
      ellipsis: true,
      render: (_, r) => `${r.location.name} · ${r.room.name}`,
    },
    ...weeks.map((w, i) => ({
      title: <span title={w.week}>{weekLabel(w)}</span>,
      key: w.week,
      width: 130,
      align: 'right' as const,
      render: (_: unknown, r: Row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {percent(r.weeks[i].percent)}{' '}
          <Typography.Text type="secondary">
            {t('locationReports.bookedHours', { hours: r.weeks[i].bookedHours })}
          </Typography.Text>
        </span>
      ),
    })),
  ];
  const rows: Row[] = (report?.rooms ?? []).map((r) => ({ ...r, key: r.room.id }));

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="center">
        <RangeField label={t('locationReports.range')} value={range} onChange={setRange} />
        <LocationSelect value={locationId} onChange={setLocationId} />
        <Flex gap={8} align="center">
          <label htmlFor="open-hours-per-week">{t('locationReports.openHours')}</label>
          <InputNumber
            id="open-hours-per-week"
            min={1}
            max={168}
            precision={0}
            value={openHours}
            onChange={(v) => v && setOpenHours(v)}
            style={{ width: 90 }}
          />
        </Flex>
      </Flex>
      <Typography.Text type="secondary">{t('locationReports.occupancyHint')}</Typography.Text>
      <Card size="small" title={t('locationReports.occupancyChart')}>
        <div role="img" aria-label={t('locationReports.occupancyChart.alt')} data-testid="room-occupancy-chart">
          {report && rows.length > 0 ? (
            <Suspense fallback={<Spin />}>
              <OccupancyChart report={report} weekLabel={(w) => `${w.week.slice(5)} · ${w.monday.slice(5)}`} />
            </Suspense>
          ) : (
            <Typography.Text type="secondary">{t('locationReports.noRooms')}</Typography.Text>
          )}
        </div>
      </Card>
      <Card size="small" title={t('locationReports.occupancyTable')}>
        <Table<Row>
          rowKey="key"
          size="small"
          loading={loading}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 180 + 130 * weeks.length }}
          locale={{ emptyText: t('locationReports.noRooms') }}
          data-testid="room-occupancy-table"
        />
      </Card>
    </Flex>
  );
}

import { useIntl } from '@umijs/max';
import { Card, DatePicker, Flex, InputNumber, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { TRoomOccupancy } from '@/contracts/reports';
import { useCentreZone } from '@/utils/useCentreZone';
import { useFormat } from '@/utils/useFormat';
import { LocationSelect } from './locationFilter';
import { thisMonthIn } from './month';
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
  const [range, setRange] = useState<[string, string]>(thisMonthIn(useCentreZone()));
  const [openHours, setOpenHours] = useState(60);
  const [locationId, setLocationId] = useState<number>();
  const [report, setReport] = useState<TRoomOccupancy>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let current = true;
    setLoading(true);
    roomOccupancy({ from: range[0], to: range[1], openHoursPerWeek: openHours, locationId })
      .then((reply) => current && setReport(reply))
      .catch(() => current && setReport(undefined))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [range, openHours, locationId]);

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
        <DatePicker.RangePicker
          allowClear={false}
          aria-label={t('locationReports.range')}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(days) => {
            if (days?.[0] && days[1]) setRange([days[0].format('YYYY-MM-DD'), days[1].format('YYYY-MM-DD')]);
          }}
        />
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

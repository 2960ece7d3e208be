import { useIntl } from '@umijs/max';
import { Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { TSeatFillCounts } from '@/contracts/seats';
import { seatFillReport } from '@/services/seats';
import { LocationSelect } from './locationFilter';
import { RangeField, useRangeReport } from './rangeReport';

type Row = TSeatFillCounts & { key: string; month: string };

/**
 * The fill rate of freed seats (issue 22): per month of freeing, the seats freed, offers sent, claimed
 * and expired unclaimed, the fill rate and the median time from freeing to claim, with a total row.
 */
export default function SeatFillTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [locationId, setLocationId] = useState<number>();
  const { range, setRange, report, loading } = useRangeReport(
    (from, to) => seatFillReport({ from, to, locationId }),
    [locationId],
  );

  const rate = (v: number | null) =>
    v === null ? '—' : intl.formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 1 });
  const duration = (m: number | null) =>
    m === null
      ? '—'
      : m >= 60
        ? t('seats.fill.hoursMinutes', { hours: Math.floor(m / 60), minutes: m % 60 })
        : t('seats.fill.minutes', { minutes: m });
  const columns: ColumnsType<Row> = [
    { title: t('seats.fill.month'), dataIndex: 'month', width: 110 },
    { title: t('seats.fill.freed'), dataIndex: 'freed', width: 110, align: 'right' },
    { title: t('seats.fill.offers'), dataIndex: 'offers', width: 110, align: 'right' },
    { title: t('seats.fill.claimed'), dataIndex: 'claimed', width: 100, align: 'right' },
    { title: t('seats.fill.expired'), dataIndex: 'expired', width: 130, align: 'right' },
    { title: t('seats.fill.rate'), dataIndex: 'fillRate', width: 100, align: 'right', render: rate },
    {
      title: t('seats.fill.median'),
      dataIndex: 'medianMinutesToClaim',
      width: 170,
      align: 'right',
      render: duration,
    },
  ];
  const months: Row[] = (report?.months ?? []).map((m) => ({ ...m, key: m.month }));
  const rows =
    report && months.length > 1
      ? [...months, { ...report.totals, key: 'total', month: t('seats.fill.total') }]
      : months;

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="center">
        <RangeField label={t('seats.fill.range')} value={range} onChange={setRange} />
        <LocationSelect value={locationId} onChange={setLocationId} />
        <Typography.Text type="secondary">{t('seats.fill.hint')}</Typography.Text>
      </Flex>
      <Table<Row>
        rowKey="key"
        size="small"
        loading={loading}
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 830 }}
        locale={{ emptyText: t('seats.fill.none') }}
        data-testid="seat-fill-months"
      />
    </Flex>
  );
}

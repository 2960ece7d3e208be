import { useIntl } from '@umijs/max';
import { DatePicker, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { TSeatFillCounts, TSeatFillReport } from '@/contracts/seats';
import { seatFillReport } from '@/services/seats';
import { useCentreZone } from '@/utils/useCentreZone';
import { LocationSelect } from './locationFilter';
import { thisMonthIn } from './month';

type Row = TSeatFillCounts & { key: string; month: string };

/**
 * The fill rate of freed seats (issue 22): per month of freeing, the seats freed, offers sent, claimed
 * and expired unclaimed, the fill rate and the median time from freeing to claim, with a total row.
 */
export default function SeatFillTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [range, setRange] = useState<[string, string]>(thisMonthIn(useCentreZone()));
  const [report, setReport] = useState<TSeatFillReport>();
  const [loading, setLoading] = useState(false);
  const [locationId, setLocationId] = useState<number>();

  useEffect(() => {
    let current = true;
    setLoading(true);
    seatFillReport({ from: range[0], to: range[1], locationId })
      .then((reply) => current && setReport(reply))
      .catch(() => current && setReport(undefined))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [range, locationId]);

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
        <DatePicker.RangePicker
          allowClear={false}
          aria-label={t('seats.fill.range')}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(days) => {
            if (days?.[0] && days[1]) setRange([days[0].format('YYYY-MM-DD'), days[1].format('YYYY-MM-DD')]);
          }}
        />
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

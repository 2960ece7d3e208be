import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Col, Row, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import RecordListPage from '@/components/RecordListPage';
import type { TLedgerEntry, TLedgerTotals } from '@/contracts/vouchers';
import type { Query } from '@/services/http';
import { studentLedger } from '@/services/vouchers';
import { useFormat } from '@/utils/useFormat';
import LedgerClassCell from './LedgerClassCell';

type Kind = TLedgerEntry['kind'];
/** Locale ids of the entry kinds, written out so the locale test sees each. */
const KIND_IDS: Record<Kind, string> = {
  PURCHASE: 'vouchers.ledger.kind.PURCHASE',
  GIFT: 'vouchers.ledger.kind.GIFT',
  CLASS_CHARGE: 'vouchers.ledger.kind.CLASS_CHARGE',
  CHARGE_REVERSAL: 'vouchers.ledger.kind.CHARGE_REVERSAL',
  REFUND: 'vouchers.ledger.kind.REFUND',
  ADJUSTMENT: 'vouchers.ledger.kind.ADJUSTMENT',
};
const KIND_COLOURS: Record<Kind, string> = {
  PURCHASE: 'green',
  GIFT: 'cyan',
  CLASS_CHARGE: 'orange',
  CHARGE_REVERSAL: 'purple',
  REFUND: 'red',
  ADJUSTMENT: 'blue',
};
const nowrap = { whiteSpace: 'nowrap' } as const;
/** The student's voucher ledger in a from/to range (newest first) and the totals derived from it. */
export default function VoucherTab({ studentId }: { studentId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [totals, setTotals] = useState<TLedgerTotals>();

  const request = async (query: Query) => {
    const { studentId: _id, ...rest } = query;
    const reply = await studentLedger(studentId, rest);
    setTotals(reply.totals);
    return reply;
  };
  const columns: ProColumns<TLedgerEntry>[] = [
    {
      title: t('vouchers.ledger.date'),
      dataIndex: 'entryDate',
      width: 110,
      render: (_, e) => <span style={nowrap}>{format.date(e.entryDate)}</span>,
    },
    {
      title: t('vouchers.ledger.kind'),
      dataIndex: 'kind',
      width: 130,
      render: (_, e) => <Tag color={KIND_COLOURS[e.kind]}>{t(KIND_IDS[e.kind])}</Tag>,
    },
    {
      title: t('vouchers.ledger.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 115,
      render: (_, e) => <span style={nowrap}>{format.money(e.amount)}</span>,
    },
    {
      title: t('vouchers.ledger.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      width: 120,
      render: (_, e) => <span style={nowrap}>{format.money(e.balanceAfter)}</span>,
    },
    {
      title: t('vouchers.ledger.class'),
      dataIndex: 'class',
      width: 250,
      render: (_, e) => <LedgerClassCell entry={e} />,
    },
    {
      title: t('vouchers.ledger.enteredBy'),
      dataIndex: 'createdBy',
      width: 120,
      ellipsis: true,
      render: (_, e) => e.createdBy?.name ?? t('vouchers.createdBy.family'),
    },
  ];
  const filters: ProColumns<TLedgerEntry>[] = [
    {
      title: t('vouchers.column.dates'),
      dataIndex: 'dates',
      valueType: 'dateRange',
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
  ];
  const stat = (id: string, value: string | undefined) => (
    <Col xs={12} md={6}>
      <Statistic title={t(id)} value={value === undefined ? '' : format.money(value)} />
    </Col>
  );

  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }} className="voucher-ledger-totals">
        {stat('vouchers.totals.balance', totals?.balance)}
        {stat('vouchers.totals.purchased', totals?.totalPurchased)}
        {stat('vouchers.totals.gift', totals?.totalGift)}
        {stat('vouchers.totals.paidFromVoucher', totals?.totalPaidFromVoucher)}
      </Row>
      {totals?.classesLeft !== null && totals?.classesLeft !== undefined && totals.usualClassCharge && (
        <Typography.Paragraph className="voucher-classes-left" type="secondary">
          {intl.formatMessage(
            { id: 'money.classesLeft' },
            { count: totals.classesLeft, amount: format.money(totals.usualClassCharge) },
          )}
        </Typography.Paragraph>
      )}
      <RecordListPage<TLedgerEntry>
        listKey="student-ledger"
        columns={columns}
        filters={filters}
        request={request}
        params={{ studentId }}
        emptyText={t('vouchers.ledger.empty')}
      />
    </>
  );
}

import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import { Typography } from 'antd';
import type { MutableRefObject } from 'react';
import RecordListPage from '@/components/RecordListPage';
import { formatInvoiceNumber } from '@/contracts/billing';
import { useFormat } from '@/utils/useFormat';
import { OUTCOME_IDS, OUTCOMES, OutcomeTag } from './labels';
import { type CycleCentreRow, cycleCentres } from './service';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Where an invoice of the platform opens: the Invoices tab with its details. */
export const invoiceLink = (id: number) => `/billingCycleControl?tab=invoices&invoice=${id}`;

/** A cycle's centres with their outcome (created, charged, failed, skipped), the reason and the invoice. */
export default function CycleCentres({
  cycleId,
  actionRef,
}: {
  cycleId: number;
  actionRef?: MutableRefObject<ActionType | undefined>;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const columns: ProColumns<CycleCentreRow>[] = [
    { title: t('billingCycles.column.centre'), dataIndex: 'organisationName', width: 200, ellipsis: true },
    {
      title: t('billingCycles.column.outcome'),
      dataIndex: 'outcome',
      sorter: true,
      width: 120,
      render: (_, row) => <OutcomeTag outcome={row.outcome} t={t} />,
    },
    {
      title: t('billingCycles.column.reason'),
      dataIndex: 'reason',
      width: 240,
      ellipsis: true,
      render: (_, row) =>
        row.reason ? (
          <Typography.Text type={row.outcome === 'FAILED' ? 'danger' : 'secondary'} className="cycle-centre-reason">
            {row.reason}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('billingCycles.column.invoice'),
      dataIndex: 'invoiceNumber',
      width: 120,
      render: (_, row) =>
        row.invoiceId && row.invoiceNumber ? (
          <Link to={invoiceLink(row.invoiceId)} style={nowrap}>
            {formatInvoiceNumber(row.invoiceNumber)}
          </Link>
        ) : (
          '-'
        ),
    },
    {
      title: t('billingCycles.column.total'),
      dataIndex: 'total',
      align: 'right',
      width: 120,
      render: (_, row) => <span style={nowrap}>{row.total ? format.money(row.total) : '-'}</span>,
    },
    {
      title: t('billingCycles.column.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      width: 140,
      render: (_, row) => <span style={nowrap}>{format.dateTime(row.updatedAt)}</span>,
    },
  ];
  const filters: ProColumns<CycleCentreRow>[] = [
    {
      title: t('billingCycles.column.outcome'),
      dataIndex: 'outcome',
      valueType: 'select',
      valueEnum: Object.fromEntries(OUTCOMES.map((outcome) => [outcome, { text: t(OUTCOME_IDS[outcome]) }])),
    },
  ];
  return (
    <RecordListPage<CycleCentreRow>
      listKey="billing-cycle-centres"
      headerTitle={t('billingCycles.centres.title')}
      actionRef={actionRef}
      columns={columns}
      filters={filters}
      params={{ cycleId }}
      request={({ cycleId: _id, ...query }) => cycleCentres(cycleId, query)}
      emptyText={t('billingCycles.centres.empty')}
    />
  );
}

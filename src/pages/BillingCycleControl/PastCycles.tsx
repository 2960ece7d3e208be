import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Drawer, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import RecordListPage from '@/components/RecordListPage';
import type { TBillingCycle } from '@/contracts/billing';
import type { Query } from '@/services/http';
import { useFormat } from '@/utils/useFormat';
import CycleCentres from './CycleCentres';
import InvoicedPeriods from './InvoicedPeriods';
import { CycleStatusTag, OUTCOME_IDS } from './labels';
import { listCycles } from './service';

// @ant-design/plots (G2) in a chunk of its own, loaded after the list.
const CycleChart = lazy(() => import('./CycleChart'));
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Every billing cycle, newest first, with its centres by outcome; a cycle opens its centres. */
export default function PastCycles() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [rows, setRows] = useState<TBillingCycle[]>([]);
  const [open, setOpen] = useState<TBillingCycle>();

  const request = async (query: Query) => {
    const reply = await listCycles(query);
    setRows(reply.data);
    return reply;
  };
  const count = (outcome: 'CREATED' | 'CHARGED' | 'FAILED' | 'SKIPPED'): ProColumns<TBillingCycle> => ({
    title: t(OUTCOME_IDS[outcome]),
    key: outcome,
    align: 'right',
    width: 80,
    render: (_, cycle) => cycle.counts[outcome],
  });
  const columns: ProColumns<TBillingCycle>[] = [
    {
      title: t('billingCycles.field.startDate'),
      dataIndex: 'startDate',
      sorter: true,
      width: 110,
      render: (_, c) => <span style={nowrap}>{format.date(c.startDate)}</span>,
    },
    {
      title: t('billingCycles.field.endDate'),
      dataIndex: 'endDate',
      width: 100,
      render: (_, c) => <span style={nowrap}>{format.date(c.endDate)}</span>,
    },
    {
      title: t('billingCycles.field.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, c) => <CycleStatusTag status={c.status} t={t} />,
    },
    {
      title: t('billingCycles.column.centres'),
      key: 'total',
      align: 'right',
      width: 80,
      render: (_, c) => c.counts.total,
    },
    count('CREATED'),
    count('CHARGED'),
    count('FAILED'),
    count('SKIPPED'),
    {
      title: t('billingCycles.field.repeats'),
      dataIndex: 'repeat',
      width: 90,
      render: (_, c) => t(c.repeat ? 'common.yes' : 'common.no'),
    },
    { title: t('billingCycles.field.startedBy'), dataIndex: 'startedByName', width: 130, ellipsis: true },
    {
      title: t('billingCycles.field.finishedAt'),
      dataIndex: 'finishedAt',
      width: 140,
      render: (_, c) => <span style={nowrap}>{format.dateTime(c.finishedAt) || '-'}</span>,
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {rows.some((c) => c.status === 'COMPLETED' || c.status === 'RUNNING') && (
        <Suspense fallback={null}>
          <CycleChart cycles={rows} />
        </Suspense>
      )}
      <RecordListPage<TBillingCycle>
        listKey="billing-cycles"
        headerTitle={t('billingCycles.past.title')}
        columns={columns}
        hiddenColumns={['repeat', 'startedByName']}
        request={request}
        rowActions={(cycle) => [
          { key: 'centres', label: t('billingCycles.past.centres'), onClick: () => setOpen(cycle) },
        ]}
        emptyText={t('billingCycles.past.empty')}
      />
      <InvoicedPeriods />
      <Drawer
        open={!!open}
        width={Math.min(1100, window.innerWidth)}
        onClose={() => setOpen(undefined)}
        destroyOnHidden
        title={
          open && (
            <Space wrap>
              <Typography.Text strong>
                {t('billingCycles.cycle.title', { start: format.date(open.startDate), end: format.date(open.endDate) })}
              </Typography.Text>
              <CycleStatusTag status={open.status} t={t} />
            </Space>
          )
        }
      >
        {open && <CycleCentres cycleId={open.id} />}
      </Drawer>
    </Space>
  );
}

import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import RecordListPage from '@/components/RecordListPage';
import { useFormat } from '@/utils/useFormat';
import { type InvoicedPeriodRow, invoicedPeriods } from './service';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Periods billed by hand (invoices without a cycle), so past billing never looks empty when it is not. */
export default function InvoicedPeriods() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const count = (key: 'invoices' | 'paid' | 'unpaid' | 'void'): ProColumns<InvoicedPeriodRow> => ({
    title: t(`money.periods.${key}`),
    dataIndex: key,
    align: 'right',
    width: 90,
  });
  const columns: ProColumns<InvoicedPeriodRow>[] = [
    {
      title: t('money.periods.period'),
      key: 'period',
      width: 220,
      render: (_, p) => (
        <span style={nowrap}>
          {t('money.periods.range', { start: format.date(p.periodStart), end: format.date(p.periodEnd) })}
        </span>
      ),
    },
    count('invoices'),
    count('paid'),
    count('unpaid'),
    count('void'),
    {
      title: t('money.periods.total'),
      dataIndex: 'total',
      align: 'right',
      width: 130,
      render: (_, p) => <span style={nowrap}>{format.money(p.total)}</span>,
    },
  ];
  return (
    <RecordListPage<InvoicedPeriodRow>
      listKey="billing-invoiced-periods"
      headerTitle={t('money.periods.title')}
      columns={columns}
      request={invoicedPeriods}
      emptyText={t('money.periods.empty')}
    />
  );
}

import { type ActionType, type ProColumns, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Typography } from 'antd';
import { useRef, useState } from 'react';
import BillingModal from '@/components/BillingModal';
import RecordListPage from '@/components/RecordListPage';
import type { TBillingCentre, TCard } from '@/contracts/billing';
import { listCentres, setTaxRate } from '@/services/billingCentres';
import { useFormat } from '@/utils/useFormat';
import { percentToRate, taxPercent } from './taxRate';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** "Visa •••• 4242 · 12/34" */
export function cardText(card: TCard): string {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4} · ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;
}

/** Every centre: its card, credit balance, tax rate (editable) and unpaid invoices, with links to its pages. */
export default function CentresTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<TBillingCentre>();

  const columns: ProColumns<TBillingCentre>[] = [
    { title: t('billingCycles.column.centre'), dataIndex: 'name', sorter: true, width: 180, ellipsis: true },
    {
      title: t('billingCycles.column.card'),
      dataIndex: 'card',
      width: 200,
      render: (_, c) =>
        c.card ? (
          <span style={nowrap}>{cardText(c.card)}</span>
        ) : (
          <Typography.Text type="secondary">{t('billingCycles.centre.noCard')}</Typography.Text>
        ),
    },
    {
      title: t('billingCycles.column.creditBalance'),
      dataIndex: 'creditBalance',
      sorter: true,
      align: 'right',
      width: 135,
      render: (_, c) => <span style={nowrap}>{format.money(c.creditBalance)}</span>,
    },
    {
      title: t('billingCycles.column.taxRate'),
      dataIndex: 'taxRate',
      align: 'right',
      width: 80,
      render: (_, c) => <span className="centre-tax-rate">{taxPercent(c.taxRate)}</span>,
    },
    {
      title: t('billingCycles.column.unpaid'),
      dataIndex: 'unpaidInvoices',
      align: 'right',
      width: 80,
    },
    {
      title: t('billingCycles.column.overdue'),
      dataIndex: 'overdueInvoices',
      align: 'right',
      width: 80,
      render: (_, c) =>
        c.overdueInvoices > 0 ? <Typography.Text type="danger">{c.overdueInvoices}</Typography.Text> : 0,
    },
  ];

  return (
    <RecordListPage<TBillingCentre>
      listKey="billing-centres"
      actionRef={actionRef}
      columns={columns}
      request={listCentres}
      searchPlaceholder={t('billingCycles.centres.search')}
      rowActions={(centre) => [
        { key: 'taxRate', label: t('billingCycles.centre.editTaxRate'), onClick: () => setEditing(centre) },
        { key: 'payment', label: t('billingCycles.centre.payment'), to: `/manage-payment?organisationId=${centre.id}` },
        {
          key: 'credit',
          label: t('billingCycles.centre.credit'),
          to: `/credit-balance-history?organisationId=${centre.id}`,
        },
      ]}
      emptyText={t('billingCycles.centres.empty')}
    >
      <BillingModal<{ taxRate: string }>
        open={!!editing}
        className="tax-rate-form"
        title={t('billingCycles.taxRate.title', { centre: editing?.name ?? '' })}
        submitText={t('common.save')}
        failedId="billingCycles.taxRate.failed"
        doneId="billingCycles.taxRate.done"
        fields={['taxRate']}
        initialValues={{ taxRate: editing ? taxPercent(editing.taxRate).slice(0, -1) : '' }}
        // The field is named as the server names it (its errors land under it) but holds the percentage.
        save={({ taxRate }) => setTaxRate(editing?.id ?? 0, percentToRate(taxRate) ?? taxRate)}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          actionRef.current?.reload();
        }}
      >
        <ProFormText
          name="taxRate"
          label={t('billingCycles.field.taxRate')}
          extra={t('billingCycles.field.taxRate.help')}
          fieldProps={{ addonAfter: '%', inputMode: 'decimal' }}
          rules={[
            { required: true, message: t('forms.rule.required', { label: t('billingCycles.field.taxRate') }) },
            {
              validator: async (_rule, value?: string) => {
                if (value && percentToRate(value) === undefined) throw new Error(t('billingCycles.rule.taxRate'));
              },
            },
          ]}
        />
      </BillingModal>
    </RecordListPage>
  );
}

import { ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import BillingModal from '@/components/BillingModal';
import { formatInvoiceNumber, type TInvoice } from '@/contracts/billing';
import { markInvoicePaid, voidInvoice } from './service';

export type InvoiceAction = { kind: 'markPaid' | 'void'; invoice: TInvoice };
const MAX = 500;

/** Mark paid (with how it was paid) and Void (with why) for one invoice: the dialog of `action`. */
export default function InvoiceActionForms({
  action,
  onClose,
  onSaved,
}: {
  action?: InvoiceAction;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const number = action ? formatInvoiceNumber(action.invoice.number) : '';
  const text = (name: 'note' | 'reason', label: string, help: string) => (
    <ProFormTextArea
      name={name}
      label={label}
      extra={help}
      fieldProps={{ rows: 3, maxLength: MAX, showCount: true }}
      rules={[
        { required: true, whitespace: true, message: t('forms.rule.required', { label }) },
        { max: MAX, message: t('forms.rule.max', { max: MAX }) },
      ]}
    />
  );
  return (
    <>
      <BillingModal<{ note: string }>
        open={action?.kind === 'markPaid'}
        className="mark-paid-form"
        title={t('billingCycles.invoice.markPaid.title', { number })}
        submitText={t('billingCycles.invoice.markPaid')}
        failedId="billingCycles.invoice.markPaid.failed"
        doneId="billingCycles.invoice.markPaid.done"
        fields={['note']}
        save={({ note }) => markInvoicePaid(action?.invoice.id ?? 0, note.trim())}
        onClose={onClose}
        onSaved={onSaved}
      >
        {text('note', t('billingCycles.field.paidNote'), t('billingCycles.field.paidNote.help'))}
      </BillingModal>
      <BillingModal<{ reason: string }>
        open={action?.kind === 'void'}
        className="void-invoice-form"
        danger
        title={t('billingCycles.invoice.void.title', { number })}
        submitText={t('billingCycles.invoice.void')}
        failedId="billingCycles.invoice.void.failed"
        doneId="billingCycles.invoice.void.done"
        fields={['reason']}
        save={({ reason }) => voidInvoice(action?.invoice.id ?? 0, reason.trim())}
        onClose={onClose}
        onSaved={onSaved}
      >
        {text('reason', t('billingCycles.field.voidReason'), t('billingCycles.field.voidReason.help'))}
      </BillingModal>
    </>
  );
}

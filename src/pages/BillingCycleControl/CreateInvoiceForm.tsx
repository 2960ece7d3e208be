import { ProFormDatePicker, ProFormDigit, ProFormSelect } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import dayjs, { type Dayjs } from 'dayjs';
import BillingModal from '@/components/BillingModal';
import { QUANTITY_MAX } from '@/contracts/billing';
import { centreOptions } from '@/services/billingCentres';
import { createInvoice } from './service';

interface Values {
  organisationId: number;
  periodStart: Dayjs;
  periodEnd: Dayjs;
  invoiceDate?: Dayjs;
  dueDate?: Dayjs;
  quantity?: number | null;
}
const FIELDS = ['organisationId', 'periodStart', 'periodEnd', 'invoiceDate', 'dueDate', 'quantity'];
const day = (value?: Dayjs) => (value ? dayjs(value).format('YYYY-MM-DD') : undefined);

/**
 * An invoice for one centre and period by hand. The students are counted unless the platform
 * overrides the quantity; the invoice date is today and the due date from the price list unless given.
 */
export default function CreateInvoiceForm(props: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const required = (label: string) => ({ required: true, message: t('forms.rule.required', { label }) });
  const lastMonth = dayjs().subtract(1, 'month');

  return (
    <BillingModal<Values>
      {...props}
      className="create-invoice-form"
      width={560}
      title={t('billingCycles.invoice.create')}
      submitText={t('billingCycles.invoice.createSubmit')}
      failedId="billingCycles.server.invoiceCreateFailed"
      doneId="billingCycles.invoice.created"
      fields={FIELDS}
      initialValues={{ periodStart: lastMonth.startOf('month'), periodEnd: lastMonth.endOf('month') }}
      save={(values) =>
        createInvoice({
          organisationId: values.organisationId,
          periodStart: day(values.periodStart) ?? '',
          periodEnd: day(values.periodEnd) ?? '',
          ...(values.invoiceDate ? { invoiceDate: day(values.invoiceDate) } : {}),
          ...(values.dueDate ? { dueDate: day(values.dueDate) } : {}),
          ...(values.quantity !== undefined && values.quantity !== null ? { quantity: values.quantity } : {}),
        })
      }
    >
      <ProFormSelect
        name="organisationId"
        label={t('billingCycles.field.centre')}
        showSearch
        debounceTime={300}
        request={async ({ keyWords }: { keyWords?: string }) => centreOptions(keyWords ?? '')}
        fieldProps={{ filterOption: false }}
        rules={[{ required: true, message: t('forms.rule.choose', { label: t('billingCycles.field.centre') }) }]}
      />
      <ProFormDatePicker
        name="periodStart"
        label={t('billingCycles.field.periodStart')}
        width="100%"
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[required(t('billingCycles.field.periodStart'))]}
      />
      <ProFormDatePicker
        name="periodEnd"
        label={t('billingCycles.field.periodEnd')}
        width="100%"
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[required(t('billingCycles.field.periodEnd'))]}
      />
      <ProFormDatePicker
        name="invoiceDate"
        label={t('billingCycles.field.invoiceDate')}
        tooltip={t('billingCycles.field.invoiceDate.help')}
        width="100%"
        fieldProps={{ format: 'YYYY-MM-DD' }}
      />
      <ProFormDatePicker
        name="dueDate"
        label={t('billingCycles.field.dueDate')}
        tooltip={t('billingCycles.field.dueDate.help')}
        width="100%"
        fieldProps={{ format: 'YYYY-MM-DD' }}
      />
      <ProFormDigit
        name="quantity"
        label={t('billingCycles.field.quantity')}
        tooltip={t('billingCycles.field.quantity.help')}
        min={0}
        max={QUANTITY_MAX}
        fieldProps={{ precision: 0, style: { width: '100%' } }}
      />
    </BillingModal>
  );
}

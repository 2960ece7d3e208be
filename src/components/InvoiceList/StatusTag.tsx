import { useIntl } from '@umijs/max';
import { Tag, Typography } from 'antd';
import type { TInvoice } from '@/contracts/billing';

/** Paid / Unpaid / Overdue / Void, with the last charge error under it while unpaid. */
export default function InvoiceStatus({ invoice }: { invoice: TInvoice }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const overdue = invoice.status === 'UNPAID' && invoice.overdue;
  const [colour, id] =
    invoice.status === 'PAID'
      ? ['green', 'billing.status.PAID']
      : invoice.status === 'VOID'
        ? ['default', 'billing.status.VOID']
        : overdue
          ? ['red', 'billing.status.OVERDUE']
          : ['orange', 'billing.status.UNPAID'];
  return (
    <div className="invoice-status">
      <Tag color={colour}>{t(id)}</Tag>
      {invoice.status === 'UNPAID' && invoice.chargePending && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {t('billing.invoice.chargePending')}
        </Typography.Text>
      )}
      {invoice.status === 'UNPAID' && invoice.lastChargeError && (
        <Typography.Text type="danger" className="invoice-charge-error" style={{ fontSize: 12, display: 'block' }}>
          {invoice.lastChargeError}
        </Typography.Text>
      )}
    </div>
  );
}

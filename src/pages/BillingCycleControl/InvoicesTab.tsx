import type { ActionType } from '@ant-design/pro-components';
import { useIntl, useSearchParams } from '@umijs/max';
import { message } from 'antd';
import { useRef, useState } from 'react';
import { runBillingWrite } from '@/components/BillingModal/messages';
import InvoiceList, { withoutInvoice } from '@/components/InvoiceList';
import type { RowAction } from '@/components/RecordListPage';
import type { TInvoice } from '@/contracts/billing';
import CreateInvoiceForm from './CreateInvoiceForm';
import InvoiceActionForms, { type InvoiceAction } from './InvoiceActionForms';
import { chargeInvoice } from './service';

/**
 * Every centre's invoices (the shared invoice list with the centre column) and the platform's
 * actions: charge on the saved card, mark paid by hand, void, and create one by hand.
 * ?invoice=<id> opens that invoice's details. One action per row stays in view (Charge while
 * unpaid, else Details); the others are under More, so the columns fit at 1366 px.
 */
export default function InvoicesTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actionRef = useRef<ActionType>();
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<InvoiceAction>();
  const reload = () => actionRef.current?.reload();

  const charge = async (invoice: TInvoice) => {
    const charged = await runBillingWrite(() => chargeInvoice(invoice.id), 'billingCycles.server.invoiceChargeFailed');
    if (charged) message.success(t('billingCycles.invoice.charged'));
    // A decline is recorded on the invoice too (its last charge error): reload either way.
    reload();
  };
  const actions = (invoice: TInvoice): RowAction[] =>
    invoice.status !== 'UNPAID'
      ? []
      : [
          {
            key: 'charge',
            label: t('billingCycles.invoice.charge'),
            confirm: t('billingCycles.invoice.charge.confirm'),
            onClick: () => charge(invoice),
          },
          {
            key: 'markPaid',
            label: t('billingCycles.invoice.markPaid'),
            onClick: () => setAction({ kind: 'markPaid', invoice }),
          },
          {
            key: 'void',
            label: t('billingCycles.invoice.void'),
            danger: true,
            onClick: () => setAction({ kind: 'void', invoice }),
          },
        ];

  return (
    <>
      <InvoiceList
        showCentre
        actionRef={actionRef}
        rowActions={actions}
        compactActions
        create={{ label: t('billingCycles.invoice.create'), onClick: () => setCreating(true) }}
        openInvoiceId={Number(search.get('invoice')) || undefined}
        onInvoiceClosed={() => setSearch(withoutInvoice(search), { replace: true })}
      />
      <CreateInvoiceForm
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          reload();
        }}
      />
      <InvoiceActionForms
        action={action}
        onClose={() => setAction(undefined)}
        onSaved={() => {
          setAction(undefined);
          reload();
        }}
      />
    </>
  );
}

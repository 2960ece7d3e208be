import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { getLocale, useIntl } from '@umijs/max';
import { Button, message } from 'antd';
import { type MutableRefObject, type ReactNode, useEffect, useMemo, useState } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { formatInvoiceNumber, type TInvoice } from '@/contracts/billing';
import type { Query } from '@/services/http';
import { makeFormatter } from '@/utils/format';
import InvoiceDrawer from './InvoiceDrawer';
import InvoiceStatus from './StatusTag';
import { downloadInvoicePdf, listInvoices } from './service';

export { default as InvoiceDrawer } from './InvoiceDrawer';
export { default as InvoiceStatus } from './StatusTag';
export { downloadInvoicePdf, getInvoice, listInvoices } from './service';

export interface InvoiceListProps {
  /** One centre's invoices (the platform choosing a centre); an admin's own centre when absent. */
  organisationId?: number;
  /** The centre's column (the platform's list of every centre). */
  showCentre?: boolean;
  /** The page's own actions for a row (Pay now, Charge, Mark paid…), before Download PDF and Details. */
  rowActions?: (invoice: TInvoice) => RowAction[];
  /** A New button in the toolbar. */
  create?: { label: string; onClick: () => void };
  /** Opens this invoice's details on arrival (?invoice=<id>). */
  openInvoiceId?: number;
  actionRef?: MutableRefObject<ActionType | undefined>;
  headerTitle?: ReactNode;
  banner?: ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * Invoices in the shared list page: number, period, dates, students, total, status (and the last
 * charge error), with Download PDF and Details (a drawer with the lines and the students counted).
 */
export default function InvoiceList(props: InvoiceListProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [openId, setOpenId] = useState<number | undefined>(props.openInvoiceId);
  useEffect(() => setOpenId(props.openInvoiceId), [props.openInvoiceId]);
  const locale = getLocale();
  const formatters = useMemo(() => new Map<string, ReturnType<typeof makeFormatter>>(), []);
  const format = (currency: string) => {
    const key = `${currency}-${locale}`;
    let found = formatters.get(key);
    if (!found) {
      found = makeFormatter({ currency, locale });
      formatters.set(key, found);
    }
    return found;
  };

  const download = (invoice: TInvoice) =>
    downloadInvoicePdf(invoice).catch(() => message.error(t('billing.invoice.pdfFailed')));

  const columns: ProColumns<TInvoice>[] = [
    {
      title: t('billing.column.number'),
      dataIndex: 'number',
      sorter: true,
      width: 100,
      render: (_, i) => (
        <Button
          type="link"
          size="small"
          className="invoice-number"
          style={{ padding: 0 }}
          onClick={() => setOpenId(i.id)}
        >
          {formatInvoiceNumber(i.number)}
        </Button>
      ),
    },
    ...(props.showCentre
      ? [{ title: t('billing.column.centre'), dataIndex: 'organisationName', width: 170, ellipsis: true }]
      : []),
    {
      title: t('billing.column.period'),
      key: 'period',
      width: 104,
      // Two lines (start –, end): the dates never break inside.
      render: (_, i) => (
        <span>
          <span style={nowrap}>{i.periodStart} –</span> <span style={nowrap}>{i.periodEnd}</span>
        </span>
      ),
    },
    {
      title: t('billing.column.invoiceDate'),
      dataIndex: 'invoiceDate',
      width: 98,
      render: (_, i) => <span style={nowrap}>{i.invoiceDate}</span>,
    },
    {
      title: t('billing.column.dueDate'),
      dataIndex: 'dueDate',
      sorter: true,
      width: 108,
      render: (_, i) => <span style={nowrap}>{i.dueDate}</span>,
    },
    { title: t('billing.column.students'), dataIndex: 'quantity', align: 'right', width: 78 },
    {
      title: t('billing.column.total'),
      dataIndex: 'total',
      align: 'right',
      width: 92,
      render: (_, i) => <span style={nowrap}>{format(i.currency).money(i.total)}</span>,
    },
    {
      title: t('billing.column.status'),
      dataIndex: 'status',
      width: 118,
      render: (_, i) => <InvoiceStatus invoice={i} />,
    },
  ];

  const request = (query: Query) =>
    listInvoices(props.organisationId ? { ...query, organisationId: props.organisationId } : query);

  return (
    <>
      <RecordListPage<TInvoice>
        listKey={props.showCentre ? 'billing-invoices-all' : 'billing-invoices'}
        actionRef={props.actionRef}
        columns={columns}
        params={props.organisationId ? { organisationId: props.organisationId } : undefined}
        request={request}
        create={props.create}
        headerTitle={props.headerTitle}
        banner={props.banner}
        emptyText={t('billing.invoice.none')}
        rowActions={(invoice) => [
          ...(props.rowActions?.(invoice) ?? []),
          { key: 'pdf', label: t('billing.invoice.pdf'), onClick: () => download(invoice) },
          { key: 'details', label: t('billing.invoice.details'), onClick: () => setOpenId(invoice.id) },
        ]}
      />
      <InvoiceDrawer invoiceId={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}

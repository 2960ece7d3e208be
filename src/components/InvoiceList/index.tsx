import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { getLocale, useIntl } from '@umijs/max';
import { Button, message, Space } from 'antd';
import { type MutableRefObject, type ReactNode, useEffect, useMemo, useState } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import RowActions, { actionsColumnWidth } from '@/components/RecordListPage/RowActions';
import { formatInvoiceNumber, type TInvoice } from '@/contracts/billing';
import type { Query } from '@/services/http';
import { makeFormatter } from '@/utils/format';
import InvoiceDrawer from './InvoiceDrawer';
import MoreActions, { MORE_ICON_WIDTH } from './MoreActions';
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
  /**
   * One action per row in view (the page's first, e.g. Charge, else Details) and the others under a
   * More menu: the platform's rows have five, which at 1366 px would cover the dates and the total.
   */
  compactActions?: boolean;
  /** Opens this invoice's details on arrival (?invoice=<id>). */
  openInvoiceId?: number;
  /** The details drawer was closed (the page drops ?invoice= from its address). */
  onInvoiceClosed?: () => void;
  actionRef?: MutableRefObject<ActionType | undefined>;
  headerTitle?: ReactNode;
  banner?: ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;
const CELL_PADDING_SLACK = 16;

/** The address without ?invoice= (its details closed), so that following the same link opens them again. */
export function withoutInvoice(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('invoice');
  return next;
}

/**
 * Invoices in the shared list page: number, period, dates, students, total, status (and the last
 * charge error), with Download PDF and Details (a drawer with the lines and the students counted).
 * The actions column is the list's own (not RecordListPage's) so that rarer actions can sit under More.
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
      width: 92,
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
      ? [{ title: t('billing.column.centre'), dataIndex: 'organisationName', width: 130, ellipsis: true }]
      : []),
    {
      title: t('billing.column.period'),
      key: 'period',
      width: 100,
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
      width: 100,
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
      width: 112,
      render: (_, i) => <InvoiceStatus invoice={i} />,
    },
  ];

  // The rows on screen: the actions column is as wide as the widest row's actions.
  const [rows, setRows] = useState<TInvoice[]>([]);
  const request = (query: Query) =>
    listInvoices(props.organisationId ? { ...query, organisationId: props.organisationId } : query).then((result) => {
      setRows(result.data);
      return result;
    });

  const actionsOf = (invoice: TInvoice): { shown: RowAction[]; more: RowAction[] } => {
    const own = props.rowActions?.(invoice) ?? [];
    const pdf: RowAction = { key: 'pdf', label: t('billing.invoice.pdf'), onClick: () => download(invoice) };
    const details: RowAction = {
      key: 'details',
      label: t('billing.invoice.details'),
      onClick: () => setOpenId(invoice.id),
    };
    const all = [...own, pdf, details];
    if (!props.compactActions) return { shown: all, more: [] };
    const first = own[0] ?? details;
    return { shown: [first], more: all.filter((action) => action !== first) };
  };
  const moreLabel = t('billing.invoice.more');
  const actionsTitle = t('common.actions');
  const measured = rows.map(actionsOf);
  const withMore = measured.some((row) => row.more.length > 0);
  // actionsColumnWidth allows 16 px of cell padding a side; this table's cells have 8 (measured).
  const actionsWidth =
    actionsColumnWidth(
      measured.map((row) => (row.more.length ? [...row.shown, { key: 'more', label: moreLabel }] : row.shown)),
      actionsTitle,
    ) +
    (withMore ? MORE_ICON_WIDTH : 0) -
    CELL_PADDING_SLACK;
  const actionsColumn: ProColumns<TInvoice> = {
    title: actionsTitle,
    key: 'actions',
    valueType: 'option',
    fixed: 'right',
    width: actionsWidth,
    render: (_, invoice) => {
      const { shown, more } = actionsOf(invoice);
      return (
        <Space size={0} className="invoice-actions" style={nowrap}>
          <RowActions actions={shown} />
          {more.length > 0 && <MoreActions label={moreLabel} actions={more} />}
        </Space>
      );
    },
  };

  return (
    <>
      <RecordListPage<TInvoice>
        listKey={props.showCentre ? 'billing-invoices-all' : 'billing-invoices'}
        actionRef={props.actionRef}
        columns={[...columns, actionsColumn]}
        params={props.organisationId ? { organisationId: props.organisationId } : undefined}
        request={request}
        create={props.create}
        headerTitle={props.headerTitle}
        banner={props.banner}
        emptyText={t('billing.invoice.none')}
      />
      <InvoiceDrawer
        invoiceId={openId}
        onClose={() => {
          setOpenId(undefined);
          props.onInvoiceClosed?.();
        }}
      />
    </>
  );
}

import { formatInvoiceNumber, type TInvoice, type TInvoiceDetail } from '@/contracts/billing';
import { call, type ListResult, type Query } from '@/services/http';
import { downloadFile } from '@/utils/download';

// The invoice calls shared by the centre's /manage-payment and the platform's invoices tab (issue 10).
export const listInvoices = (params: Query) => call<ListResult<TInvoice>>('/api/billing/invoices', { params });
export const getInvoice = (id: number) => call<TInvoiceDetail>(`/api/billing/invoices/${id}`);
/** The PDF with the bearer token, saved under the server's file name. */
export const downloadInvoicePdf = (invoice: TInvoice) =>
  downloadFile(`/api/billing/invoices/${invoice.id}/pdf`, {}, `${formatInvoiceNumber(invoice.number)}.pdf`);

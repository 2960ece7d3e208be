import type {
  TBillingCycle,
  TBillingSettings,
  TCreateInvoiceBody,
  TCycleCentre,
  TInvoice,
  TInvoiceDetail,
  TInvoicedPeriod,
  TStartCycleBody,
} from '@/contracts/billing';
import { call, type ListResult, type Query } from '@/services/http';

// The platform's billing calls (issue 10). Writes skip the global error handler: each form shows
// field errors on its fields and the seed's messages as worded (./messages.ts).
const write = { skipErrorHandler: true } as const;

export const activeCycle = () => call<{ cycle: TBillingCycle | null }>('/api/billing/cycles/active');
export const getCycle = (id: number) => call<TBillingCycle>(`/api/billing/cycles/${id}`, write);
/** Periods invoiced outside a cycle; `id` for the list page's row key (the row's place in the list). */
export type InvoicedPeriodRow = TInvoicedPeriod & { id: number };
export const invoicedPeriods = async (params: Query): Promise<ListResult<InvoicedPeriodRow>> => {
  const reply = await call<ListResult<TInvoicedPeriod>>('/api/billing/invoiced-periods', { params });
  const first = ((Number(params.current) || 1) - 1) * (Number(params.pageSize) || 10);
  return { ...reply, data: reply.data.map((row, i) => ({ ...row, id: first + i + 1 })) };
};
export const listCycles = (params: Query) => call<ListResult<TBillingCycle>>('/api/billing/cycles', { params });
export const startCycle = (data: TStartCycleBody) =>
  call<TBillingCycle>('/api/billing/cycles', { method: 'POST', data, ...write });
export const runCycle = (id: number) =>
  call<TBillingCycle>(`/api/billing/cycles/${id}/run`, { method: 'POST', ...write });
export const cancelCycle = (id: number) =>
  call<TBillingCycle>(`/api/billing/cycles/${id}/cancel`, { method: 'POST', ...write });

/** A cycle's centres; each row gets `id` (its centre) for the shared list page's row key. */
export type CycleCentreRow = TCycleCentre & { id: number };
export const cycleCentres = async (id: number, params: Query): Promise<ListResult<CycleCentreRow>> => {
  const reply = await call<ListResult<TCycleCentre>>(`/api/billing/cycles/${id}/centres`, { params });
  return { ...reply, data: reply.data.map((row) => ({ ...row, id: row.organisationId })) };
};

export const getSettings = () => call<TBillingSettings>('/api/billing/settings');
export const putSettings = (data: Omit<TBillingSettings, 'currency'>) =>
  call<TBillingSettings>('/api/billing/settings', { method: 'PUT', data, ...write });

export const createInvoice = (data: TCreateInvoiceBody) =>
  call<TInvoiceDetail>('/api/billing/invoices', { method: 'POST', data, ...write });
export const chargeInvoice = (id: number) =>
  call<TInvoice>(`/api/billing/invoices/${id}/charge`, { method: 'POST', ...write });
export const markInvoicePaid = (id: number, note: string) =>
  call<TInvoice>(`/api/billing/invoices/${id}/mark-paid`, { method: 'POST', data: { note }, ...write });
export const voidInvoice = (id: number, reason: string) =>
  call<TInvoice>(`/api/billing/invoices/${id}/void`, { method: 'POST', data: { reason }, ...write });

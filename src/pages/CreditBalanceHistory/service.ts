import type { TCreditEntry, TCreditUpdateBody, TPaymentInfo } from '@/contracts/billing';
import { call, type ListResult, type Query } from '@/services/http';

// A centre's credit ledger (issue 10). For the platform every call names the centre; for a centre's
// admin the server answers about their own centre whatever is sent.
const centre = (organisationId?: number) => (organisationId ? { organisationId } : {});

export const paymentInfo = (organisationId?: number) =>
  call<TPaymentInfo>('/api/billing/payment-info', { params: centre(organisationId) });
export const listCredit = (params: Query) => call<ListResult<TCreditEntry>>('/api/billing/credit-ledger', { params });
/** Only the platform; the form shows field errors on its fields. */
export const updateCredit = (data: TCreditUpdateBody) =>
  call<TCreditEntry>('/api/billing/credit-ledger', { method: 'POST', data, skipErrorHandler: true });

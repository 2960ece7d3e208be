import { request } from '@umijs/max';
import type { TLedgerEntry, TLedgerTotals, TVoucherPurchase, TVoucherPurchaseBody } from '@/contracts/vouchers';
import type { ListResult, Query } from './http';

// Types only from the contract (no zod in the page bundles). The write skips the global error
// handler: the form shows field errors on their fields.
export type VoucherPurchaseList = ListResult<TVoucherPurchase> & {
  totals: { voucherAmount: string; giftAmount: string };
};
export type StudentLedger = ListResult<TLedgerEntry> & { totals: TLedgerTotals };

export const listVoucherPurchases = (params: Query) =>
  request<VoucherPurchaseList>('/api/voucher-purchases', { method: 'GET', params });
export const getVoucherPurchase = (id: number) =>
  request<TVoucherPurchase>(`/api/voucher-purchases/${id}`, { method: 'GET' });
/** Idempotent per `idempotencyKey`: a retry with the same key returns the first purchase. */
export const createVoucherPurchase = (data: TVoucherPurchaseBody) =>
  request<TVoucherPurchase>('/api/voucher-purchases', { method: 'POST', data, skipErrorHandler: true });
export const studentLedger = (studentId: number, params: Query) =>
  request<StudentLedger>(`/api/students/${studentId}/ledger`, { method: 'GET', params });

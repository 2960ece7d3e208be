import { request } from '@umijs/max';
import type { TVoucherPaymentMethods, TVoucherPaymentMethodsBody } from '@/contracts/voucher-payment-methods';
import type {
  TLedgerEntry,
  TLedgerTotals,
  TVoucherPurchase,
  TVoucherPurchaseBody,
  TVoucherPurchaseCreated,
} from '@/contracts/vouchers';
import { downloadFile } from '@/utils/download';
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
  request<TVoucherPurchaseCreated>('/api/voucher-purchases', { method: 'POST', data, skipErrorHandler: true });
export const studentLedger = (studentId: number, params: Query) =>
  request<StudentLedger>(`/api/students/${studentId}/ledger`, { method: 'GET', params });

/** The receipt PDF (in the UI's language), saved under the server's file name. */
export const downloadReceipt = (purchase: Pick<TVoucherPurchase, 'id' | 'purchaseDate'>) =>
  downloadFile(
    `/api/voucher-purchases/${purchase.id}/receipt`,
    {},
    `receipt-${purchase.id}-${purchase.purchaseDate}.pdf`,
  );
export const voucherPaymentMethods = () =>
  request<TVoucherPaymentMethods>('/api/settings/voucher-payment-methods', { method: 'GET' });
export const saveVoucherPaymentMethods = (data: TVoucherPaymentMethodsBody) =>
  request<TVoucherPaymentMethods>('/api/settings/voucher-payment-methods', {
    method: 'PUT',
    data,
    skipErrorHandler: true,
  });

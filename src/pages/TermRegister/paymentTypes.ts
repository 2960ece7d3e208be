import type { TTermPaymentType } from '@/contracts/term-registers';

export const paymentTypeLabels: Record<TTermPaymentType, string> = {
  CASH: 'Cash',
  CARD: 'Card',
  E_TRANSFER: 'E-transfer',
  CHEQUE: 'Cheque',
  VOUCHER: 'Voucher',
  OTHER: 'Other',
};
export const paymentTypeOptions = Object.entries(paymentTypeLabels).map(([value, label]) => ({ value, label }));

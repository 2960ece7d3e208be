import type { TTermPaymentType } from '@/contracts/term-registers';

/** Locale ids of the payment types, written out so the locale test sees each. */
export const PAYMENT_TYPE_IDS: Record<TTermPaymentType, string> = {
  CASH: 'forms.paymentType.CASH',
  CARD: 'forms.paymentType.CARD',
  E_TRANSFER: 'forms.paymentType.E_TRANSFER',
  CHEQUE: 'forms.paymentType.CHEQUE',
  VOUCHER: 'forms.paymentType.VOUCHER',
  OTHER: 'forms.paymentType.OTHER',
};

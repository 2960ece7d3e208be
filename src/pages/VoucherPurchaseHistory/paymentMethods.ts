import { useEffect, useState } from 'react';
// Types only from the contract: no zod in the page bundles.
import type { TBuiltInPaymentMethod } from '@/contracts/voucher-payment-methods';
import { voucherPaymentMethods } from '@/services/vouchers';

/** Locale ids of the built-in methods: the term register's payment type words, written out for the locale test. */
export const METHOD_IDS: Record<TBuiltInPaymentMethod, string> = {
  CASH: 'forms.paymentType.CASH',
  CARD: 'forms.paymentType.CARD',
  E_TRANSFER: 'forms.paymentType.E_TRANSFER',
  CHEQUE: 'forms.paymentType.CHEQUE',
};

const isBuiltIn = (method: string): method is TBuiltInPaymentMethod => Object.hasOwn(METHOD_IDS, method);

/** What a person reads for a stored method: a built-in code translated, a centre's own name as it is. */
export const paymentMethodLabel = (t: (id: string) => string, method: string | null | undefined) =>
  method ? (isBuiltIn(method) ? t(METHOD_IDS[method]) : method) : '';

/** The select's options: the built-in methods, then the centre's own (loaded when `open`). */
export function usePaymentMethodOptions(t: (id: string) => string, open: boolean) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!open) return;
    voucherPaymentMethods()
      .then(({ builtIn, extras }) =>
        setOptions([
          ...builtIn.map((code) => ({ value: code, label: t(METHOD_IDS[code]) })),
          ...extras.map((name) => ({ value: name, label: name })),
        ]),
      )
      .catch(() => undefined);
  }, [open, t]);
  return options;
}

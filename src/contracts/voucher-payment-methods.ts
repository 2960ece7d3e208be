import { ZIdParams } from './common';
import { defineEndpoint } from './endpoint';
import { z } from './z';

/** The methods every centre has, stored as these codes and shown translated (as a term payment's type). */
export const builtInPaymentMethods = ['CASH', 'CARD', 'E_TRANSFER', 'CHEQUE'] as const;
export type TBuiltInPaymentMethod = (typeof builtInPaymentMethods)[number];
export const isBuiltInPaymentMethod = (value: string): value is TBuiltInPaymentMethod =>
  (builtInPaymentMethods as readonly string[]).includes(value);

export const PAYMENT_METHOD_NAME_MESSAGE = 'A payment method is 1 to 50 characters';
export const PAYMENT_METHOD_BUILT_IN_MESSAGE = 'This payment method is already built in';
export const PAYMENT_METHOD_TWICE_MESSAGE = 'This payment method is in the list twice';
export const PAYMENT_METHOD_UNKNOWN_MESSAGE =
  "Choose a payment method from the list (a built-in one or one of the centre's own)";
export const PAYMENT_METHODS_MAX = 30;

const normal = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** The centre's own methods (names, as typed), beside the built-in ones. */
export const ZVoucherPaymentMethodsBody = z
  .object({
    extras: z
      .array(z.string().trim().min(1, PAYMENT_METHOD_NAME_MESSAGE).max(50, PAYMENT_METHOD_NAME_MESSAGE))
      .max(PAYMENT_METHODS_MAX, `At most ${PAYMENT_METHODS_MAX} payment methods`),
  })
  .superRefine((body, issue) => {
    const seen = new Set<string>();
    body.extras.forEach((name, i) => {
      const key = normal(name);
      if (builtInPaymentMethods.some((code) => normal(code) === key))
        issue.addIssue({ code: 'custom', path: ['extras', i], message: PAYMENT_METHOD_BUILT_IN_MESSAGE });
      else if (seen.has(key))
        issue.addIssue({ code: 'custom', path: ['extras', i], message: PAYMENT_METHOD_TWICE_MESSAGE });
      seen.add(key);
    });
  });
export type TVoucherPaymentMethodsBody = z.infer<typeof ZVoucherPaymentMethodsBody>;

export const ZVoucherPaymentMethods = z.object({
  builtIn: z.array(z.enum(builtInPaymentMethods)),
  extras: z.array(z.string()),
});
export type TVoucherPaymentMethods = z.infer<typeof ZVoucherPaymentMethods>;

export const voucherPaymentMethodEndpoints = {
  get: defineEndpoint({
    method: 'get',
    path: '/settings/voucher-payment-methods',
    right: 'vouchers:manage',
    tag: 'vouchers',
    summary: "The payment methods a voucher purchase can name: the built-in codes and the centre's own",
    reply: ZVoucherPaymentMethods,
  }),
  put: defineEndpoint({
    method: 'put',
    path: '/settings/voucher-payment-methods',
    right: 'settings:manage',
    tag: 'vouchers',
    summary: "Set the centre's own voucher payment methods (admins; audited). Past purchases keep theirs",
    body: ZVoucherPaymentMethodsBody,
    reply: ZVoucherPaymentMethods,
  }),
  receipt: defineEndpoint({
    method: 'get',
    path: '/voucher-purchases/:id/receipt',
    right: 'vouchers:manage',
    tag: 'vouchers',
    summary: "A purchase's receipt as a PDF, in the reader's language",
    params: ZIdParams,
  }),
};

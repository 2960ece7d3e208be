// Family card payments (issue 21): a guardian tops up a child's balance by card on Stripe Checkout (payment
// mode, on the centre's connected Stripe account), or lets a saved card top it up when it falls below a
// floor (auto top-up). The card never reaches our server; a payment becomes a voucher PURCHASE (payment
// method CARD) exactly once, when Stripe confirms it (webhook or the return page, whichever is first).
import { optionalMoneyUpTo, ZId } from './common';
import { defineEndpoint } from './endpoint';
import { z } from './z';

/** The most one card top-up takes, and the least (Stripe's minimum charge is 0.50). */
export const TOP_UP_MAX = '10000.00';
export const TOP_UP_MIN_CENTS = 100n;
export const TOP_UP_LESSONS_MAX = 50;

export const TOP_UP_MAX_MESSAGE = 'An amount is at most 10,000.00';
export const TOP_UP_MIN_MESSAGE = 'An amount is at least 1.00';
export const TOP_UP_ONE_OF_MESSAGE = 'Choose an amount or a number of lessons, not both';
export const TOP_UP_NONE_MESSAGE = 'Choose an amount or a number of lessons';
export const LESSONS_MESSAGE = `Must be a whole number from 1 to ${TOP_UP_LESSONS_MAX}`;

const cents = (v: string) => {
  const [whole, fraction = ''] = v.split('.');
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};
const ZTopUpAmount = optionalMoneyUpTo(TOP_UP_MAX, TOP_UP_MAX_MESSAGE).refine(
  (v) => v === null || cents(v) >= TOP_UP_MIN_CENTS,
  TOP_UP_MIN_MESSAGE,
);
const ZLessons = z
  .union([z.number(), z.null()])
  .optional()
  .transform((v) => v ?? null)
  .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= TOP_UP_LESSONS_MAX), LESSONS_MESSAGE);

/** An amount, or a package of N lessons at the child's usual lesson charge (exactly one). */
const amountOrLessons = <T extends { amount: string | null; lessons: number | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.amount !== null && v.lessons !== null)
    ctx.addIssue({ code: 'custom', path: ['lessons'], message: TOP_UP_ONE_OF_MESSAGE });
  if (v.amount === null && v.lessons === null)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: TOP_UP_NONE_MESSAGE });
};

export const ZTopUpBody = z
  .object({ studentId: ZId, amount: ZTopUpAmount, lessons: ZLessons })
  .superRefine(amountOrLessons);
export type TTopUpBody = z.input<typeof ZTopUpBody>;

export const ZCheckoutUrl = z.object({ url: z.string(), topUpId: z.number().int() });

export const ZSessionQuery = z.object({
  session_id: z
    .string()
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Must be a Stripe Checkout session id (cs_...)'),
});

export const topUpStatuses = ['OPEN', 'PAID', 'EXPIRED', 'MISMATCH', 'FAILED'] as const;
export const ZTopUp = z.object({
  id: z.number().int(),
  kind: z.enum(['CHECKOUT', 'AUTO']),
  status: z.enum(topUpStatuses),
  childId: z.number().int(),
  childName: z.string(),
  amount: z.string(),
  currency: z.string(),
  lessons: z.number().int().nullable(),
  lessonRate: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The voucher purchase it became (its receipt), once paid. */
  purchaseId: z.number().int().nullable(),
  /** The child's balance now. */
  balance: z.string(),
  /** A decline's message (auto top-up). */
  failure: z.string().nullable(),
});
export type TTopUp = z.infer<typeof ZTopUp>;

export const ZSavedCard = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const ZAutoTopUp = z.object({
  enabled: z.boolean(),
  floor: z.string().nullable(),
  amount: z.string().nullable(),
  lessons: z.number().int().nullable(),
  card: ZSavedCard.nullable(),
  /** Why it turned itself off (a declined card), until turned on again. */
  stoppedReason: z.string().nullable(),
  stoppedAt: z.string().nullable(),
});
export type TAutoTopUp = z.infer<typeof ZAutoTopUp>;

export const ZFamilyPayments = z.object({
  /** The centre takes card payments (Stripe configured and its account connected); else pay at the desk. */
  available: z.boolean(),
  centre: z.object({ name: z.string(), currency: z.string() }),
  children: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      balance: z.string(),
      /** A package of lessons is priced at this (the child's usual lesson charge); null before any lesson. */
      usualLessonCharge: z.string().nullable(),
    }),
  ),
  autoTopUp: ZAutoTopUp,
  /** The household's latest card payments, newest first. */
  recent: z.array(ZTopUp),
});
export type TFamilyPayments = z.infer<typeof ZFamilyPayments>;

export const AUTO_TOP_UP_NEEDS_CARD = 'Save a card for auto top-up first';
export const AUTO_TOP_UP_NEEDS_FLOOR = 'Choose the balance below which to top up';

export const ZAutoTopUpBody = z
  .object({
    enabled: z.boolean(),
    floor: optionalMoneyUpTo(TOP_UP_MAX, TOP_UP_MAX_MESSAGE),
    amount: ZTopUpAmount,
    lessons: ZLessons,
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (v.floor === null) ctx.addIssue({ code: 'custom', path: ['floor'], message: AUTO_TOP_UP_NEEDS_FLOOR });
    amountOrLessons(v, ctx);
  });
export type TAutoTopUpBody = z.input<typeof ZAutoTopUpBody>;

const own = { right: 'portal:own', tag: 'portal' } as const;
export const topUpEndpoints = {
  payments: defineEndpoint({
    ...own,
    refusals: [404],
    method: 'get',
    path: '/portal/payments',
    summary:
      "Whether the centre takes cards, each child's balance and usual lesson charge, auto top-up, recent payments",
    reply: ZFamilyPayments,
  }),
  checkout: defineEndpoint({
    ...own,
    refusals: [404, 502, 503],
    method: 'post',
    path: '/portal/top-ups',
    summary:
      "Start Stripe Checkout (payment mode, on the centre's connected account) for a child's top-up; returns the hosted page URL",
    body: ZTopUpBody,
    reply: ZCheckoutUrl,
  }),
  confirm: defineEndpoint({
    ...own,
    refusals: [404, 502, 503],
    method: 'get',
    path: '/portal/top-ups/confirm',
    summary: 'After the hosted page: the top-up as Stripe has it (recorded once when paid) and the new balance',
    query: ZSessionQuery,
    reply: ZTopUp,
  }),
  autoTopUp: defineEndpoint({
    ...own,
    refusals: [404],
    method: 'put',
    path: '/portal/auto-top-up',
    summary: 'Turn auto top-up on (floor and package) or off for the household',
    body: ZAutoTopUpBody,
    reply: ZAutoTopUp,
  }),
  saveCard: defineEndpoint({
    ...own,
    refusals: [404, 502, 503],
    method: 'post',
    path: '/portal/auto-top-up/card',
    summary: "Start Stripe Checkout (setup mode, on the centre's connected account) to save the card for auto top-up",
    reply: z.object({ url: z.string() }),
  }),
  confirmCard: defineEndpoint({
    ...own,
    refusals: [404, 502, 503],
    method: 'post',
    path: '/portal/auto-top-up/card/confirm',
    summary: 'After the hosted page: keep the saved card (brand, last 4, expiry) for auto top-up',
    body: ZSessionQuery,
    reply: ZAutoTopUp,
  }),
  removeCard: defineEndpoint({
    ...own,
    refusals: [404, 502, 503],
    method: 'delete',
    path: '/portal/auto-top-up/card',
    summary: 'Forget the saved card (auto top-up turns off)',
    reply: ZAutoTopUp,
  }),
};

/** What a money amount is in Stripe's minor units (the currencies we take have 2 decimals). */
export const minorUnits = (amount: string) => Number(cents(amount));

import { AMOUNT_MAX, AMOUNT_MAX_MESSAGE, optionalText, withinMoney, ZDate, ZId, ZIdParams } from './common';
import { blankAsAbsent, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

// Money is a 2-decimal string end to end; these rules compare strings, never floats.
export const SIGNED_MONEY_MESSAGE = 'Enter an amount with at most 2 decimals (negative for a deduction)';
export const PURCHASE_AMOUNT_MESSAGE = 'A purchase needs a voucher or gift amount above 0, neither negative';
export const REFUND_AMOUNT_MESSAGE = 'A refund is the amount given back: above 0';
/** The errorKey of a refund larger than the balance, waiting for an admin's confirmation. */
export const REFUND_BEYOND_BALANCE_KEY = 'refund_beyond_balance';
export const REFUND_BEYOND_BALANCE_MESSAGE =
  'This refund of {amount} is more than the balance of {balance}: the balance would become {after}. Only an admin can confirm it.';
export const REFUND_BEYOND_BALANCE_ADMIN_MESSAGE = 'Only an admin can refund more than the balance';
export const ADJUSTMENT_AMOUNT_MESSAGE = 'An adjustment is a non-zero amount (negative deducts)';
export const GIFT_ONLY_ON_PURCHASE_MESSAGE = 'Only a purchase carries a gift amount';
export const CLASS_PACKAGE_PURCHASE_MESSAGE = 'Only a purchase can be sold as classes';
export const CLASS_COUNT_MESSAGE = 'Enter a whole number of classes from 1 to 500';
export const NO_USUAL_RATE_MESSAGE =
  'This student has no usual class rate yet (no voucher class charged): enter an amount instead';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This request key was already used for a different purchase: reload the form and submit again';

const SIGNED_MONEY = /^-?\d{1,10}(\.\d{1,2})?$/;
const isZero = (v: string) => /^-?0+(\.0+)?$/.test(v);
const isNegative = (v: string) => v.startsWith('-') && !isZero(v);

const ZSignedMoney = z
  .union([z.number(), z.string().trim()])
  .transform((v) => String(v))
  .refine((v) => SIGNED_MONEY.test(v), { message: SIGNED_MONEY_MESSAGE, abort: true })
  .refine((v) => withinMoney(v, AMOUNT_MAX), AMOUNT_MAX_MESSAGE)
  .meta({ maximum: Number(AMOUNT_MAX), minimum: -Number(AMOUNT_MAX) });

export const voucherPurchaseTypes = ['PURCHASE', 'REFUND', 'ADJUSTMENT'] as const;
export const ZVoucherPurchaseType = z.enum(voucherPurchaseTypes);
export type TVoucherPurchaseType = z.infer<typeof ZVoucherPurchaseType>;

export const voucherLedgerKinds = [
  'PURCHASE',
  'GIFT',
  'CLASS_CHARGE',
  'CHARGE_REVERSAL',
  'REFUND',
  'ADJUSTMENT',
] as const;
export const ZVoucherLedgerKind = z.enum(voucherLedgerKinds);

/**
 * A desk entry. PURCHASE: voucher and gift >= 0, one of them above 0 (both are credit). REFUND:
 * voucherAmount > 0 is money given back to the family (the ledger posts it negative). ADJUSTMENT:
 * voucherAmount signed, posted as is. Refunds and adjustments carry no gift.
 */
export const ZVoucherPurchaseBody = z
  .object({
    studentId: ZId,
    type: ZVoucherPurchaseType,
    purchaseDate: ZDate,
    voucherAmount: ZSignedMoney,
    giftAmount: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), ZSignedMoney.optional())
      .transform((v) => v ?? '0'),
    /** A built-in code (voucher-payment-methods.ts) or one of the centre's own methods; checked by the server. */
    paymentMethod: optionalText(50),
    /**
     * A package sold as classes: the server computes voucherAmount = classCount x the student's usual
     * class charge (their last voucher class charge) and ignores the voucherAmount sent.
     */
    classCount: z
      .number(CLASS_COUNT_MESSAGE)
      .int(CLASS_COUNT_MESSAGE)
      .min(1, CLASS_COUNT_MESSAGE)
      .max(500, CLASS_COUNT_MESSAGE)
      .nullish()
      .transform((v) => v ?? null),
    comments: optionalText(5000),
    /**
     * A refund larger than the student's balance is refused (409, errorKey REFUND_BEYOND_BALANCE_KEY,
     * saying what the balance would become) unless an admin confirms it with this flag.
     */
    beyondBalance: z.boolean('Must be true or false').optional(),
    /** A uuid made when the form opens: a retried submission with it returns the first purchase. */
    idempotencyKey: z.uuid('Must be a UUID made by the form'),
  })
  .superRefine((body, issue) => {
    const voucher = body.voucherAmount;
    const gift = body.giftAmount;
    const fail = (path: string, message: string) => issue.addIssue({ code: 'custom', path: [path], message });
    if (body.classCount !== null && body.type !== 'PURCHASE') fail('classCount', CLASS_PACKAGE_PURCHASE_MESSAGE);
    if (body.type === 'PURCHASE') {
      if (body.classCount !== null) {
        if (isNegative(gift)) fail('giftAmount', PURCHASE_AMOUNT_MESSAGE);
        return; // the amount is the server's to compute
      }
      if (isNegative(voucher) || (isZero(voucher) && isZero(gift))) fail('voucherAmount', PURCHASE_AMOUNT_MESSAGE);
      if (isNegative(gift)) fail('giftAmount', PURCHASE_AMOUNT_MESSAGE);
      return;
    }
    if (!isZero(gift)) fail('giftAmount', GIFT_ONLY_ON_PURCHASE_MESSAGE);
    if (body.type === 'REFUND' && (isZero(voucher) || isNegative(voucher)))
      fail('voucherAmount', REFUND_AMOUNT_MESSAGE);
    if (body.type === 'ADJUSTMENT' && isZero(voucher)) fail('voucherAmount', ADJUSTMENT_AMOUNT_MESSAGE);
  });
export type TVoucherPurchaseBody = z.input<typeof ZVoucherPurchaseBody>;

const ZStudentRef = z.object({ id: z.number().int(), studentId: z.string(), name: z.string() });

export const ZVoucherPurchase = z.object({
  id: z.number().int(),
  student: ZStudentRef,
  type: ZVoucherPurchaseType,
  purchaseDate: z.string(),
  voucherAmount: z.string(),
  giftAmount: z.string(),
  paymentMethod: z.string().nullable(),
  /** A package sold as classes: how many, and the per-class amount it was computed at. */
  classCount: z.number().int().nullable(),
  classRate: z.string().nullable(),
  comments: z.string().nullable(),
  enteredBy: ZNamed,
  /** The student's balance right after this row. */
  balanceAfter: z.string(),
  createdAt: z.string(),
});
export type TVoucherPurchase = z.infer<typeof ZVoucherPurchase>;
/** The saved purchase, and where its receipt was emailed (null: not emailed, no address or no consent). */
export const ZVoucherPurchaseCreated = ZVoucherPurchase.extend({ receiptEmailedTo: z.string().nullable() });
export type TVoucherPurchaseCreated = z.infer<typeof ZVoucherPurchaseCreated>;

export const ZVoucherPurchaseFilters = z.object({
  studentId: blankAsAbsent(ZId),
  type: blankAsAbsent(ZVoucherPurchaseType),
  /** Purchase dates in [from, to], either end open. */
  from: blankAsAbsent(ZDate),
  to: blankAsAbsent(ZDate),
});
export const ZVoucherPurchaseListQuery = ZListQuery.extend({
  ...ZVoucherPurchaseFilters.shape,
  sortField: z.enum(['purchaseDate', 'createdAt', 'voucherAmount', 'giftAmount']).optional(),
});
export type TVoucherPurchaseListQuery = z.output<typeof ZVoucherPurchaseListQuery>;

export const ZVoucherPurchaseList = listReply(ZVoucherPurchase).extend({
  /** Sums over every filtered row (not only this page); a refund counts negative, an adjustment signed. */
  totals: z.object({ voucherAmount: z.string(), giftAmount: z.string() }),
});

/** Why a class's charges moved: the note of the ledger entries posted (shown translated). */
export const chargeReasons = [
  'Class confirmed',
  'Class reopened',
  'Attendance changed',
  'Class changed',
  'Class times changed',
  'Class cancelled',
  'Lesson cancelled',
  'Cancellation undone',
  'Make-up booked',
] as const;
export type TChargeReason = (typeof chargeReasons)[number];

export const ZPostedFacts = z.object({
  attendance: z.enum(['ATTENDED', 'ABSENT', 'EXCUSED', 'NO_SHOW']).nullable(),
  hours: z.string().nullable(),
  hourlyRate: z.string().nullable(),
  price: z.string().nullable(),
});
export type TPostedFacts = z.infer<typeof ZPostedFacts>;
export const ZLedgerChange = z.object({
  field: z.enum(['attendance', 'hours', 'hourlyRate', 'price']),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TLedgerChange = z.infer<typeof ZLedgerChange>;

export const ZLedgerEntry = z.object({
  id: z.number().int(),
  kind: ZVoucherLedgerKind,
  amount: z.string(),
  balanceAfter: z.string(),
  entryDate: z.string(),
  purchaseId: z.number().int().nullable(),
  scheduleId: z.number().int().nullable(),
  reversesId: z.number().int().nullable(),
  note: z.string().nullable(),
  /** Null: posted for a family without a login (a cancellation by SMS reply). */
  createdBy: ZNamed.nullable(),
  createdAt: z.string(),
  /** For a class charge or its reversal: which class (its link); what it was is in `posted`. */
  class: z
    .object({
      id: z.number().int(),
      startAt: z.string(),
      endAt: z.string(),
      course: z.string(),
      teacher: z.string(),
    })
    .nullable(),
  /**
   * Class entries: what was true for this student when the entry was posted (a charge: what it
   * charged for; a reversal: the class after the change), never today's state. Null for entries
   * older than these records where nothing was known (then only the note is shown).
   */
  posted: ZPostedFacts.nullable(),
  /** A reversal: what differs between the charge it reverses and the class after the change. */
  changes: z.array(ZLedgerChange),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/**
 * Derived from the whole ledger: balance = purchased + gift - refunded + adjusted - paidFromVoucher,
 * paidFromVoucher = class charges net of their reversals. voucherBalance is the cached balance.
 */
export const ZLedgerTotals = z.object({
  balance: z.string(),
  totalPurchased: z.string(),
  totalGift: z.string(),
  totalPaidFromVoucher: z.string(),
  totalRefunded: z.string(),
  totalAdjusted: z.string(),
  voucherBalance: z.string(),
  /** The student's last class charge (their usual class), null before any. */
  usualClassCharge: z.string().nullable(),
  /** About how many such classes the balance still pays for (whole classes); null before any charge. */
  classesLeft: z.number().int().nullable(),
});
export type TLedgerTotals = z.infer<typeof ZLedgerTotals>;

export const ZLedgerQuery = ZListQuery.omit({ sortField: true, sortOrder: true }).extend({
  /** Entry dates in [from, to], either end open. */
  from: blankAsAbsent(ZDate),
  to: blankAsAbsent(ZDate),
});
export const ZLedgerReply = listReply(ZLedgerEntry).extend({ totals: ZLedgerTotals });

const common = { right: 'vouchers:manage', tag: 'vouchers' } as const;
export const voucherEndpoints = {
  list: defineEndpoint({
    ...common,
    method: 'get',
    path: '/voucher-purchases',
    summary: 'Voucher purchases, refunds and adjustments, filtered, sorted and paged, with totals',
    query: ZVoucherPurchaseListQuery,
    reply: ZVoucherPurchaseList,
  }),
  get: defineEndpoint({
    ...common,
    method: 'get',
    path: '/voucher-purchases/:id',
    summary: 'One voucher purchase',
    params: ZIdParams,
    reply: ZVoucherPurchase,
  }),
  exportXlsx: defineEndpoint({
    ...common,
    method: 'get',
    path: '/voucher-purchases/export',
    summary: 'The filtered voucher purchases as .xlsx, with a totals row',
    query: ZVoucherPurchaseFilters,
  }),
  create: defineEndpoint({
    ...common,
    method: 'post',
    path: '/voucher-purchases',
    summary: 'Record a purchase, refund or adjustment (idempotent per idempotencyKey)',
    body: ZVoucherPurchaseBody,
    reply: ZVoucherPurchaseCreated,
    status: 201,
  }),
  ledger: defineEndpoint({
    ...common,
    method: 'get',
    path: '/students/:id/ledger',
    summary: "A student's voucher ledger in a date range, newest first, with totals derived from it",
    params: ZIdParams,
    query: ZLedgerQuery,
    reply: ZLedgerReply,
  }),
};

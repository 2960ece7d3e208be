import {
  AMOUNT_MAX_MESSAGE,
  DATE_MESSAGE,
  DATE_RANGE_MESSAGE,
  EMAIL_MESSAGE,
  MONEY_MESSAGE,
  PHONE_MESSAGE,
  RATE_MAX_MESSAGE,
} from './messages';
import { z } from './z';

// Field rules shared by the record contracts (spec section 5 and DECISIONS.md).
export {
  AMOUNT_MAX_MESSAGE,
  DATE_MESSAGE,
  DATE_RANGE_MESSAGE,
  EMAIL_MESSAGE,
  MONEY_MESSAGE,
  PHONE_MESSAGE,
  RATE_MAX_MESSAGE,
  STUDENT_PRICE_MAX_MESSAGE,
} from './messages';

/**
 * Dates and instants a centre can mean: 1900 to 2199. Wider years pass JavaScript but not every sum
 * PostgreSQL makes with them (a week added to 9999-12-31, an offset taking 0001-01-01 into year 0), so
 * they are refused with the field named (issue 20, finding 3).
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';

/**
 * What the OpenAPI document says a field accepts, where zod's own JSON Schema cannot say it (an id is
 * a number or its decimal text, refined to int4; a phone's digits are counted): the document builder
 * (server/features/system/openapi.ts) puts this in place of the derived schema.
 */
export const documentedAs = <T extends z.ZodType>(schema: T, openapi: Record<string, unknown>): T =>
  schema.meta({ openapi }) as T;

/** The media types an import accepts as its body (.xlsx, .csv). */
export const SPREADSHEET_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
] as const;

/** Text that may be left empty: '' and null both mean "none" (stored as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZOptionalEmail = z
  .string()
  .trim()
  .max(254, 'At most 254 characters')
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, EMAIL_MESSAGE);

/** Digits with optional +, spaces, dashes, dots and parentheses; 7 to 15 digits in all. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{7,24}$/;
export const isPhone = (v: string) =>
  PHONE_PATTERN.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 15;
const phoneDocument = {
  type: 'string',
  pattern: PHONE_PATTERN.source,
  description: 'Digits with optional +, spaces, dashes, dots and parentheses; 7 to 15 digits in all',
};
export const ZPhone = documentedAs(z.string().trim().refine(isPhone, PHONE_MESSAGE), phoneDocument);
export const ZOptionalPhone = documentedAs(
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isPhone(v), PHONE_MESSAGE),
  { ...phoneDocument, nullable: true, description: `${phoneDocument.description}; empty or null for none` },
);

/**
 * Money limits (issue 20, finding 4), in the centre's currency units, as decimal texts compared in
 * cents. Money columns are Decimal(12,2) (at most COLUMN_MAX), and every stored sum stays below it:
 * - RATE_MAX: an hourly rate (student, teacher, class, teacher's class) or a class price. A class
 *   lasts at most 12 h, so a class charge or a teacher's pay for one class is at most 12,000,000.00.
 * - AMOUNT_MAX: one amount entered at once: a voucher purchase, gift, refund or adjustment (a package
 *   sold as classes too), a credit ADD/SUBTRACT/ADJUST, a term price, the platform's minimum charge,
 *   the low-balance threshold.
 * - STUDENT_PRICE_MAX: the platform's price per student; an invoice is at most QUANTITY_MAX
 *   (1,000,000) students x 1,000.00 = 10^9 before tax (a rate below 1): under 2 x 10^9.
 * - BALANCE_MAX: a student's voucher balance (either sign) and a centre's credit balance; a move past
 *   it is refused where balances move (vouchers/ledger.ts, billing/credit-ledger.ts).
 * - COLUMN_MAX: the most a column holds; a month's payroll total (a sum over any number of classes)
 *   is checked against it at close (payroll/close-period.ts).
 * Generous for currencies with small units (a 1,000,000 VND hourly rate); no centre reaches them in CAD.
 */
export const RATE_MAX = '1000000.00';
export const AMOUNT_MAX = '100000000.00';
export const STUDENT_PRICE_MAX = '1000.00';
export const BALANCE_MAX = '1000000000.00';
export const COLUMN_MAX = '9999999999.99';

const MONEY_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** A decimal money text ("-12.5", "3") in whole cents, exactly (BigInt: no float rounding). */
export const centsOf = (v: string): bigint => {
  const negative = v.startsWith('-');
  const [whole, fraction = ''] = v.replace(/^[-+]/, '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
};
/** |v| <= max, both decimal money texts. */
export const withinMoney = (v: string, max: string) => {
  const cents = centsOf(v);
  return (cents < 0n ? -cents : cents) <= centsOf(max);
};

/** What the API document says a money input accepts (documentedAs): a decimal text or a JSON number. */
const moneyDocument = (max: string) => ({
  anyOf: [
    { type: 'string', pattern: MONEY_PATTERN.source },
    { type: 'number', minimum: 0, maximum: Number(max), multipleOf: 0.01 },
  ],
  description: `0 to ${max}, at most 2 decimals`,
});

/**
 * Money in, as number or string: >= 0, at most 2 decimals, at most `max` (issue 20, finding 4: the
 * limits in messages.ts keep every sum inside Decimal(12,2)); out as a decimal string ("12.50").
 */
export const moneyUpTo = (max: string, message: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => String(v))
    .refine((v) => MONEY_PATTERN.test(v), { message: MONEY_MESSAGE, abort: true })
    .refine((v) => withinMoney(v, max), message)
    .meta({ openapi: moneyDocument(max) });
/** The same, optional: '', null and undefined mean none (null). */
export const optionalMoneyUpTo = (max: string, message: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)))
    .refine((v) => v === null || MONEY_PATTERN.test(v), { message: MONEY_MESSAGE, abort: true })
    .refine((v) => v === null || withinMoney(v, max), message)
    .meta({ openapi: { ...moneyDocument(max), nullable: true } });

/** An amount entered at once (purchase, credit, term price...): 0 to AMOUNT_MAX. */
export const ZMoney = moneyUpTo(AMOUNT_MAX, AMOUNT_MAX_MESSAGE);
/** An hourly rate or a class price: 0 to RATE_MAX (a class charge or pay is at most 12 h of it). */
export const ZRate = moneyUpTo(RATE_MAX, RATE_MAX_MESSAGE);
export const ZOptionalRate = optionalMoneyUpTo(RATE_MAX, RATE_MAX_MESSAGE);

/** A calendar date 'YYYY-MM-DD' (no time, no zone) that exists, from MIN_DATE to MAX_DATE (1900-2199). */
export const ZDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE, abort: true })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    { message: DATE_MESSAGE, abort: true },
  )
  .refine((v) => v >= MIN_DATE && v <= MAX_DATE, { message: DATE_RANGE_MESSAGE, abort: true })
  .meta({ format: 'date' });
export const ZOptionalDate = z
  .union([ZDate, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** Ids are PostgreSQL int4 serials: 1 to 2^31-1. */
export const MAX_ID = 2147483647;
export const ID_MESSAGE = `Must be a whole number from 1 to ${MAX_ID}`;
/**
 * An id as a JSON number or, in paths and queries, its canonical decimal text: no sign, spaces, leading
 * zeros, exponent or hex ("true", [1], "0x1", " 1 " and "01" are refused, not read as 1).
 */
export const isId = (v: unknown): boolean =>
  typeof v === 'number'
    ? Number.isInteger(v) && v >= 1 && v <= MAX_ID
    : typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= MAX_ID;
export const idOf = (message = ID_MESSAGE) =>
  documentedAs(
    z
      .union([z.number(), z.string()], { error: message })
      .refine(isId, message)
      .transform((v) => Number(v)),
    { type: 'integer', minimum: 1, maximum: MAX_ID },
  );
export const ZId = idOf();
export const ZIdParams = z.object({ id: ZId });

/** Query booleans arrive as strings. */
export const ZQueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

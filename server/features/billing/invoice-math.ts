// The arithmetic of a platform invoice (issue 10), the one definition the billing cycle, the invoice
// form and the PDF use. Pure: no database. Decimal arithmetic only (decimal.js via Prisma.Decimal).
//
//   charge per student = the price of the tier the quantity falls in (volume pricing: the tier with the
//                        largest `fromStudents` <= quantity prices every student)
//   subtotal           = quantity x charge per student
//   amount due         = max(subtotal, minimum charge)
//   credit applied     = min(the centre's credit balance, amount due)
//   total before tax   = amount due - credit applied
//   tax                = total before tax x the centre's tax rate, half-up to the cent
//   total              = total before tax + tax
import {
  AMOUNT_MAX,
  AMOUNT_MAX_MESSAGE,
  BALANCE_MAX,
  STUDENT_PRICE_MAX,
  STUDENT_PRICE_MAX_MESSAGE,
} from '../../../src/contracts/common';
import { Prisma } from '../../generated/prisma/client';
import { fixed2 } from '../money/money-text';

const { Decimal } = Prisma;
type Decimal = Prisma.Decimal;
/** An amount as given: a Decimal, a decimal string or a number. */
type Amount = Decimal | string | number;

/** A price tier set by the platform: from this many students up (to the next tier), this price each. */
export interface PriceTier {
  fromStudents: number;
  pricePerStudent: Amount;
}

export interface InvoiceInput {
  /** Students served in the period (active, with at least one class). */
  quantity: number;
  tiers: readonly PriceTier[];
  minimumCharge: Amount;
  /** The centre's credit balance before this invoice (never negative). */
  creditBalance: Amount;
  /** A fraction: 0.13 for 13 %, up to 6 decimals (0.14975). */
  taxRate: Amount;
}

export interface InvoiceLine {
  kind: 'STUDENTS' | 'MINIMUM_TOP_UP' | 'CREDIT' | 'TAX';
  quantity: number;
  unitAmount: string;
  amount: string;
}

export interface InvoiceAmounts {
  quantity: number;
  /** The tier applied, as "from–to" students ("101+" for the last). */
  chargeRange: string;
  chargePerStudent: string;
  subtotal: string;
  minimumCharge: string;
  creditApplied: string;
  totalBeforeTax: string;
  taxRate: string;
  tax: string;
  total: string;
  items: InvoiceLine[];
}

export const MAX_QUANTITY = 1_000_000;
/**
 * With quantity <= MAX_QUANTITY, a price per student <= STUDENT_PRICE_MAX (1,000.00), a minimum <=
 * AMOUNT_MAX and a tax rate < 1, every amount is below 2 x 10^9: it fits Decimal(12,2) (issue 20, finding 4).
 */

/** Why an input cannot be priced (field and rule), or null when it can. */
export function invoiceInputError(input: InvoiceInput): { field: string; message: string } | null {
  const { quantity, tiers } = input;
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY)
    return { field: 'quantity', message: `Quantity must be a whole number from 0 to ${MAX_QUANTITY}` };
  if (tiers.length === 0) return { field: 'tiers', message: 'At least one price tier is required' };
  if (tiers[0].fromStudents !== 0) return { field: 'tiers', message: 'The first price tier must start at 0 students' };
  for (let i = 0; i < tiers.length; i += 1) {
    const tier = tiers[i];
    if (!Number.isInteger(tier.fromStudents) || (i > 0 && tier.fromStudents <= tiers[i - 1].fromStudents))
      return { field: `tiers.${i}.fromStudents`, message: 'Tiers must start at increasing whole numbers of students' };
    if (!isCents(tier.pricePerStudent))
      return { field: `tiers.${i}.pricePerStudent`, message: 'A price must be 0 or more, with at most 2 decimals' };
    if (new Decimal(tier.pricePerStudent).gt(STUDENT_PRICE_MAX))
      return { field: `tiers.${i}.pricePerStudent`, message: STUDENT_PRICE_MAX_MESSAGE };
  }
  if (!isCents(input.minimumCharge))
    return { field: 'minimumCharge', message: 'The minimum charge must be 0 or more, with at most 2 decimals' };
  if (new Decimal(input.minimumCharge).gt(AMOUNT_MAX)) return { field: 'minimumCharge', message: AMOUNT_MAX_MESSAGE };
  if (!isCents(input.creditBalance) || new Decimal(input.creditBalance).gt(BALANCE_MAX))
    return { field: 'creditBalance', message: 'The credit balance must be 0 or more, with at most 2 decimals' };
  const rate = new Decimal(input.taxRate);
  if (rate.isNegative() || rate.gte(1) || rate.decimalPlaces() > 6)
    return {
      field: 'taxRate',
      message: 'The tax rate must be from 0 to less than 1 (0.13 for 13 %), at most 6 decimals',
    };
  return null;
}

function isCents(value: Amount): boolean {
  const d = new Decimal(value);
  return d.isFinite() && !d.isNegative() && d.decimalPlaces() <= 2;
}

/** The tier that prices `quantity` students, and its range label. */
export function tierFor(quantity: number, tiers: readonly PriceTier[]): { tier: PriceTier; range: string } {
  let index = 0;
  for (let i = 0; i < tiers.length; i += 1) if (tiers[i].fromStudents <= quantity) index = i;
  const tier = tiers[index];
  const next = tiers[index + 1];
  return { tier, range: next ? `${tier.fromStudents}–${next.fromStudents - 1}` : `${tier.fromStudents}+` };
}

/** Prices an invoice; throws on an input `invoiceInputError` refuses (callers validate first). */
export function priceInvoice(input: InvoiceInput): InvoiceAmounts {
  const error = invoiceInputError(input);
  if (error) throw new Error(`${error.field}: ${error.message}`);
  const money = (d: Decimal) => fixed2(d);
  const { tier, range } = tierFor(input.quantity, input.tiers);
  const perStudent = new Decimal(tier.pricePerStudent);
  const subtotal = perStudent.times(input.quantity);
  const minimum = new Decimal(input.minimumCharge);
  const due = Decimal.max(subtotal, minimum);
  const credit = Decimal.min(new Decimal(input.creditBalance), due);
  const beforeTax = due.minus(credit);
  const rate = new Decimal(input.taxRate);
  const tax = beforeTax.times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const items: InvoiceLine[] = [
    { kind: 'STUDENTS', quantity: input.quantity, unitAmount: money(perStudent), amount: money(subtotal) },
  ];
  if (due.gt(subtotal)) {
    const topUp = due.minus(subtotal);
    items.push({ kind: 'MINIMUM_TOP_UP', quantity: 1, unitAmount: money(topUp), amount: money(topUp) });
  }
  if (credit.gt(0))
    items.push({ kind: 'CREDIT', quantity: 1, unitAmount: money(credit.neg()), amount: money(credit.neg()) });
  if (tax.gt(0)) items.push({ kind: 'TAX', quantity: 1, unitAmount: money(tax), amount: money(tax) });
  return {
    quantity: input.quantity,
    chargeRange: range,
    chargePerStudent: money(perStudent),
    subtotal: money(subtotal),
    minimumCharge: money(minimum),
    creditApplied: money(credit),
    totalBeforeTax: money(beforeTax),
    taxRate: rate.toString(),
    tax: money(tax),
    total: money(beforeTax.plus(tax)),
    items,
  };
}

/** An Invoice row's amount columns from priced amounts (by hand, the cycle and the demo seed alike). */
export function invoiceAmountsData(amounts: InvoiceAmounts) {
  return {
    chargeRange: amounts.chargeRange,
    chargePerStudent: amounts.chargePerStudent,
    subtotal: amounts.subtotal,
    minimumCharge: amounts.minimumCharge,
    creditApplied: amounts.creditApplied,
    totalBeforeTax: amounts.totalBeforeTax,
    taxRate: amounts.taxRate,
    tax: amounts.tax,
    total: amounts.total,
    items: amounts.items as unknown as Prisma.InputJsonValue,
  } satisfies Partial<Prisma.InvoiceCreateManyInput>;
}

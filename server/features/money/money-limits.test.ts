import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUANTITY_MAX, ZPriceTier, ZTaxRate } from '../../../src/contracts/billing';
import {
  AMOUNT_MAX,
  BALANCE_MAX,
  COLUMN_MAX,
  RATE_MAX,
  STUDENT_PRICE_MAX,
  ZMoney,
  ZOptionalRate,
  ZRate,
} from '../../../src/contracts/common';
import { MAX_CLASS_HOURS } from '../../../src/contracts/schedules';
import { ZVoucherPurchaseBody } from '../../../src/contracts/vouchers';
import { COLUMN_MAX_CENTS, cents, edgeAmounts, money } from '../../../tests/support/money-factories';
import { Prisma } from '../../generated/prisma/client';
import { invoiceInputError, priceInvoice } from '../billing/invoice-math';
import { teacherTotals } from '../payroll/payroll-figures';
import { checkBalanceLimit, type LedgerDraft } from '../vouchers/ledger';
import { amountFor, teacherPay } from './class-amounts';

// Issue 20, finding 4: amounts at and around the limits (src/contracts/common.ts) driven through every
// sum the server stores; each result must fit Decimal(12,2): |x| <= 9,999,999,999.99, 2 decimals.
// Expected figures are in BigInt cents, never the server's arithmetic.
const { Decimal } = Prisma;
const fits = (value: string | Prisma.Decimal) => {
  const text = typeof value === 'string' ? value : value.toFixed(2);
  expect(text).toMatch(/^-?\d+\.\d{2}$/);
  const c = cents(text);
  expect(c <= COLUMN_MAX_CENTS && c >= -COLUMN_MAX_CENTS, text).toBe(true);
};
/** Cents from 0 to `max`, biased to both ends. */
const centsUpTo = (max: string) =>
  fc.oneof(fc.bigInt({ min: 0n, max: cents(max) }), fc.constantFrom(0n, 1n, cents(max) - 1n, cents(max)));
const hour = 3_600_000;
const start = new Date('2026-03-02T15:00:00Z');
/** A class length the contracts accept: 1 minute to MAX_CLASS_HOURS. */
const minutes = fc.oneof(fc.integer({ min: 1, max: MAX_CLASS_HOURS * 60 }), fc.constant(MAX_CLASS_HOURS * 60));
const endAfter = (m: number) => new Date(start.getTime() + m * 60_000);

describe('the limits in the contracts', () => {
  it('accept amounts up to the limit and refuse a cent more, naming the rule', () => {
    for (const [schema, max] of [
      [ZMoney, AMOUNT_MAX],
      [ZRate, RATE_MAX],
      [ZOptionalRate, RATE_MAX],
      [ZPriceTier.shape.pricePerStudent, STUDENT_PRICE_MAX],
    ] as const) {
      const { within, beyond } = edgeAmounts(max);
      for (const v of within) expect(schema.safeParse(v).success, `${v} <= ${max}`).toBe(true);
      for (const v of beyond) {
        const result = schema.safeParse(v);
        expect(result.success, `${v} > ${max}`).toBe(false);
        expect(result.error?.issues[0].message).toMatch(/at most/);
      }
    }
    const purchase = (voucherAmount: string, type = 'ADJUSTMENT') =>
      ZVoucherPurchaseBody.safeParse({
        studentId: 1,
        type,
        purchaseDate: '2026-03-02',
        voucherAmount,
        idempotencyKey: '6f1c1e9a-4a57-4a55-8a57-52b2a7b3f0a1',
      }).success;
    expect(purchase(`-${AMOUNT_MAX}`)).toBe(true);
    expect(purchase(`-${money(cents(AMOUNT_MAX) + 1n)}`)).toBe(false);
    expect(purchase(money(cents(AMOUNT_MAX) + 1n), 'PURCHASE')).toBe(false);
    expect(purchase(COLUMN_MAX, 'REFUND')).toBe(false);
  });
});

describe('class amounts at the limits', () => {
  it('a class charge or a teacher pay (rate x minutes / 60) fits for any rate and length the contracts accept', () => {
    fc.assert(
      fc.property(centsUpTo(RATE_MAX), minutes, (rateCents, m) => {
        const rate = new Decimal(money(rateCents));
        const charge = amountFor(rate, start, endAfter(m));
        fits(charge);
        // Half-up to the cent of rate x minutes / 60, in integer cents.
        expect(cents(charge.toFixed(2))).toBe((rateCents * BigInt(m) * 2n + 60n) / 120n);
        fits(teacherPay({ teacherHourlyRate: rate, teacherStartAt: start, teacherEndAt: endAfter(m) }));
        // A payroll adjustment is a difference of two pays of one class.
        fits(charge.minus(amountFor(new Decimal(RATE_MAX), start, endAfter(MAX_CLASS_HOURS * 60))));
      }),
      { numRuns: 500 },
    );
    expect(amountFor(new Decimal(RATE_MAX), start, new Date(start.getTime() + MAX_CLASS_HOURS * hour)).toFixed(2)).toBe(
      '12000000.00',
    );
  });
});

describe('invoices at the limits', () => {
  const taxRate = fc.oneof(
    fc.integer({ min: 0, max: 999_999 }).map((ppm) => `0.${String(ppm).padStart(6, '0')}`),
    fc.constant('0.999999'),
  );
  it('every amount fits for any quantity, tiers, minimum, credit and tax rate the contracts accept', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: QUANTITY_MAX }), fc.constant(QUANTITY_MAX)),
        fc.array(centsUpTo(STUDENT_PRICE_MAX), { minLength: 1, maxLength: 4 }),
        centsUpTo(AMOUNT_MAX),
        centsUpTo(BALANCE_MAX),
        taxRate,
        (quantity, prices, minimum, credit, rate) => {
          expect(ZTaxRate.safeParse(rate).success).toBe(true);
          const input = {
            quantity,
            tiers: prices.map((p, i) => ({ fromStudents: i * 100, pricePerStudent: money(p) })),
            minimumCharge: money(minimum),
            creditBalance: money(credit),
            taxRate: rate,
          };
          expect(invoiceInputError(input)).toBeNull();
          const got = priceInvoice(input);
          for (const v of [
            got.chargePerStudent,
            got.subtotal,
            got.minimumCharge,
            got.creditApplied,
            got.totalBeforeTax,
            got.tax,
            got.total,
            ...got.items.flatMap((line) => [line.unitAmount, line.amount]),
          ])
            fits(v);
        },
      ),
      { numRuns: 500 },
    );
    // The largest invoice: 1,000,000 students at 1,000.00 and a tax rate just under 1.
    const most = priceInvoice({
      quantity: QUANTITY_MAX,
      tiers: [{ fromStudents: 0, pricePerStudent: STUDENT_PRICE_MAX }],
      minimumCharge: AMOUNT_MAX,
      creditBalance: '0',
      taxRate: '0.999999',
    });
    expect(most.total).toBe('1999999000.00');
  });

  it('refuses a price list or credit beyond the limits (saved before them), naming the field', () => {
    const base = { quantity: 1, minimumCharge: '0', creditBalance: '0', taxRate: '0' };
    const price = (p: string) => ({ ...base, tiers: [{ fromStudents: 0, pricePerStudent: p }] });
    expect(invoiceInputError(price(money(cents(STUDENT_PRICE_MAX) + 1n)))?.field).toBe('tiers.0.pricePerStudent');
    expect(invoiceInputError({ ...price('1'), minimumCharge: COLUMN_MAX })?.field).toBe('minimumCharge');
    expect(invoiceInputError({ ...price('1'), creditBalance: COLUMN_MAX })?.field).toBe('creditBalance');
  });
});

describe('voucher balances at the limits', () => {
  // One desk entry or class entry as the ledger posts it (signed), with amounts the contracts accept.
  const draft: fc.Arbitrary<LedgerDraft> = fc
    .tuple(
      fc.constantFrom('PURCHASE', 'GIFT', 'REFUND', 'ADJUSTMENT', 'CLASS_CHARGE', 'CHARGE_REVERSAL'),
      centsUpTo(AMOUNT_MAX),
      centsUpTo(RATE_MAX),
      minutes,
      fc.boolean(),
    )
    .map(([kind, amount, rate, m, negative]) => {
      const classAmount = amountFor(new Decimal(money(rate)), start, endAfter(m));
      const signed =
        kind === 'PURCHASE' || kind === 'GIFT'
          ? new Decimal(money(amount))
          : kind === 'REFUND'
            ? new Decimal(money(-amount))
            : kind === 'ADJUSTMENT'
              ? new Decimal(money(negative ? -amount : amount))
              : kind === 'CLASS_CHARGE'
                ? classAmount.neg()
                : classAmount;
      return { kind, amount: signed, entryDate: start } as LedgerDraft;
    });
  const startBalance = fc
    .tuple(centsUpTo(BALANCE_MAX), fc.boolean())
    .map(([c, negative]) => new Decimal(money(negative ? -c : c)));

  it('posting keeps every running balance within the cap (a refused post changes nothing), so it fits', () => {
    fc.assert(
      fc.property(
        startBalance,
        fc.array(fc.array(draft, { minLength: 1, maxLength: 3 }), { maxLength: 30 }),
        (b0, posts) => {
          let balance = b0;
          for (const drafts of posts) {
            let refused = false;
            try {
              checkBalanceLimit(balance, drafts, 'voucherAmount');
            } catch {
              refused = true;
            }
            if (refused) continue; // nothing written: the balance stays
            for (const d of drafts) {
              fits(d.amount);
              balance = balance.plus(d.amount);
              fits(balance);
              expect(balance.abs().lte(BALANCE_MAX)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a move past the cap but allows one back towards it', () => {
    const at = (v: string) => new Decimal(v);
    const d = (amount: string): LedgerDraft => ({ kind: 'ADJUSTMENT', amount: at(amount), entryDate: start });
    expect(() => checkBalanceLimit(at(BALANCE_MAX), [d('0.01')], 'voucherAmount')).toThrow(/voucherAmount/);
    expect(() => checkBalanceLimit(at(`-${BALANCE_MAX}`), [d('-0.01')], 'students')).toThrow(/students/);
    expect(() => checkBalanceLimit(at(BALANCE_MAX), [d('-0.01')], 'voucherAmount')).not.toThrow();
    // A balance from before the limits may come back down.
    expect(() => checkBalanceLimit(at('5000000000.00'), [d('-1.00')], 'voucherAmount')).not.toThrow();
  });
});

describe('payroll at the limits', () => {
  it("a month's totals fit whenever its class pays (each within the limits) total at most COLUMN_MAX", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), centsUpTo(RATE_MAX), minutes), {
          minLength: 1,
          maxLength: 50,
        }),
        (classes) => {
          const perTeacher = new Map<number, { hours: Prisma.Decimal; amount: Prisma.Decimal; classes: number }>();
          let total = new Decimal(0);
          for (const [teacherId, rate, m] of classes) {
            const pay = amountFor(new Decimal(money(rate)), start, endAfter(m));
            fits(pay);
            total = total.plus(pay);
            const row = perTeacher.get(teacherId) ?? { hours: new Decimal(0), amount: new Decimal(0), classes: 0 };
            perTeacher.set(teacherId, {
              hours: row.hours.plus(new Decimal(m).div(60).toDecimalPlaces(2)),
              amount: row.amount.plus(pay),
              classes: row.classes + 1,
            });
          }
          // The close refuses a month above COLUMN_MAX (payroll/close-period.ts); below it, all fits.
          if (total.gt(COLUMN_MAX)) return;
          const figures = [...perTeacher].map(([teacherId, e]) => ({
            teacherId,
            teacherName: `T${teacherId}`,
            classes: e.classes,
            hours: e.hours.toFixed(2),
            amount: e.amount.toFixed(2),
          }));
          const { teachers, totals } = teacherTotals(figures, []);
          for (const t of teachers) fits(t.payable);
          fits(totals.amount);
          fits(totals.payable);
          expect(totals.amount).toBe(total.toFixed(2));
        },
      ),
      { numRuns: 300 },
    );
    // 833 twelve-hour classes at the maximum rate fit a month; the 834th is refused at close.
    expect(new Decimal('12000000.00').times(833).lte(COLUMN_MAX)).toBe(true);
    expect(new Decimal('12000000.00').times(834).gt(COLUMN_MAX)).toBe(true);
  });
});

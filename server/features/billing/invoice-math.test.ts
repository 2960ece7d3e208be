import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceInputError, type PriceTier, priceInvoice, tierFor } from './invoice-math';

// The same invoice computed independently in integer cents (BigInt), with the tax rate in parts per
// million: rounding half-up is (x * ppm + 500000) / 1000000 on non-negative integers.
function expected(
  q: number,
  tiers: { from: number; cents: number }[],
  minCents: number,
  creditCents: number,
  ppm: number,
) {
  const tier = [...tiers].reverse().find((t) => t.from <= q) ?? tiers[0];
  const subtotal = BigInt(q) * BigInt(tier.cents);
  const due = subtotal > BigInt(minCents) ? subtotal : BigInt(minCents);
  const credit = BigInt(creditCents) < due ? BigInt(creditCents) : due;
  const beforeTax = due - credit;
  const tax = (beforeTax * BigInt(ppm) + 500_000n) / 1_000_000n;
  return { tier, subtotal, due, credit, beforeTax, tax, total: beforeTax + tax };
}
const dollars = (cents: bigint | number) => {
  const c = BigInt(cents);
  return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
};
const tiersOf = (list: { from: number; cents: number }[]): PriceTier[] =>
  list.map((t) => ({ fromStudents: t.from, pricePerStudent: dollars(t.cents) }));

const tierList = fc
  .uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 5 })
  .chain((starts) =>
    fc.tuple(
      fc.constant([0, ...starts.sort((a, b) => a - b)]),
      fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: starts.length + 1, maxLength: starts.length + 1 }),
    ),
  )
  .map(([froms, cents]) => froms.map((from, i) => ({ from, cents: cents[i] })));

describe('priceInvoice', () => {
  it('equals the integer-cent computation for any tiers, quantity, minimum, credit and tax rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        tierList,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 999_999 }),
        (q, tiers, minCents, creditCents, ppm) => {
          const rate = (ppm / 1_000_000).toFixed(6);
          const got = priceInvoice({
            quantity: q,
            tiers: tiersOf(tiers),
            minimumCharge: dollars(minCents),
            creditBalance: dollars(creditCents),
            taxRate: rate,
          });
          const want = expected(q, tiers, minCents, creditCents, ppm);
          expect(got.chargePerStudent).toBe(dollars(want.tier.cents));
          expect(got.subtotal).toBe(dollars(want.subtotal));
          expect(got.creditApplied).toBe(dollars(want.credit));
          expect(got.totalBeforeTax).toBe(dollars(want.beforeTax));
          expect(got.tax).toBe(dollars(want.tax));
          expect(got.total).toBe(dollars(want.total));
          // The lines add up to the total.
          const lines = got.items.reduce((sum, line) => sum + BigInt(line.amount.replace('.', '')), 0n);
          expect(lines).toBe(want.total);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('rounds tax half-up to the cent', () => {
    const base = { tiers: [{ fromStudents: 0, pricePerStudent: '0.50' }], minimumCharge: '0', creditBalance: '0' };
    // 0.50 x 0.13 = 0.065 -> 0.07 (half-up, not half-even's 0.06)
    expect(priceInvoice({ ...base, quantity: 1, taxRate: '0.13' }).tax).toBe('0.07');
    // 1.00 x 0.14975 = 0.14975 -> 0.15
    expect(priceInvoice({ ...base, quantity: 2, taxRate: '0.14975' }).tax).toBe('0.15');
  });

  it('applies the minimum and the credit, never below zero', () => {
    const got = priceInvoice({
      quantity: 3,
      tiers: [{ fromStudents: 0, pricePerStudent: '10.00' }],
      minimumCharge: '50.00',
      creditBalance: '80.00',
      taxRate: '0.13',
    });
    expect(got).toMatchObject({
      subtotal: '30.00',
      creditApplied: '50.00',
      totalBeforeTax: '0.00',
      tax: '0.00',
      total: '0.00',
    });
    expect(got.items.map((i) => i.kind)).toEqual(['STUDENTS', 'MINIMUM_TOP_UP', 'CREDIT']);
  });

  it('names the tier range applied', () => {
    const tiers = [
      { fromStudents: 0, pricePerStudent: '5.00' },
      { fromStudents: 51, pricePerStudent: '4.00' },
      { fromStudents: 201, pricePerStudent: '3.00' },
    ];
    expect(tierFor(50, tiers).range).toBe('0–50');
    expect(tierFor(51, tiers).range).toBe('51–200');
    expect(tierFor(5000, tiers).range).toBe('201+');
  });

  it('refuses bad input naming the field and the rule', () => {
    const ok = {
      quantity: 1,
      tiers: [{ fromStudents: 0, pricePerStudent: '1' }],
      minimumCharge: '0',
      creditBalance: '0',
      taxRate: '0',
    };
    expect(invoiceInputError(ok)).toBeNull();
    expect(invoiceInputError({ ...ok, quantity: -1 })?.field).toBe('quantity');
    expect(invoiceInputError({ ...ok, quantity: 1.5 })?.field).toBe('quantity');
    expect(invoiceInputError({ ...ok, tiers: [] })?.field).toBe('tiers');
    expect(invoiceInputError({ ...ok, tiers: [{ fromStudents: 5, pricePerStudent: '1' }] })?.message).toMatch(
      /start at 0/,
    );
    expect(
      invoiceInputError({
        ...ok,
        tiers: [
          { fromStudents: 0, pricePerStudent: '1' },
          { fromStudents: 0, pricePerStudent: '1' },
        ],
      })?.field,
    ).toBe('tiers.1.fromStudents');
    expect(invoiceInputError({ ...ok, tiers: [{ fromStudents: 0, pricePerStudent: '1.001' }] })?.field).toBe(
      'tiers.0.pricePerStudent',
    );
    expect(invoiceInputError({ ...ok, minimumCharge: '-1' })?.field).toBe('minimumCharge');
    expect(invoiceInputError({ ...ok, creditBalance: '-0.01' })?.field).toBe('creditBalance');
    expect(invoiceInputError({ ...ok, taxRate: '1' })?.field).toBe('taxRate');
    expect(() => priceInvoice({ ...ok, quantity: -1 })).toThrow(/quantity/);
  });
});

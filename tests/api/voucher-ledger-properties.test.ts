import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createStudent } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Random desk sequences through the API; the expectations are computed here in integer cents, so no
// float ever touches money and the figures are independent of the server's arithmetic.
let ctx: TestContext;
let centre: Awaited<ReturnType<typeof createCentreWithStaff>>;
let operator: ReturnType<typeof callerWith>;
beforeAll(async () => {
  ctx = await createTestContext();
  centre = await createCentreWithStaff(ctx);
  operator = callerWith(ctx.app, centre.tokens.operator);
});
afterAll(() => ctx.close());

/** Integer cents as the API's 2-decimal string. */
function text(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
const cents = (value: string) => {
  const [whole = '0', part = ''] = value.replace('-', '').split('.');
  const abs = BigInt(whole) * 100n + BigInt(part.padEnd(2, '0'));
  return value.startsWith('-') ? -abs : abs;
};

type Op =
  | { type: 'PURCHASE'; voucher: number; gift: number }
  | { type: 'REFUND'; voucher: number }
  | { type: 'ADJUSTMENT'; voucher: number }
  | { type: 'RETRY' };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc
    .record({ voucher: fc.integer({ min: 0, max: 200_000 }), gift: fc.integer({ min: 0, max: 20_000 }) })
    .filter((p) => p.voucher + p.gift > 0)
    .map((p) => ({ type: 'PURCHASE' as const, ...p })),
  fc.integer({ min: 1, max: 100_000 }).map((voucher) => ({ type: 'REFUND' as const, voucher })),
  fc
    .integer({ min: -100_000, max: 100_000 })
    .filter((v) => v !== 0)
    .map((voucher) => ({ type: 'ADJUSTMENT' as const, voucher })),
  fc.constant({ type: 'RETRY' as const }),
);

describe('voucher ledger properties', () => {
  it('keep cached balance = Σ entries = the derived totals, with balanceAfter the running sum', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const student = await createStudent(ctx.prisma, centre.centre.id);
        const expected = { purchased: 0n, gift: 0n, refunded: 0n, adjusted: 0n };
        let last: { body: Record<string, unknown>; id: number } | undefined;
        for (const step of ops) {
          if (step.type === 'RETRY') {
            if (!last) continue;
            const again = await operator.post('/api/voucher-purchases', last.body);
            expect(again.status).toBe(201);
            expect(again.body.id).toBe(last.id);
            continue;
          }
          const body = {
            studentId: student.id,
            type: step.type,
            purchaseDate: '2026-04-01',
            voucherAmount: text(BigInt(step.voucher)),
            giftAmount: step.type === 'PURCHASE' ? text(BigInt(step.gift)) : '0',
            idempotencyKey: randomUUID(),
          };
          const res = await operator.post('/api/voucher-purchases', body);
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          last = { body, id: res.body.id };
          if (step.type === 'PURCHASE') {
            expected.purchased += BigInt(step.voucher);
            expected.gift += BigInt(step.gift);
          } else if (step.type === 'REFUND') expected.refunded += BigInt(step.voucher);
          else expected.adjusted += BigInt(step.voucher);
          const balance = expected.purchased + expected.gift - expected.refunded + expected.adjusted;
          expect(res.body.balanceAfter).toBe(text(balance));
        }

        const ledger = await operator.get(`/api/students/${student.id}/ledger`, { pageSize: 100 });
        expect(ledger.status).toBe(200);
        const entries = [...(ledger.body.data as { amount: string; balanceAfter: string }[])].reverse();
        let running = 0n;
        for (const entry of entries) {
          running += cents(entry.amount);
          expect(entry.balanceAfter).toBe(text(running));
        }
        const balance = expected.purchased + expected.gift - expected.refunded + expected.adjusted;
        expect(running).toBe(balance);
        expect(ledger.body.totals).toEqual({
          balance: text(balance),
          totalPurchased: text(expected.purchased),
          totalGift: text(expected.gift),
          totalPaidFromVoucher: '0.00',
          totalRefunded: text(expected.refunded),
          totalAdjusted: text(expected.adjusted),
          voucherBalance: text(balance),
        });
        const stored = await ctx.prisma.student.findUniqueOrThrow({ where: { id: student.id } });
        expect(stored.voucherBalance.toFixed(2)).toBe(text(balance));
      }),
      { numRuns: 15 },
    );
  });
});

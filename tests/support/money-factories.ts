// Money at its limits (issue 20, finding 4): desk bodies, a snapshot of every money table (a refusal
// must leave it unchanged) and amounts at and around a limit, for the API and the property tests.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../server/generated/prisma/client';

/** A voucher PURCHASE body (a new idempotency key each time); override what a test is about. */
export function voucherPurchaseBody(studentId: number, over: Record<string, unknown> = {}) {
  return {
    studentId,
    type: 'PURCHASE',
    purchaseDate: '2026-03-02',
    voucherAmount: '100.00',
    giftAmount: '0',
    paymentMethod: 'CASH',
    idempotencyKey: randomUUID(),
    ...over,
  };
}

/** How many rows each money table holds, and every cached balance: equal before and after a refusal. */
export async function moneySnapshot(prisma: PrismaClient) {
  const [purchases, ledger, credit, invoices, periods, lines, students, centres] = await Promise.all([
    prisma.voucherPurchase.count(),
    prisma.voucherLedgerEntry.count(),
    prisma.creditLedgerEntry.count(),
    prisma.invoice.count(),
    prisma.payrollPeriod.count(),
    prisma.payrollLine.count(),
    prisma.student.findMany({ select: { id: true, voucherBalance: true }, orderBy: { id: 'asc' } }),
    prisma.organisation.findMany({ select: { id: true, creditBalance: true }, orderBy: { id: 'asc' } }),
  ]);
  return {
    purchases,
    ledger,
    credit,
    invoices,
    periods,
    lines,
    voucherBalances: students.map((s) => `${s.id}:${s.voucherBalance.toFixed(2)}`),
    creditBalances: centres.map((c) => `${c.id}:${c.creditBalance.toFixed(2)}`),
  };
}

/** Whole cents of a decimal text, exactly. */
export const cents = (v: string): bigint => {
  const negative = v.startsWith('-');
  const [whole, fraction = ''] = v.replace('-', '').split('.');
  const n = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -n : n;
};
/** A whole number of cents as a 2-decimal text. */
export const money = (c: bigint): string => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** Amounts a limit must be tested at: 0, a cent, the limit, a cent either side of it, the column's maximum. */
export function edgeAmounts(max: string): { within: string[]; beyond: string[] } {
  const m = cents(max);
  return {
    within: ['0.00', '0.01', money(m - 1n), money(m)],
    beyond: [money(m + 1n), '9999999999.99'].filter((v) => cents(v) > m),
  };
}

/** The largest value a Decimal(12,2) column holds, in cents. */
export const COLUMN_MAX_CENTS = 999_999_999_999n;

// A cycle start or an invoice that loses a race with another transaction (PostgreSQL 40001, Prisma's
// P2034) or finds the database overloaded (P2024) is not "failed" (500): the error handler answers 409
// "try again" or 503 with Retry-After, as for any other route (issue 37, a gap noted in review).
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../generated/prisma/client';
import { isConcurrencyFailure, isOverload } from '../../http/error-handler';
import { AppError } from '../../http/errors';
import { createInvoice } from './create-invoice';
import { startCycle } from './cycles';

const failingWith = (code: string) =>
  ({
    $transaction: async () => {
      throw Object.assign(new Error(`database said ${code}`), { code });
    },
  }) as unknown as PrismaClient;

const nextMonth = () => {
  const d = new Date();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0));
  return { startDate: first.toISOString().slice(0, 10), endDate: last.toISOString().slice(0, 10), repeat: false };
};

describe('billing writes that meet a busy database', () => {
  it('pass a lost race (P2034) and an overload (P2024) on to the error handler', async () => {
    for (const [code, kind] of [
      ['P2034', isConcurrencyFailure],
      ['P2024', isOverload],
    ] as const) {
      const cycle = await startCycle(failingWith(code), nextMonth(), 1).catch((error: unknown) => error);
      expect(cycle).not.toBeInstanceOf(AppError);
      expect(kind(cycle)).toBe(true);
      const invoice = await createInvoice(failingWith(code), {
        organisationId: 1,
        periodStart: nextMonth().startDate,
        periodEnd: nextMonth().endDate,
      } as Parameters<typeof createInvoice>[1]).catch((error: unknown) => error);
      expect(invoice).not.toBeInstanceOf(AppError);
      expect(kind(invoice)).toBe(true);
    }
  });

  it('still say "failed" (500) for anything else', async () => {
    const cycle = await startCycle(failingWith('XX000'), nextMonth(), 1).catch((error: unknown) => error);
    expect(cycle).toBeInstanceOf(AppError);
    expect((cycle as AppError).code).toBe('internal');
  });
});

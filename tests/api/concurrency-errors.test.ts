// Issue 20, finding 5: a transaction PostgreSQL aborts because of another one (deadlock, serialization
// failure) is a 409 the client can retry, never a 500. A real deadlock is provoked through Prisma and its
// error is put through the app's error handler.
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, isConcurrencyFailure } from '../../server/http/error-handler';
import { createCentre } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe.skipIf(process.env.TEST_DB !== 'postgres')('a deadlock (PostgreSQL)', () => {
  it('is recognised and answered 409 with nothing written', async () => {
    const [a, b] = [await createCentre(ctx.prisma), await createCentre(ctx.prisma)];
    // Each transaction locks one row, waits for the other to do the same, then asks for the other's row.
    const crossing = (first: number, second: number, name: string) =>
      ctx.prisma.$transaction(
        async (tx) => {
          await tx.organisation.update({ where: { id: first }, data: { name } });
          await tx.$executeRaw`SELECT pg_sleep(0.3)`;
          await tx.organisation.update({ where: { id: second }, data: { name } });
        },
        { timeout: 20_000 },
      );
    const results = await Promise.allSettled([crossing(a.id, b.id, 'first'), crossing(b.id, a.id, 'second')]);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isConcurrencyFailure(failed[0].reason)).toBe(true);

    const app = express();
    app.get('/x', () => {
      throw failed[0].reason;
    });
    app.use(errorHandler);
    const res = await request(app).get('/x');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, errorCode: 'conflict' });
    expect(res.body.errorMessage).toMatch(/nothing was saved/);
    const names = (await ctx.prisma.organisation.findMany({ where: { id: { in: [a.id, b.id] } } })).map((o) => o.name);
    expect(new Set(names).size).toBe(1); // the survivor's name on both rows: the loser wrote nothing
  });
});

describe('isConcurrencyFailure', () => {
  it('is false for other errors', () => {
    expect(isConcurrencyFailure(new Error('boom'))).toBe(false);
    expect(isConcurrencyFailure({ code: 'P2002' })).toBe(false);
    expect(isConcurrencyFailure(undefined)).toBe(false);
  });
});

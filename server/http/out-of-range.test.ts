// A number out of range (PostgreSQL 22003) in every shape it reaches the error handler: PGlite's and
// pg's own errors (outside Prisma: pg-boss, a raw pool), and an 'internal' AppError carrying one. The
// Prisma shapes (P2020, P2010 with 22003) are met for real in tests/api/number-out-of-range.test.ts.
import { PGlite } from '@electric-sql/pglite';
import express from 'express';
import pg from 'pg';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLocale } from '../i18n/locale';
import { errorHandler, outOfRange } from './error-handler';
import { AppError } from './errors';

function appThrowing(error: unknown) {
  const app = express();
  app.use(withLocale);
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

async function pgliteOverflow(): Promise<unknown> {
  const db = await PGlite.create();
  try {
    await db.query('SELECT 10000000000::numeric(12, 2)');
  } catch (error) {
    return error;
  } finally {
    await db.close();
  }
  throw new Error('no overflow');
}

let fromPglite: unknown;
// Starting PGlite takes seconds.
beforeAll(async () => {
  fromPglite = await pgliteOverflow();
}, 60_000);

describe('a number out of range', () => {
  it("is recognised from PGlite's and pg's own errors, naming the column when the error does", () => {
    expect((fromPglite as { code?: string }).code).toBe('22003');
    expect(outOfRange(fromPglite)).toEqual({});
    const fromPg = Object.assign(new pg.DatabaseError('numeric field overflow', 0, 'error'), {
      code: '22003',
      column: 'amount',
    });
    expect(outOfRange(fromPg)).toEqual({ column: 'amount' });
    expect(outOfRange(new AppError('internal', 'Internal server error', { cause: fromPg }))).toEqual({
      column: 'amount',
    });
    // Not an overflow: another database error, or a refusal of ours.
    expect(outOfRange(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
    expect(outOfRange(new AppError('conflict', 'Login name already used!'))).toBeUndefined();
  });

  it('answers 409 in the standard body, in English or Chinese, with the column when named', async () => {
    const res = await request(appThrowing(fromPglite)).get('/boom');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, errorCode: 'conflict', errorKey: 'numberOutOfRange' });
    expect(res.body.errorMessage).toMatch(/^A number is out of range: /);
    const named = Object.assign(new pg.DatabaseError('numeric field overflow', 0, 'error'), {
      code: '22003',
      column: 'amount',
    });
    const wrapped = new AppError('internal', 'Internal server error', { cause: named });
    const zh = await request(appThrowing(wrapped)).get('/boom').set('Accept-Language', 'zh-CN');
    expect(zh.status).toBe(409);
    expect(zh.body.errorMessage).toMatch(/^amount 的数字超出范围：.*未保存任何内容。$/);
  });
});

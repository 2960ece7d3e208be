// The credit ledger (issue 10): ADD / SUBTRACT / ADJUST by the platform, random sequences (some
// concurrent) keep every entry's balanceAfter equal to the running sum in id order and the cached
// Organisation.creditBalance equal to the sum; refused updates change nothing; rights.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const update = (token: string, body: object) =>
  request(ctx.app).post('/api/billing/credit-ledger').set(auth(token)).send(body);

/** Integer cents of a 2-decimal string (the test's own arithmetic). */
const cents = (s: string) => {
  const negative = s.startsWith('-');
  const [whole, frac = ''] = s.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return negative ? -value : value;
};
const text = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

async function checkLedger(organisationId: number) {
  const entries = await ctx.prisma.creditLedgerEntry.findMany({ where: { organisationId }, orderBy: { id: 'asc' } });
  let sum = 0;
  for (const e of entries) {
    sum += cents(e.amount.toFixed(2));
    expect(cents(e.balanceAfter.toFixed(2))).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
  }
  const org = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: organisationId } });
  expect(cents(org.creditBalance.toFixed(2))).toBe(sum);
  return { entries, sum };
}

describe('updates', () => {
  it('adds, subtracts and adjusts (recorded as the difference)', async () => {
    const { centre, tokens, system } = await createCentreWithStaff(ctx);
    const add = await update(tokens.system, {
      organisationId: centre.id,
      type: 'ADD',
      amount: '50.25',
      comments: 'Welcome',
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({
      type: 'ADD',
      amount: '50.25',
      balanceAfter: '50.25',
      comments: 'Welcome',
      invoiceId: null,
    });
    expect(add.body.createdByName).toContain(system.firstName);
    const sub = await update(tokens.system, { organisationId: centre.id, type: 'SUBTRACT', amount: '0.26' });
    expect(sub.body).toMatchObject({ type: 'SUBTRACT', amount: '-0.26', balanceAfter: '49.99' });
    const adj = await update(tokens.system, { organisationId: centre.id, type: 'ADJUST', amount: '20' });
    expect(adj.body).toMatchObject({ type: 'ADJUST', amount: '-29.99', balanceAfter: '20.00' });
    const same = await update(tokens.system, { organisationId: centre.id, type: 'ADJUST', amount: '20.00' });
    expect(same.status).toBe(400);
    expect(same.body.errorMessage).toBe('amount: the balance is already this amount');
    const zero = await update(tokens.system, { organisationId: centre.id, type: 'ADJUST', amount: '0' });
    expect(zero.body).toMatchObject({ amount: '-20.00', balanceAfter: '0.00' });

    const list = await request(ctx.app)
      .get(`/api/billing/credit-ledger?organisationId=${centre.id}`)
      .set(auth(tokens.system));
    expect(list.body.total).toBe(4);
    expect(list.body.data.map((e: { type: string }) => e.type)).toEqual(['ADJUST', 'ADJUST', 'SUBTRACT', 'ADD']);
    const adds = await request(ctx.app).get('/api/billing/credit-ledger?type=ADD').set(auth(tokens.admin));
    expect(adds.body.data.map((e: { id: number }) => e.id)).toEqual([add.body.id]);
    await checkLedger(centre.id);
  });

  it('refuses bad bodies and a balance below 0, changing nothing', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    await update(tokens.system, { organisationId: centre.id, type: 'ADD', amount: '10' });
    const bad: [object, string][] = [
      [{ organisationId: centre.id, type: 'SUBTRACT', amount: '10.01' }, 'amount'],
      [{ organisationId: centre.id, type: 'ADD', amount: '0' }, 'amount'],
      [{ organisationId: centre.id, type: 'ADD', amount: '-5' }, 'amount'],
      [{ organisationId: centre.id, type: 'ADD', amount: '1.234' }, 'amount'],
      [{ organisationId: centre.id, type: 'ADD', amount: 'lots' }, 'amount'],
      [{ organisationId: centre.id, type: 'INVOICE_CHARGE', amount: '1' }, 'type'],
      [{ organisationId: centre.id, type: 'ADD' }, 'amount'],
      [{ type: 'ADD', amount: '1' }, 'organisationId'],
      [{ organisationId: centre.id, type: 'ADD', amount: '1', comments: 'x'.repeat(501) }, 'comments'],
    ];
    for (const [body, field] of bad) {
      const res = await update(tokens.system, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.fieldErrors ?? res.body.errorMessage)).toContain(field);
    }
    const below = await update(tokens.system, { organisationId: centre.id, type: 'SUBTRACT', amount: '10.01' });
    expect(below.body.errorMessage).toBe('amount: The credit balance cannot go below 0');
    expect((await update(tokens.system, { organisationId: 999999, type: 'ADD', amount: '1' })).status).toBe(404);
    const { entries, sum } = await checkLedger(centre.id);
    expect(entries).toHaveLength(1);
    expect(sum).toBe(1000);
  });

  it('random sequences, sequential and concurrent, keep balanceAfter and the cache equal to the sum', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const body = () => {
      const r = random();
      const amount = text(Math.floor(random() * 5000));
      const type = r < 0.45 ? 'ADD' : r < 0.85 ? 'SUBTRACT' : 'ADJUST';
      return { organisationId: centre.id, type, amount };
    };
    let expected = 0;
    for (let i = 0; i < 30; i += 1) {
      const b = body();
      const res = await update(tokens.system, b);
      const c = cents(b.amount);
      const next = b.type === 'ADD' ? expected + c : b.type === 'SUBTRACT' ? expected - c : c;
      const valid = b.type === 'ADJUST' ? next !== expected : c > 0 && next >= 0;
      expect(res.status, JSON.stringify({ b, expected })).toBe(valid ? 201 : 400);
      if (valid) expected = next;
      expect((await checkLedger(centre.id)).sum).toBe(expected);
    }
    for (let round = 0; round < 4; round += 1) {
      const replies = await Promise.all(Array.from({ length: 8 }, () => update(tokens.system, body())));
      for (const r of replies) expect([201, 400]).toContain(r.status);
      const { entries } = await checkLedger(centre.id);
      expect(entries.length).toBeGreaterThan(0);
    }
  }, 60_000);
});

describe('rights', () => {
  it('admins read their own ledger only and never change it; operators and teachers nothing', async () => {
    const a = await createCentreWithStaff(ctx);
    const b = await createCentreWithStaff(ctx);
    await update(a.tokens.system, { organisationId: b.centre.id, type: 'ADD', amount: '3' });
    expect((await request(ctx.app).get('/api/billing/credit-ledger').set(auth(a.tokens.admin))).status).toBe(200);
    expect(
      (await request(ctx.app).get(`/api/billing/credit-ledger?organisationId=${b.centre.id}`).set(auth(a.tokens.admin)))
        .status,
    ).toBe(404);
    expect((await request(ctx.app).get('/api/billing/credit-ledger').set(auth(a.tokens.system))).status).toBe(400);
    for (const token of [a.tokens.operator, a.tokens.teacher])
      expect((await request(ctx.app).get('/api/billing/credit-ledger').set(auth(token))).status).toBe(403);
    for (const token of [a.tokens.admin, a.tokens.operator, a.tokens.teacher])
      expect((await update(token, { organisationId: a.centre.id, type: 'ADD', amount: '1' })).status).toBe(403);
    expect(await ctx.prisma.creditLedgerEntry.count({ where: { organisationId: a.centre.id } })).toBe(0);
  });
});

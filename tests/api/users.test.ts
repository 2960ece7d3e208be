import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
});
afterAll(() => ctx.close());

const users = (token: string, query: Record<string, string | number> = {}) =>
  request(ctx.app).get('/api/users').query(query).set('Authorization', `Bearer ${token}`);

describe('GET /api/users', () => {
  it("lists only the admin's own centre, in ProTable's shape", async () => {
    const res = await users(first.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.total).toBe(3);
    const logins = res.body.data.map((u: { login: string }) => u.login);
    expect(logins.sort()).toEqual([first.admin.login, first.operator.login, first.teacher.login].sort());
    expect(logins).not.toContain(second.admin.login);
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');
  });

  it('pages and sorts in the database', async () => {
    const page = await users(first.tokens.admin, { current: 2, pageSize: 2, sortField: 'login', sortOrder: 'descend' });
    expect(page.body.total).toBe(3);
    expect(page.body.data).toHaveLength(1);
    const all = [first.admin.login, first.operator.login, first.teacher.login].sort().reverse();
    expect(page.body.data[0].login).toBe(all[2]);
  });

  it('refuses an unknown sort column and a page size over 100', async () => {
    const res = await users(first.tokens.admin, { sortField: 'passwordHash', pageSize: 500 });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['pageSize', 'sortField']);
  });

  it('is refused to operators, teachers and the system role (403) and to anonymous callers (401)', async () => {
    for (const token of [first.tokens.operator, first.tokens.teacher, first.tokens.system]) {
      const res = await users(token);
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('forbidden');
    }
    expect((await request(ctx.app).get('/api/users')).status).toBe(401);
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff, signIn } from '../support/factories';
import { as, fieldsOf, readXlsx, staffBody } from '../support/staff-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof as>;
let operator: ReturnType<typeof as>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = as(ctx.app, first.tokens.admin);
  operator = as(ctx.app, first.tokens.operator);
});
afterAll(() => ctx.close());

describe('POST /api/staff', () => {
  it('creates an operator, and never replies with a password', async () => {
    const body = staffBody({ login: 'Front.Desk1', email: 'Front.Desk1@Example.test' });
    const res = await operator.post('/api/staff', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      login: 'front.desk1',
      email: 'front.desk1@example.test',
      role: 'ROLE_OPERATOR',
      birthday: '1990-04-05',
      activated: true,
      gmail: body.gmail,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    // The new operator can sign in.
    expect(await signIn(ctx, 'front.desk1', body.password)).toBeTruthy();
  });

  it('checks every field and names each one', async () => {
    const res = await admin.post('/api/staff', {
      login: 'abc',
      password: 'short',
      firstName: '',
      lastName: '',
      birthday: '1990-02-30',
      role: 'ROLE_TEACHER',
      email: 'not-an-email',
      phone: 'call me',
      gmail: 'nope',
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(
      ['birthday', 'email', 'firstName', 'gmail', 'lastName', 'login', 'password', 'phone', 'role'].sort(),
    );
    const messages = res.body.fieldErrors.map((f: { message: string }) => f.message);
    expect(messages).toContain('Input a valid email address');
    expect(messages).toContain('Login must be at least 4 characters');
    expect(messages).toContain('Password must be at least 8 characters');
  });

  it('refuses a duplicate login (userexists) and a duplicate email (emailexists), across centres too', async () => {
    const login = await admin.post('/api/staff', staffBody({ login: second.admin.login }));
    expect(login.status).toBe(409);
    expect(login.body.errorKey).toBe('userexists');
    const email = await admin.post('/api/staff', staffBody({ email: first.operator.email.toUpperCase() }));
    expect(email.status).toBe(409);
    expect(email.body.errorKey).toBe('emailexists');
  });

  it('lets only an admin create an admin', async () => {
    const refused = await operator.post('/api/staff', staffBody({ role: 'ROLE_ADMIN' }));
    expect(refused.status).toBe(403);
    const made = await admin.post('/api/staff', staffBody({ role: 'ROLE_ADMIN' }));
    expect(made.status).toBe(201);
    expect(made.body.role).toBe('ROLE_ADMIN');
  });
});

describe('GET /api/staff', () => {
  it('lists admins and operators of the own centre only, never teachers', async () => {
    const res = await admin.get('/api/staff', { pageSize: 100 });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const logins = res.body.data.map((s: { login: string }) => s.login);
    expect(logins).toContain(first.admin.login);
    expect(logins).toContain(first.operator.login);
    expect(logins).not.toContain(first.teacher.login);
    expect(logins).not.toContain(second.admin.login);
    expect(res.body.total).toBe(logins.length);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('filters by login, name, role and activation, and sorts and pages in the database', async () => {
    await admin.post('/api/staff', staffBody({ login: 'zed.filter', firstName: 'Zelda', lastName: 'Quill' }));
    const byName = await admin.get('/api/staff', { q: 'quil' });
    expect(byName.body.data.map((s: { login: string }) => s.login)).toEqual(['zed.filter']);
    const byLogin = await admin.get('/api/staff', { login: 'ZED.F' });
    expect(byLogin.body.total).toBe(1);
    const admins = await admin.get('/api/staff', { role: 'ROLE_ADMIN', pageSize: 100 });
    expect(admins.body.data.every((s: { role: string }) => s.role === 'ROLE_ADMIN')).toBe(true);
    const operators = await admin.get('/api/staff', { role: 'ROLE_OPERATOR', pageSize: 100 });
    expect(operators.body.data.every((s: { role: string }) => s.role === 'ROLE_OPERATOR')).toBe(true);
    expect(admins.body.total + operators.body.total).toBe((await admin.get('/api/staff')).body.total);
    const inactive = await admin.get('/api/staff', { activated: 'false' });
    expect(inactive.body.data.every((s: { activated: boolean }) => !s.activated)).toBe(true);
    const sorted = await admin.get('/api/staff', { sortField: 'login', sortOrder: 'descend', pageSize: 100 });
    const logins = sorted.body.data.map((s: { login: string }) => s.login);
    expect(logins).toEqual([...logins].sort().reverse());
    const page = await admin.get('/api/staff', { sortField: 'login', current: 2, pageSize: 1 });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].login).toBe([...logins].sort()[1]);
  });

  it('refuses unknown sort columns and filters values', async () => {
    const res = await admin.get('/api/staff', { sortField: 'passwordHash', role: 'ROLE_SYSTEM', activated: 'maybe' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['activated', 'role', 'sortField']);
  });
});

describe('GET/PUT /api/staff/:id', () => {
  it('gets and updates a staff member, without a password', async () => {
    const created = (await operator.post('/api/staff', staffBody())).body;
    const got = await operator.get(`/api/staff/${created.id}`);
    expect(got.body).toEqual(created);
    const { password: _unused, ...rest } = staffBody();
    const res = await operator.put(`/api/staff/${created.id}`, { ...rest, firstName: 'Renamed', birthday: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, firstName: 'Renamed', birthday: null, login: rest.login });
  });

  it('refuses a duplicate login or email on update', async () => {
    const created = (await admin.post('/api/staff', staffBody())).body;
    const { password: _unused, ...rest } = staffBody();
    const login = await admin.put(`/api/staff/${created.id}`, { ...rest, login: first.operator.login });
    expect(login.body.errorKey).toBe('userexists');
    const email = await admin.put(`/api/staff/${created.id}`, { ...rest, email: first.admin.email });
    expect(email.body.errorKey).toBe('emailexists');
  });

  it("lets only an admin change a role or an admin's record; nobody changes their own role", async () => {
    const created = (await admin.post('/api/staff', staffBody())).body;
    const { password: _unused, ...rest } = staffBody();
    const promote = await operator.put(`/api/staff/${created.id}`, { ...rest, role: 'ROLE_ADMIN' });
    expect(promote.status).toBe(403);
    const adminRecord = await operator.put(`/api/staff/${first.admin.id}`, { ...rest, role: 'ROLE_ADMIN' });
    expect(adminRecord.status).toBe(403);
    const promoted = await admin.put(`/api/staff/${created.id}`, { ...rest, role: 'ROLE_ADMIN' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('ROLE_ADMIN');
    const own = await admin.get(`/api/staff/${first.admin.id}`);
    const self = await admin.put(`/api/staff/${first.admin.id}`, { ...own.body, role: 'ROLE_OPERATOR' });
    expect(self.status).toBe(400);
    expect(fieldsOf(self.body)).toEqual(['role']);
  });
});

describe('activate / deactivate', () => {
  it("deactivating revokes the member's tokens at once; activating lets them sign in again", async () => {
    const body = staffBody();
    const created = (await admin.post('/api/staff', body)).body;
    const token = await signIn(ctx, body.login, body.password);
    expect((await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const off = await operator.post(`/api/staff/${created.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.activated).toBe(false);
    expect((await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    const on = await operator.post(`/api/staff/${created.id}/activate`);
    expect(on.body.activated).toBe(true);
    expect(await signIn(ctx, body.login, body.password)).toBeTruthy();
  });

  it('refuses to deactivate oneself (400) and lets only admins deactivate an admin', async () => {
    const self = await operator.post(`/api/staff/${first.operator.id}/deactivate`);
    expect(self.status).toBe(400);
    expect((await admin.post(`/api/staff/${first.admin.id}/deactivate`)).status).toBe(400);
    expect((await operator.post(`/api/staff/${first.admin.id}/deactivate`)).status).toBe(403);
  });
});

describe('GET /api/staff/export', () => {
  it('downloads the whole filtered view as .xlsx, without passwords', async () => {
    await admin.post('/api/staff', staffBody({ login: 'export.me', lastName: 'Exportson' }));
    const res = await admin.download('/api/staff/export', { q: 'exportson' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.body as Buffer);
    expect(rows[0]).toEqual([
      'Login',
      'First Name',
      'Last Name',
      'Role',
      'Email',
      'Phone',
      'Birthday',
      'Gmail',
      'Activated',
      'Created',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 4)).toEqual(['export.me', 'Stella', 'Exportson', 'Operator']);
    const all = await readXlsx((await admin.download('/api/staff/export')).body as Buffer);
    expect(all.length - 1).toBe((await admin.get('/api/staff')).body.total);
    expect(JSON.stringify(all)).not.toContain('$2');
  });
});

describe('tenancy and rights', () => {
  it("gives another centre's admin 404s and an empty view", async () => {
    const other = as(ctx.app, second.tokens.admin);
    const { password: _unused, ...rest } = staffBody();
    expect((await other.get(`/api/staff/${first.operator.id}`)).status).toBe(404);
    expect((await other.put(`/api/staff/${first.operator.id}`, rest)).status).toBe(404);
    expect((await other.post(`/api/staff/${first.operator.id}/deactivate`)).status).toBe(404);
    const list = await other.get('/api/staff', { login: first.operator.login });
    expect(list.body).toEqual({ data: [], total: 0, success: true });
  });

  it('is refused to teachers and the system role (403) and to anonymous callers (401)', async () => {
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      const caller = as(ctx.app, token);
      expect((await caller.get('/api/staff')).status).toBe(403);
      expect((await caller.post('/api/staff', staffBody())).status).toBe(403);
      expect((await caller.get(`/api/staff/${first.operator.id}`)).status).toBe(403);
      expect((await caller.download('/api/staff/export')).status).toBe(403);
    }
    expect((await request(ctx.app).get('/api/staff')).status).toBe(401);
  });
});

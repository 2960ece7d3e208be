import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teacherImportHeaders } from '../../src/contracts/teachers';
import { createCentreWithStaff, signIn } from '../support/factories';
import { as, createCourse, fieldsOf, readXlsx, teacherBody } from '../support/staff-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof as>;
let operator: ReturnType<typeof as>;
let maths: { id: number };
let music: { id: number };
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = as(ctx.app, first.tokens.admin);
  operator = as(ctx.app, first.tokens.operator);
  maths = await createCourse(ctx, first.centre.id, 'Maths');
  music = await createCourse(ctx, first.centre.id, 'Music');
});
afterAll(() => ctx.close());

const withoutPassword = ({ password: _unused, ...rest }: ReturnType<typeof teacherBody>) => rest;

describe('POST /api/teachers', () => {
  it('creates the user and the teacher together; the SIN is stored only encrypted', async () => {
    const body = teacherBody({ courseIds: [music.id, maths.id] });
    const res = await operator.post('/api/teachers', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      login: body.login,
      firstName: 'Terry',
      hourlyRate: '35.50',
      birthday: '1985-01-31',
      colour: '#1890ff',
      sin: '******286',
      activated: true,
      deleted: false,
      courses: [
        { id: maths.id, name: 'Maths' },
        { id: music.id, name: 'Music' },
      ],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    const stored = await ctx.prisma.teacher.findUniqueOrThrow({ where: { id: res.body.id }, include: { user: true } });
    expect(stored.sinEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain('046454286');
    expect(stored.sinLast3).toBe('286');
    expect(stored.user.roles).toEqual(['ROLE_TEACHER']);
    expect(await signIn(ctx, body.login, body.password)).toBeTruthy();
    // Admins see the SIN in clear; operators masked.
    expect((await admin.get(`/api/teachers/${res.body.id}`)).body.sin).toBe('046454286');
    expect((await operator.get(`/api/teachers/${res.body.id}`)).body.sin).toBe('******286');
  });

  it('checks every field and names each one', async () => {
    const res = await admin.post('/api/teachers', {
      ...teacherBody(),
      login: 'ab',
      password: 'short',
      email: 'nope',
      firstName: '',
      phone: 'x',
      sin: '12345678',
      hourlyRate: '-1',
      colour: 'blue',
      birthday: '2020-13-01',
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(
      ['birthday', 'colour', 'email', 'firstName', 'hourlyRate', 'login', 'password', 'phone', 'sin'].sort(),
    );
    const messages = res.body.fieldErrors.map((f: { message: string }) => f.message);
    expect(messages).toContain('SIN must be exactly 9 digits');
    expect(messages).toContain('Input a valid email address');
    expect(messages).toContain('Colour must be #rrggbb');
    const letters = await admin.post('/api/teachers', teacherBody({ sin: '12345678a' }));
    expect(fieldsOf(letters.body)).toEqual(['sin']);
    expect(await ctx.prisma.user.count({ where: { login: 'ab' } })).toBe(0);
  });

  it("refuses another centre's courses, naming courseIds, and changes nothing", async () => {
    const foreign = await createCourse(ctx, second.centre.id, 'Foreign');
    const body = teacherBody({ courseIds: [maths.id, foreign.id] });
    const res = await admin.post('/api/teachers', body);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['courseIds']);
    expect(await ctx.prisma.user.count({ where: { login: body.login } })).toBe(0);
  });

  it('refuses duplicate login, email and employee ID', async () => {
    const existing = (await admin.post('/api/teachers', teacherBody())).body;
    const login = await admin.post('/api/teachers', teacherBody({ login: first.operator.login }));
    expect([login.status, login.body.errorKey]).toEqual([409, 'userexists']);
    const email = await admin.post('/api/teachers', teacherBody({ email: existing.email.toUpperCase() }));
    expect([email.status, email.body.errorKey]).toEqual([409, 'emailexists']);
    const employee = await admin.post('/api/teachers', teacherBody({ employeeId: existing.employeeId }));
    expect(employee.status).toBe(400);
    expect(fieldsOf(employee.body)).toEqual(['employeeId']);
    // Employee IDs are unique per centre only.
    const elsewhere = await as(ctx.app, second.tokens.admin).post(
      '/api/teachers',
      teacherBody({ employeeId: existing.employeeId }),
    );
    expect(elsewhere.status).toBe(201);
  });
});

describe('GET /api/teachers', () => {
  it('filters by name, login and employee ID, activation and course; sorts by last name by default', async () => {
    const a = (await admin.post('/api/teachers', teacherBody({ lastName: 'Aardvark', employeeId: 'ZZ-1' }))).body;
    const b = (await admin.post('/api/teachers', teacherBody({ lastName: 'Zebra', courseIds: [maths.id] }))).body;
    const all = await admin.get('/api/teachers', { pageSize: 100 });
    const names = all.body.data.map((t: { lastName: string }) => t.lastName);
    expect(names).toEqual([...names].sort());
    expect((await admin.get('/api/teachers', { q: 'aardv' })).body.data.map((t: { id: number }) => t.id)).toEqual([
      a.id,
    ]);
    expect((await admin.get('/api/teachers', { q: 'zz-1' })).body.total).toBe(1);
    expect((await admin.get('/api/teachers', { q: b.login })).body.data[0].id).toBe(b.id);
    const byCourse = await admin.get('/api/teachers', { courseId: maths.id, pageSize: 100 });
    expect(byCourse.body.data.map((t: { id: number }) => t.id)).toContain(b.id);
    expect(byCourse.body.data.map((t: { id: number }) => t.id)).not.toContain(a.id);
    await admin.post(`/api/teachers/${a.id}/deactivate`);
    const inactive = await admin.get('/api/teachers', { activated: 'false' });
    expect(inactive.body.data.map((t: { id: number }) => t.id)).toEqual([a.id]);
    const byRate = await admin.get('/api/teachers', { sortField: 'hourlyRate', sortOrder: 'descend', pageSize: 2 });
    expect(byRate.body.data).toHaveLength(2);
    expect(byRate.body.total).toBe(all.body.total);
  });

  it('refuses unknown sort columns', async () => {
    const res = await admin.get('/api/teachers', { sortField: 'sinEncrypted', courseId: 'x' });
    expect(fieldsOf(res.body)).toEqual(['courseId', 'sortField']);
  });
});

describe('PUT /api/teachers/:id', () => {
  it('keeps the SIN when the masked value comes back, replaces or clears it otherwise, and sets courses', async () => {
    const created = (await operator.post('/api/teachers', teacherBody({ courseIds: [maths.id] }))).body;
    const base = { ...withoutPassword(teacherBody()), login: created.login, email: created.email };
    const kept = await operator.put(`/api/teachers/${created.id}`, {
      ...base,
      sin: created.sin,
      courseIds: [music.id],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.courses).toEqual([{ id: music.id, name: 'Music' }]);
    expect((await admin.get(`/api/teachers/${created.id}`)).body.sin).toBe('046454286');
    const replaced = await operator.put(`/api/teachers/${created.id}`, { ...base, sin: '130692544' });
    expect(replaced.body.sin).toBe('******544');
    expect(replaced.body.courses).toEqual([]);
    const bad = await operator.put(`/api/teachers/${created.id}`, { ...base, sin: '1234' });
    expect(bad.body.fieldErrors).toEqual([{ field: 'sin', message: 'SIN must be exactly 9 digits' }]);
    const cleared = await admin.put(`/api/teachers/${created.id}`, { ...base, sin: '' });
    expect(cleared.body.sin).toBeNull();
  });
});

describe('activate, deactivate and delete', () => {
  it("deactivating revokes the teacher's tokens; activating restores access", async () => {
    const body = teacherBody();
    const created = (await admin.post('/api/teachers', body)).body;
    const token = await signIn(ctx, body.login, body.password);
    const account = () => request(ctx.app).get('/api/account').set('Authorization', `Bearer ${token}`);
    expect((await account()).status).toBe(200);
    expect((await operator.post(`/api/teachers/${created.id}/deactivate`)).body.activated).toBe(false);
    expect((await account()).status).toBe(401);
    expect((await operator.post(`/api/teachers/${created.id}/activate`)).body.activated).toBe(true);
    expect(await signIn(ctx, body.login, body.password)).toBeTruthy();
  });

  it('deletes for good: hidden from lists and options, tokens revoked, never reactivated', async () => {
    const body = teacherBody();
    const created = (await admin.post('/api/teachers', body)).body;
    const token = await signIn(ctx, body.login, body.password);
    expect((await operator.get('/api/teachers/options')).body).toContainEqual({ id: created.id, name: 'Terry Tutor' });
    const res = await operator.delete(`/api/teachers/${created.id}`);
    expect(res.status).toBe(204);
    const stored = await ctx.prisma.teacher.findUniqueOrThrow({ where: { id: created.id }, include: { user: true } });
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.user.activated).toBe(false);
    expect((await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    const list = await operator.get('/api/teachers', { q: body.login });
    expect(list.body.total).toBe(0);
    expect((await operator.get('/api/teachers/options')).body.map((o: { id: number }) => o.id)).not.toContain(
      created.id,
    );
    const again = await operator.post(`/api/teachers/${created.id}/activate`);
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe('This teacher was deleted and cannot be reactivated');
    expect((await operator.delete(`/api/teachers/${created.id}`)).status).toBe(409);
    expect((await operator.put(`/api/teachers/${created.id}`, withoutPassword(body))).status).toBe(409);
    expect((await operator.get(`/api/teachers/${created.id}`)).body.deleted).toBe(true);
  });

  it('lists by status: active, inactive or deleted (the default leaves deleted ones out)', async () => {
    const make = async (lastName: string) => (await admin.post('/api/teachers', teacherBody({ lastName }))).body;
    const on = await make('Statusactive');
    const off = await make('Statusinactive');
    const gone = await make('Statusdeleted');
    await operator.post(`/api/teachers/${off.id}/deactivate`);
    await operator.delete(`/api/teachers/${gone.id}`);
    const ids = async (query: Record<string, string>) =>
      (await operator.get('/api/teachers', { q: 'status', ...query })).body.data.map((t: { id: number }) => t.id);
    expect(await ids({})).toEqual([on.id, off.id]);
    expect(await ids({ status: 'active' })).toEqual([on.id]);
    expect(await ids({ status: 'inactive' })).toEqual([off.id]);
    expect(await ids({ status: 'deleted' })).toEqual([gone.id]);
    expect((await operator.get('/api/teachers', { status: 'gone' })).status).toBe(400);
    // A course keeps showing its deleted teacher by name, never as a bare id.
    const course = await admin.post('/api/courses', {
      school: 'S',
      courseNumber: 'ST-1',
      name: 'Status',
      teacherIds: [on.id],
    });
    await operator.delete(`/api/teachers/${on.id}`);
    expect((await operator.get(`/api/courses/${course.body.id}`)).body.teachers).toEqual([
      { id: on.id, name: 'Terry Statusactive' },
    ]);
  });
});

describe('GET /api/teachers/export', () => {
  it('downloads the filtered view as .xlsx with the SIN masked, for admins too', async () => {
    await admin.post('/api/teachers', teacherBody({ lastName: 'Exportwell', courseIds: [maths.id] }));
    const res = await admin.download('/api/teachers/export', { q: 'exportwell' });
    expect(res.status).toBe(200);
    const rows = await readXlsx(res.body as Buffer);
    expect(rows[0]).toEqual([
      'Login',
      'Email',
      'First Name',
      'Last Name',
      'Preferred Name',
      'Employee ID',
      'Phone',
      'Hourly Rate',
      'SIN',
      'Colour',
      'Courses',
      'Activated',
    ]);
    expect(rows[0]).toEqual([...teacherImportHeaders]); // an export can be imported back
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('******286');
    expect(rows[1]).toContain('Maths');
    expect(JSON.stringify(rows)).not.toContain('046454286');
    const all = await readXlsx((await admin.download('/api/teachers/export')).body as Buffer);
    expect(all.length - 1).toBe((await admin.get('/api/teachers')).body.total);
  });
});

describe('tenancy and rights', () => {
  it("gives another centre's admin 404s and an empty view", async () => {
    const created = (await admin.post('/api/teachers', teacherBody())).body;
    const other = as(ctx.app, second.tokens.admin);
    expect((await other.get(`/api/teachers/${created.id}`)).status).toBe(404);
    expect((await other.put(`/api/teachers/${created.id}`, withoutPassword(teacherBody()))).status).toBe(404);
    expect((await other.post(`/api/teachers/${created.id}/deactivate`)).status).toBe(404);
    expect((await other.delete(`/api/teachers/${created.id}`)).status).toBe(404);
    expect((await other.get('/api/teachers', { q: created.login })).body).toEqual({
      data: [],
      total: 0,
      success: true,
    });
    expect((await other.get('/api/teachers/options')).body.map((o: { id: number }) => o.id)).not.toContain(created.id);
  });

  it('is refused to teachers and the system role (403) and to anonymous callers (401)', async () => {
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      const caller = as(ctx.app, token);
      expect((await caller.get('/api/teachers')).status).toBe(403);
      expect((await caller.get('/api/teachers/options')).status).toBe(403);
      expect((await caller.post('/api/teachers', teacherBody())).status).toBe(403);
      expect((await caller.delete('/api/teachers/1')).status).toBe(403);
      expect((await caller.download('/api/teachers/export')).status).toBe(403);
    }
    expect((await request(ctx.app).get('/api/teachers')).status).toBe(401);
  });
});

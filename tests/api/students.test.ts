import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff } from '../support/factories';
import { createReferrerRecord, createStudentRecord, studentBody } from '../support/student-factories';
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

const as = (token: string) => ({
  get: (url: string, query: Record<string, string | number> = {}) =>
    request(ctx.app).get(url).query(query).set('Authorization', `Bearer ${token}`),
  post: (url: string, body?: object) => request(ctx.app).post(url).send(body).set('Authorization', `Bearer ${token}`),
  put: (url: string, body: object) => request(ctx.app).put(url).send(body).set('Authorization', `Bearer ${token}`),
});
const fields = (res: request.Response) => res.body.fieldErrors.map((f: { field: string }) => f.field).sort();

describe('POST /api/students and PUT /api/students/:id', () => {
  it('creates a student with every field and replies money and dates as strings', async () => {
    const referrer = await createReferrerRecord(ctx.prisma, first.centre.id);
    const body = studentBody({ referrerId: referrer.id, feedbackEmail: 'Mum@Example.test', comments: 'Keen' });
    const res = await as(first.tokens.operator).post('/api/students', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      studentId: body.studentId,
      hourlyRate: '45.50',
      startDate: '2026-09-01',
      feedbackEmail: 'mum@example.test',
      referrer: { id: referrer.id, name: referrer.name },
      allowSms: true,
      allowEmail: true,
      active: true,
    });
    expect(res.body).not.toHaveProperty('voucherBalance');
    const got = await as(first.tokens.admin).get(`/api/students/${res.body.id}`);
    expect(got.body).toEqual(res.body);
  });

  it('names each invalid field and writes nothing', async () => {
    const before = await ctx.prisma.student.count();
    const res = await as(first.tokens.admin).post('/api/students', {
      studentId: '',
      firstName: 'A',
      email: 'not-an-email',
      feedbackEmail: 'x@',
      phone: '12',
      hourlyRate: '-1',
      startDate: '2026-02-30',
    });
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual([
      'email',
      'feedbackEmail',
      'hourlyRate',
      'lastName',
      'phone',
      'startDate',
      'studentId',
    ]);
    const email = res.body.fieldErrors.find((f: { field: string }) => f.field === 'email');
    expect(email.message).toBe('Input a valid email address');
    expect(await ctx.prisma.student.count()).toBe(before);
    const money = await as(first.tokens.admin).post('/api/students', studentBody({ hourlyRate: '10.123' }));
    expect(fields(money)).toEqual(['hourlyRate']);
  });

  it('refuses a student ID already used in the centre (409), but another centre may use it', async () => {
    const existing = await createStudentRecord(ctx.prisma, first.centre.id);
    const res = await as(first.tokens.admin).post('/api/students', studentBody({ studentId: existing.studentId }));
    expect(res.status).toBe(409);
    expect(res.body.fieldErrors).toEqual([{ field: 'studentId', message: 'Student ID already exists!' }]);
    const other = await as(second.tokens.admin).post('/api/students', studentBody({ studentId: existing.studentId }));
    expect(other.status).toBe(201);
  });

  it('updates a student, keeping its own ID and refusing another student ID', async () => {
    const a = await createStudentRecord(ctx.prisma, first.centre.id);
    const b = await createStudentRecord(ctx.prisma, first.centre.id);
    const same = await as(first.tokens.operator).put(`/api/students/${a.id}`, studentBody({ studentId: a.studentId }));
    expect(same.status).toBe(200);
    expect(same.body.lastName).toMatch(/^Lovelace/);
    const clash = await as(first.tokens.operator).put(`/api/students/${a.id}`, studentBody({ studentId: b.studentId }));
    expect(clash.status).toBe(409);
  });

  it("refuses another centre's referrer (400 naming referrerId)", async () => {
    const foreign = await createReferrerRecord(ctx.prisma, second.centre.id);
    const res = await as(first.tokens.admin).post('/api/students', studentBody({ referrerId: foreign.id }));
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(['referrerId']);
  });
});

describe('tenancy and roles', () => {
  it("gives 404 for another centre's student on every id route and never lists it", async () => {
    const foreign = await createStudentRecord(ctx.prisma, second.centre.id, { lastName: 'Foreignson' });
    const admin = as(first.tokens.admin);
    for (const res of [
      await admin.get(`/api/students/${foreign.id}`),
      await admin.put(`/api/students/${foreign.id}`, studentBody()),
      await admin.post(`/api/students/${foreign.id}/activate`),
      await admin.post(`/api/students/${foreign.id}/deactivate`),
    ]) {
      expect(res.status).toBe(404);
    }
    const list = await admin.get('/api/students', { q: 'Foreignson' });
    expect(list.body).toEqual({ data: [], total: 0, success: true });
  });

  it('refuses teachers and the system role (403) and anonymous callers (401)', async () => {
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      expect((await as(token).get('/api/students')).status).toBe(403);
      expect((await as(token).post('/api/students', studentBody())).status).toBe(403);
      expect((await as(token).post('/api/students/deactivate', { ids: [1] })).status).toBe(403);
      expect((await as(token).get('/api/students/export')).status).toBe(403);
    }
    expect((await request(ctx.app).get('/api/students')).status).toBe(401);
  });
});

describe('GET /api/students/next-id', () => {
  it("suggests one more than the highest number of the newest ID's pattern, keeping the padding", async () => {
    const centre = await createCentreWithStaff(ctx);
    const operator = as(centre.tokens.operator);
    expect((await operator.get('/api/students/next-id')).body).toEqual({ studentId: 'S0001' });
    for (const studentId of ['LU-0099', 'LU-0100', 'OTHER-7', 'LU-0042']) {
      await createStudentRecord(ctx.prisma, centre.centre.id, { studentId });
    }
    // Newest is LU-0042; the pattern's highest is 100. Another centre's IDs do not count.
    await createStudentRecord(ctx.prisma, first.centre.id, { studentId: 'LU-9999' });
    const res = await operator.get('/api/students/next-id');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ studentId: 'LU-0101' });
    expect(
      (await operator.post('/api/students', { studentId: res.body.studentId, firstName: 'N', lastName: 'X' })).status,
    ).toBe(201);
    expect((await operator.get('/api/students/next-id')).body).toEqual({ studentId: 'LU-0102' });
  });

  it('counts characters as PostgreSQL does: a prefix with an emoji or accents still works (issue 20, finding 6)', async () => {
    const centre = await createCentreWithStaff(ctx);
    const operator = as(centre.tokens.operator);
    for (const [older, newest, next] of [
      ['🎹-0007', '🎹-0009', '🎹-0010'],
      ['Élève-👩‍🎓-41', 'Élève-👩‍🎓-42', 'Élève-👩‍🎓-43'],
      ['🎻', '🎻🎻', '🎻🎻1'],
    ]) {
      await createStudentRecord(ctx.prisma, centre.centre.id, { studentId: older });
      await createStudentRecord(ctx.prisma, centre.centre.id, { studentId: newest });
      const res = await operator.get('/api/students/next-id');
      expect(res.status, newest).toBe(200);
      expect(res.body.studentId, newest).toBe(next);
    }
  });

  it('needs the right to create students', async () => {
    expect((await as(first.tokens.teacher).get('/api/students/next-id')).status).toBe(403);
    expect((await request(ctx.app).get('/api/students/next-id')).status).toBe(401);
  });
});

import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff } from '../support/factories';
import { createReferrerRecord, createStudentRecord, readBinary } from '../support/student-factories';
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

const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, token: string, body?: object) =>
  request(ctx.app)[method](url).send(body).set('Authorization', `Bearer ${token}`);
const fields = (res: request.Response) => res.body.fieldErrors.map((f: { field: string }) => f.field).sort();

describe('/api/referrers', () => {
  it('creates, updates, gets and lists referrers with a name search', async () => {
    const token = first.tokens.operator;
    const made = await call('post', '/api/referrers', token, { name: 'Grace Hopper', email: 'GRACE@example.test' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.test', phone: null });
    const updated = await call('put', `/api/referrers/${made.body.id}`, token, {
      name: 'Grace B. Hopper',
      wechat: 'gh',
    });
    expect(updated.body).toMatchObject({ name: 'Grace B. Hopper', wechat: 'gh', email: null });
    await createReferrerRecord(ctx.prisma, first.centre.id, 'Alan Turing');
    const found = await request(ctx.app)
      .get('/api/referrers')
      .query({ q: 'hopp' })
      .set('Authorization', `Bearer ${token}`);
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Grace B. Hopper']);
    const sorted = await request(ctx.app).get('/api/referrers').set('Authorization', `Bearer ${token}`);
    expect(sorted.body.data.map((r: { name: string }) => r.name)).toEqual(['Alan Turing', 'Grace B. Hopper']);
    expect((await call('get', `/api/referrers/${made.body.id}`, token)).body.name).toBe('Grace B. Hopper');
  });

  it('validates the name and contact fields', async () => {
    const res = await call('post', '/api/referrers', first.tokens.admin, { name: ' ', email: 'x', phone: 'abc' });
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(['email', 'name', 'phone']);
    expect(res.body.fieldErrors.find((f: { field: string }) => f.field === 'email').message).toBe(
      'Input a valid email address',
    );
  });

  it("hides another centre's referrers (404, empty list)", async () => {
    const foreign = await createReferrerRecord(ctx.prisma, second.centre.id, 'Foreign Referrer');
    expect((await call('get', `/api/referrers/${foreign.id}`, first.tokens.admin)).status).toBe(404);
    expect((await call('put', `/api/referrers/${foreign.id}`, first.tokens.admin, { name: 'x' })).status).toBe(404);
    const list = await request(ctx.app)
      .get('/api/referrers')
      .query({ q: 'Foreign' })
      .set('Authorization', `Bearer ${first.tokens.admin}`);
    expect(list.body).toEqual({ data: [], total: 0, success: true });
  });
});

describe('/api/referrals', () => {
  it('requires a referrer with the seed message', async () => {
    for (const body of [{}, { referrerId: null }, { referrerId: '' }]) {
      const res = await call('post', '/api/referrals', first.tokens.operator, body);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ field: 'referrerId', message: 'Please select a referrer' }]);
    }
  });

  it('creates, lists, filters, updates and deletes referrals', async () => {
    const token = first.tokens.operator;
    const referrer = await createReferrerRecord(ctx.prisma, first.centre.id, 'Ref One');
    const other = await createReferrerRecord(ctx.prisma, first.centre.id, 'Ref Two');
    const student = await createStudentRecord(ctx.prisma, first.centre.id, { firstName: 'Kim', lastName: 'Park' });
    const made = await call('post', '/api/referrals', token, {
      referrerId: referrer.id,
      studentId: student.id,
      comments: 'Via school',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      referrer: { id: referrer.id, name: 'Ref One' },
      student: { id: student.id, name: 'Kim Park', studentId: student.studentId },
      comments: 'Via school',
    });
    await call('post', '/api/referrals', token, { referrerId: other.id });
    const byReferrer = await request(ctx.app)
      .get('/api/referrals')
      .query({ referrerId: referrer.id })
      .set('Authorization', `Bearer ${token}`);
    expect(byReferrer.body.total).toBe(1);
    const byStudent = await request(ctx.app)
      .get('/api/referrals')
      .query({ studentId: student.id })
      .set('Authorization', `Bearer ${token}`);
    expect(byStudent.body.data[0].id).toBe(made.body.id);
    const all = await request(ctx.app).get('/api/referrals').set('Authorization', `Bearer ${token}`);
    expect(all.body.total).toBe(2);
    expect(all.body.data[1].id).toBe(made.body.id); // newest first
    const updated = await call('put', `/api/referrals/${made.body.id}`, token, {
      referrerId: other.id,
      studentId: null,
    });
    expect(updated.body).toMatchObject({ referrerId: other.id, student: null, comments: null });
    expect((await call('delete', `/api/referrals/${made.body.id}`, token)).status).toBe(204);
    expect((await call('get', `/api/referrals/${made.body.id}`, token)).status).toBe(404);
  });

  it("refuses another centre's referrer or student (400 naming the field) and hides its referrals", async () => {
    const mine = await createReferrerRecord(ctx.prisma, first.centre.id);
    const foreignReferrer = await createReferrerRecord(ctx.prisma, second.centre.id);
    const foreignStudent = await createStudentRecord(ctx.prisma, second.centre.id);
    const r1 = await call('post', '/api/referrals', first.tokens.admin, { referrerId: foreignReferrer.id });
    expect(fields(r1)).toEqual(['referrerId']);
    const r2 = await call('post', '/api/referrals', first.tokens.admin, {
      referrerId: mine.id,
      studentId: foreignStudent.id,
    });
    expect(fields(r2)).toEqual(['studentId']);
    const theirs = await call('post', '/api/referrals', second.tokens.admin, { referrerId: foreignReferrer.id });
    for (const method of ['get', 'delete'] as const) {
      expect((await call(method, `/api/referrals/${theirs.body.id}`, first.tokens.admin)).status).toBe(404);
    }
    const put = await call('put', `/api/referrals/${theirs.body.id}`, first.tokens.admin, { referrerId: mine.id });
    expect(put.status).toBe(404);
    const list = await request(ctx.app)
      .get('/api/referrals')
      .query({ referrerId: foreignReferrer.id })
      .set('Authorization', `Bearer ${first.tokens.admin}`);
    expect(list.body).toEqual({ data: [], total: 0, success: true });
  });

  it('is refused to teachers and the system role', async () => {
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      expect((await call('get', '/api/referrals', token)).status).toBe(403);
      expect((await call('get', '/api/referrers', token)).status).toBe(403);
      expect((await call('post', '/api/referrers', token, { name: 'x' })).status).toBe(403);
    }
  });
});

describe('GET /api/referrals/export', () => {
  it("downloads the centre's filtered referrals as .xlsx, never another centre's", async () => {
    const referrer = await createReferrerRecord(ctx.prisma, first.centre.id, 'Export Referrer');
    const student = await createStudentRecord(ctx.prisma, first.centre.id, {
      studentId: 'EXP-1',
      firstName: 'Ex',
      lastName: 'Port',
    });
    await call('post', '/api/referrals', first.tokens.operator, {
      referrerId: referrer.id,
      studentId: student.id,
      comments: 'via export',
    });
    const other = await createReferrerRecord(ctx.prisma, second.centre.id, 'Other Centre Referrer');
    await call('post', '/api/referrals', second.tokens.admin, { referrerId: other.id, comments: 'elsewhere' });
    const res = await request(ctx.app)
      .get('/api/referrals/export')
      .query({ referrerId: referrer.id })
      .set('Authorization', `Bearer ${first.tokens.operator}`)
      .buffer(true)
      .parse(readBinary as never); // supertest's parser type does not admit the stream it passes
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Referrer', 'Student ID', 'Student', 'Comments', 'Created']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([['Export Referrer', 'EXP-1', 'Ex Port', 'via export']]);
    expect(JSON.stringify(rows)).not.toContain('Other Centre Referrer');
    expect((await call('get', '/api/referrals/export', first.tokens.teacher)).status).toBe(403);
  });
});

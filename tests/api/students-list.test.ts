import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff } from '../support/factories';
import { createReferrerRecord, createStudentRecord, readBinary } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let referrerId: number;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  referrerId = (await createReferrerRecord(ctx.prisma, first.centre.id)).id;
  const org = first.centre.id;
  const rows = [
    { studentId: 'A-001', firstName: 'Zoe', lastName: 'Brown', active: true },
    { studentId: 'A-002', firstName: 'Adam', lastName: 'Brown', active: true, referrerId },
    { studentId: 'A-003', firstName: 'Mia', lastName: 'Clarkson', active: true },
    { studentId: 'X-777', firstName: 'Liam', lastName: 'Avery', active: false },
  ];
  for (const row of rows) ids[row.studentId] = (await createStudentRecord(ctx.prisma, org, row)).id;
  await ctx.prisma.student.update({ where: { id: ids['A-003'] }, data: { startDate: new Date('2026-01-15') } });
  await createStudentRecord(ctx.prisma, second.centre.id, { lastName: 'Brown', firstName: 'Other' });
});
afterAll(() => ctx.close());

const list = (query: Record<string, string | number> = {}, token = first.tokens.operator) =>
  request(ctx.app).get('/api/students').query(query).set('Authorization', `Bearer ${token}`);
/** PostgreSQL's order of the ASCII names these tests use (the database's collation sorts them alike). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const studentIds = (res: request.Response) => res.body.data.map((s: { studentId: string }) => s.studentId);

describe('GET /api/students', () => {
  it('sorts by last name then first name by default and filters active', async () => {
    const res = await list({ active: 'true' });
    expect(res.body.total).toBe(3);
    expect(studentIds(res)).toEqual(['A-002', 'A-001', 'A-003']);
    expect(studentIds(await list({ active: 'false' }))).toEqual(['X-777']);
    // No `active` filter (All Students): every status, in the same order, each with its status.
    const all = await list();
    expect(all.body.total).toBe(4);
    expect(all.body.data.map((s: { studentId: string; active: boolean }) => [s.studentId, s.active])).toEqual([
      ['X-777', false],
      ['A-002', true],
      ['A-001', true],
      ['A-003', true],
    ]);
  });

  it('searches q in first name, last name and student ID, case-insensitively', async () => {
    expect(studentIds(await list({ q: 'bro' })).sort()).toEqual(['A-001', 'A-002']);
    expect(studentIds(await list({ q: 'ZOE' }))).toEqual(['A-001']);
    expect(studentIds(await list({ q: 'x-77' }))).toEqual(['X-777']);
    expect(studentIds(await list({ q: 'nobody' }))).toEqual([]);
  });

  it('filters by field, referrer and start date range', async () => {
    expect(studentIds(await list({ firstName: 'mi' }))).toEqual(['A-003']);
    expect(studentIds(await list({ lastName: 'avery' }))).toEqual(['X-777']);
    expect(studentIds(await list({ studentId: 'a-00', sortField: 'studentId' }))).toEqual(['A-001', 'A-002', 'A-003']);
    expect(studentIds(await list({ referrerId }))).toEqual(['A-002']);
    expect(studentIds(await list({ startDateFrom: '2026-01-01', startDateTo: '2026-01-31' }))).toEqual(['A-003']);
  });

  it('pages and sorts descending in the database', async () => {
    const res = await list({ sortField: 'firstName', sortOrder: 'descend', current: 2, pageSize: 2 });
    expect(res.body.total).toBe(4);
    expect(res.body.data.map((s: { firstName: string }) => s.firstName)).toEqual(['Liam', 'Adam']);
  });

  it('finds a deep page (past DEEP_PAGE_SKIP) in the same order as a shallow one, with its joined referrer', async () => {
    const deep = await createCentreWithStaff(ctx);
    const org = deep.centre.id;
    const referrer = await createReferrerRecord(ctx.prisma, org);
    // 530 students over 7 surnames (ties broken by first name, then id); every third has the referrer,
    // every fifth is inactive.
    const surnames = ['Ng', 'Abe', 'Kim', 'Diaz', 'Zhu', 'Ito', 'Moss'];
    await ctx.prisma.student.createMany({
      data: Array.from({ length: 530 }, (_, i) => ({
        organisationId: org,
        studentId: `D-${String(i).padStart(4, '0')}`,
        firstName: `F${(i * 7919) % 97}`,
        lastName: surnames[i % surnames.length],
        active: i % 5 !== 0,
        referrerId: i % 3 === 0 ? referrer.id : null,
      })),
    });
    const expected = (await ctx.prisma.student.findMany({ where: { organisationId: org, active: true } }))
      .sort((a, b) => cmp(a.lastName, b.lastName) || cmp(a.firstName, b.firstName) || a.id - b.id)
      .map((s) => [s.studentId, s.referrerId === null ? null : referrer.name]);
    expect(expected).toHaveLength(424);
    const pageOf = async (current: number, pageSize: number) => {
      const res = await list({ active: 'true', current, pageSize }, deep.tokens.operator);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(424);
      return res.body.data.map((s: { studentId: string; referrer: { name: string } | null }) => [
        s.studentId,
        s.referrer?.name ?? null,
      ]);
    };
    // One step (skip 390 and 400) and two steps (skip 500 and 600: the tail, then nothing).
    expect(await pageOf(40, 10)).toEqual(expected.slice(390, 400));
    expect(await pageOf(5, 100)).toEqual(expected.slice(400, 500));
    expect(await pageOf(6, 100)).toEqual(expected.slice(500, 600));
    expect(await pageOf(7, 100)).toEqual([]);
    // Sorted descending by first name, past the threshold too.
    const byFirst = await list(
      { active: 'true', sortField: 'firstName', sortOrder: 'descend', current: 51, pageSize: 10 },
      deep.tokens.operator,
    );
    const descending = (await ctx.prisma.student.findMany({ where: { organisationId: org, active: true } }))
      .sort((a, b) => cmp(b.firstName, a.firstName) || b.id - a.id)
      .map((s) => s.studentId);
    expect(studentIds(byFirst)).toEqual(descending.slice(500, 510));
  });

  it('refuses unknown sort columns, bad booleans and bad dates', async () => {
    const res = await list({ sortField: 'email', active: 'maybe', startDateFrom: '2026-13-01' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual([
      'active',
      'sortField',
      'startDateFrom',
    ]);
  });
});

describe('GET /api/students/export', () => {
  it('downloads the whole filtered view as .xlsx', async () => {
    const res = await request(ctx.app)
      .get('/api/students/export')
      .query({ q: 'brown', pageSize: 1 })
      .set('Authorization', `Bearer ${first.tokens.admin}`)
      .buffer(true)
      .parse(readBinary as never); // supertest's parser type does not admit the stream it passes
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 3)).toEqual(['Student ID', 'First Name', 'Last Name']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['A-002', 'A-001']);
  });
});

describe('activate, deactivate and batch deactivate', () => {
  it('deactivates and activates one student', async () => {
    const s = await createStudentRecord(ctx.prisma, first.centre.id);
    const off = await request(ctx.app)
      .post(`/api/students/${s.id}/deactivate`)
      .set('Authorization', `Bearer ${first.tokens.operator}`);
    expect(off.body.active).toBe(false);
    const on = await request(ctx.app)
      .post(`/api/students/${s.id}/activate`)
      .set('Authorization', `Bearer ${first.tokens.operator}`);
    expect(on.body.active).toBe(true);
  });

  it('batch-deactivates and says which were not and why', async () => {
    const a = await createStudentRecord(ctx.prisma, first.centre.id);
    const b = await createStudentRecord(ctx.prisma, first.centre.id);
    const inactive = await createStudentRecord(ctx.prisma, first.centre.id, { active: false });
    const foreign = await createStudentRecord(ctx.prisma, second.centre.id);
    const res = await request(ctx.app)
      .post('/api/students/deactivate')
      .send({ ids: [a.id, b.id, inactive.id, foreign.id, 999999] })
      .set('Authorization', `Bearer ${first.tokens.admin}`);
    expect(res.status).toBe(200);
    expect(res.body.deactivated).toEqual([a.id, b.id]);
    expect(res.body.notDeactivated).toEqual([
      { id: inactive.id, reason: 'Already inactive' },
      { id: foreign.id, reason: 'Not found in this centre' },
      { id: 999999, reason: 'Not found in this centre' },
    ]);
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: foreign.id } })).active).toBe(true);
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: b.id } })).active).toBe(false);
  });

  it('refuses an empty batch', async () => {
    const res = await request(ctx.app)
      .post('/api/students/deactivate')
      .send({ ids: [] })
      .set('Authorization', `Bearer ${first.tokens.admin}`);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[0]).toEqual({ field: 'ids', message: 'Select at least one student' });
  });
});

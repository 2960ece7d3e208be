import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_AFTER_START_MESSAGE, TERM_IN_USE_MESSAGE } from '../../src/contracts/terms';
import { callerWith, createStudent, createTeacher, fieldsOf, xlsxRows } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;
let ann: Awaited<ReturnType<typeof createTeacher>>;
let math: number;
let physics: number;
let foreignCourse: number;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  otherAdmin = callerWith(ctx.app, second.tokens.admin);
  ann = await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Ann', lastName: 'Archer' });
  const course = (name: string, caller = admin) =>
    caller
      .post('/api/courses', { school: 'North', courseNumber: name.slice(0, 4), name })
      .then((r) => r.body.id as number);
  math = await course('Mathematics');
  physics = await course('Physics');
  foreignCourse = await course('Foreign', otherAdmin);
});
afterAll(() => ctx.close());

const term = (over: Record<string, unknown> = {}) => ({
  name: 'Winter 2026',
  school: 'North High',
  courseId: math,
  startDate: '2026-01-05',
  endDate: '2026-03-30',
  ...over,
});
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((t) => t.id);

describe('POST /api/terms', () => {
  it('adds a term of a course, with or without a teacher', async () => {
    const res = await operator.post('/api/terms', term({ teacherId: ann.id, comments: 'Winter' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Winter 2026',
      school: 'North High',
      course: { id: math, name: 'Mathematics' },
      teacher: { id: ann.id, name: 'Ann Archer' },
      startDate: '2026-01-05',
      endDate: '2026-03-30',
      comments: 'Winter',
    });
    const bare = await admin.post('/api/terms', term({ courseId: physics, comments: '' }));
    expect(bare.body).toMatchObject({ teacher: null, comments: null });
  });

  it('refuses an end date that is not after the start date', async () => {
    for (const endDate of ['2026-01-04', '2026-01-05']) {
      const res = await admin.post('/api/terms', term({ endDate }));
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ field: 'endDate', message: END_AFTER_START_MESSAGE }]);
    }
  });

  it('requires a name, school, course and both dates, and checks date formats', async () => {
    const res = await admin.post('/api/terms', { startDate: '2026-02-30' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['courseId', 'endDate', 'name', 'school', 'startDate']);
    const blank = await admin.post('/api/terms', term({ name: '   ' }));
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual([{ field: 'name', message: 'Name is required' }]);
    const long = await admin.post('/api/terms', term({ name: 'x'.repeat(101) }));
    expect(fieldsOf(long.body)).toEqual(['name']);
  });

  it("refuses another centre's course or teacher and deleted teachers, and adds nothing", async () => {
    const before = await ctx.prisma.term.count();
    const stranger = await createTeacher(ctx.prisma, second.centre.id);
    const gone = await createTeacher(ctx.prisma, first.centre.id, { deleted: true });
    const course = await admin.post('/api/terms', term({ courseId: foreignCourse }));
    expect(course.status).toBe(400);
    expect(fieldsOf(course.body)).toEqual(['courseId']);
    for (const teacherId of [stranger.id, gone.id]) {
      const res = await admin.post('/api/terms', term({ teacherId }));
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['teacherId']);
    }
    expect(await ctx.prisma.term.count()).toBe(before);
  });
});

describe('GET /api/terms', () => {
  let spring: number;
  let summer: number;
  let autumn: number;
  beforeAll(async () => {
    await ctx.prisma.term.deleteMany({});
    spring = (
      await admin.post('/api/terms', term({ startDate: '2026-04-01', endDate: '2026-06-15', teacherId: ann.id }))
    ).body.id;
    summer = (
      await admin.post(
        '/api/terms',
        term({ courseId: physics, school: 'South', startDate: '2026-07-01', endDate: '2026-08-20' }),
      )
    ).body.id;
    autumn = (
      await admin.post(
        '/api/terms',
        term({ name: 'Fall 2026', startDate: '2026-09-01', endDate: '2026-12-15', comments: 'Exam prep' }),
      )
    ).body.id;
    await otherAdmin.post('/api/terms', term({ courseId: foreignCourse }));
  });

  it("lists newest start first, in ProTable's shape", async () => {
    const res = await admin.get('/api/terms');
    expect(res.body).toMatchObject({ success: true, total: 3 });
    expect(ids(res)).toEqual([autumn, summer, spring]);
  });

  it('filters by course, teacher, school, q and dates overlapping [from, to]', async () => {
    expect(ids(await admin.get('/api/terms', { courseId: physics }))).toEqual([summer]);
    expect(ids(await admin.get('/api/terms', { teacherId: ann.id }))).toEqual([spring]);
    expect(ids(await admin.get('/api/terms', { school: 'south' }))).toEqual([summer]);
    expect(ids(await admin.get('/api/terms', { q: 'exam' }))).toEqual([autumn]);
    expect(ids(await admin.get('/api/terms', { q: 'physics' }))).toEqual([summer]);
    expect(ids(await admin.get('/api/terms', { q: 'fall 2026' }))).toEqual([autumn]);
    expect(ids(await admin.get('/api/terms', { from: '2026-06-15', to: '2026-07-01' }))).toEqual([summer, spring]);
    expect(ids(await admin.get('/api/terms', { from: '2026-08-21' }))).toEqual([autumn]);
    expect(ids(await admin.get('/api/terms', { to: '2026-03-31' }))).toEqual([]);
  });

  it('sorts by a chosen column and pages', async () => {
    const res = await admin.get('/api/terms', { sortField: 'endDate', sortOrder: 'ascend', pageSize: 2, current: 2 });
    expect(res.body.total).toBe(3);
    expect(ids(res)).toEqual([autumn]);
    expect((await admin.get('/api/terms', { sortField: 'comments' })).status).toBe(400);
  });

  it('gives {id, label} options, optionally of one course', async () => {
    const all = await admin.get('/api/terms/options');
    expect(all.body.map((o: { id: number }) => o.id)).toEqual([autumn, summer, spring]);
    const physicsOnly = await admin.get('/api/terms/options', { courseId: physics });
    expect(physicsOnly.body).toEqual([{ id: summer, label: 'Winter 2026 (2026-07-01 to 2026-08-20)' }]);
  });

  it('exports the filtered view as .xlsx', async () => {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const res = await admin.download('/api/terms/export', { courseId: math });
    expect(res.status).toBe(200);
    const rows = await xlsxRows(res.body);
    expect(rows[0]).toEqual(['ID', 'Name', 'School', 'Course', 'Teacher', 'Start date', 'End date', 'Comments']);
    expect(rows.slice(1)).toEqual([
      // Dates are real dates (Excel shows them as dates), not text.
      [autumn, 'Fall 2026', 'North High', 'Mathematics', null, day('2026-09-01'), day('2026-12-15'), 'Exam prep'],
      [spring, 'Winter 2026', 'North High', 'Mathematics', 'Ann Archer', day('2026-04-01'), day('2026-06-15'), null],
    ]);
  });
});

describe('GET, PUT and DELETE /api/terms/:id', () => {
  it('reads and changes a term; the end-after-start rule holds on update too', async () => {
    const id = (await admin.post('/api/terms', term())).body.id;
    const res = await operator.put(
      `/api/terms/${id}`,
      term({ name: 'Spring physics', courseId: physics, teacherId: ann.id, endDate: '2026-04-30' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Spring physics',
      course: { id: physics },
      teacher: { id: ann.id },
      endDate: '2026-04-30',
    });
    const bad = await operator.put(`/api/terms/${id}`, term({ endDate: '2025-12-31' }));
    expect(bad.body.fieldErrors).toEqual([{ field: 'endDate', message: END_AFTER_START_MESSAGE }]);
    expect((await admin.get(`/api/terms/${id}`)).body.endDate).toBe('2026-04-30');
  });

  it('keeps a teacher deleted since on edit, but does not accept one newly', async () => {
    const teacher = await createTeacher(ctx.prisma, first.centre.id);
    const id = (await admin.post('/api/terms', term({ teacherId: teacher.id }))).body.id;
    await ctx.prisma.teacher.update({ where: { id: teacher.id }, data: { deletedAt: new Date() } });
    expect((await admin.put(`/api/terms/${id}`, term({ teacherId: teacher.id, comments: 'kept' }))).status).toBe(200);
    const other = (await admin.post('/api/terms', term())).body.id;
    expect((await admin.put(`/api/terms/${other}`, term({ teacherId: teacher.id }))).status).toBe(400);
  });

  it('deletes a term without registrations and refuses one with (409)', async () => {
    const free = (await admin.post('/api/terms', term())).body.id;
    expect((await admin.delete(`/api/terms/${free}`)).status).toBe(204);
    expect((await admin.get(`/api/terms/${free}`)).status).toBe(404);
    const used = (await admin.post('/api/terms', term())).body.id;
    const student = await createStudent(ctx.prisma, first.centre.id);
    const reg = await admin.post('/api/term-registers', {
      termId: used,
      studentId: student.id,
      paymentType: 'CASH',
      price: 10,
    });
    expect(reg.status).toBe(201);
    const res = await admin.delete(`/api/terms/${used}`);
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(TERM_IN_USE_MESSAGE);
  });
});

describe('tenancy and rights', () => {
  it("hides one centre's terms from another", async () => {
    const id = (await admin.post('/api/terms', term())).body.id;
    expect((await otherAdmin.get(`/api/terms/${id}`)).status).toBe(404);
    expect((await otherAdmin.put(`/api/terms/${id}`, term({ courseId: foreignCourse }))).status).toBe(404);
    expect((await otherAdmin.delete(`/api/terms/${id}`)).status).toBe(404);
    expect((await otherAdmin.get('/api/terms', { courseId: math })).body).toMatchObject({ data: [], total: 0 });
    expect(await otherAdmin.get('/api/terms/options', { courseId: math }).then((r) => r.body)).toEqual([]);
  });

  it('refuses teachers and the system role (403)', async () => {
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      const caller = callerWith(ctx.app, token);
      expect((await caller.get('/api/terms')).status).toBe(403);
      expect((await caller.get('/api/terms/options')).status).toBe(403);
      expect((await caller.post('/api/terms', term())).status).toBe(403);
      expect((await caller.get('/api/terms/export')).status).toBe(403);
    }
  });
});

describe('the term_name migration', () => {
  it('names every existing term after its course and months', async () => {
    const id = (await admin.post('/api/terms', term({ startDate: '2026-11-05', endDate: '2027-02-23' }))).body.id;
    const sql = readFileSync(join(__dirname, '../../prisma/migrations/20261126003801_term_name/migration.sql'), 'utf8');
    const update = sql.split(';').find((statement) => statement.includes('UPDATE'));
    await ctx.prisma.$executeRawUnsafe(String(update));
    expect((await admin.get(`/api/terms/${id}`)).body.name).toBe('Mathematics, Nov 2026 – Feb 2027');
  });
});

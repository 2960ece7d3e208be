import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IN_USE_MESSAGE, COURSE_NUMBER_TAKEN_MESSAGE } from '../../src/contracts/courses';
import { callerWith, createTeacher, fieldsOf, xlsxRows } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;
let ann: Awaited<ReturnType<typeof createTeacher>>;
let bob: Awaited<ReturnType<typeof createTeacher>>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  otherAdmin = callerWith(ctx.app, second.tokens.admin);
  ann = await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Ann', lastName: 'Archer' });
  bob = await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Bob', lastName: 'Baker' });
});
afterAll(() => ctx.close());

const algebra = { school: 'North High', courseNumber: 'MATH-101', name: 'Algebra', description: 'Grade 9' };

describe('POST /api/courses', () => {
  it('adds a course with its teachers', async () => {
    const res = await operator.post('/api/courses', { ...algebra, teacherIds: [ann.id, bob.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...algebra,
      teachers: [
        { id: ann.id, name: 'Ann Archer' },
        { id: bob.id, name: 'Bob Baker' },
      ],
    });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('requires school, course number and name, and names each field', async () => {
    const res = await admin.post('/api/courses', { school: ' ', description: 'x' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['courseNumber', 'name', 'school']);
    expect(res.body.fieldErrors).toContainEqual({ field: 'school', message: 'School is required' });
    expect(res.body.fieldErrors).toContainEqual({ field: 'name', message: 'This field is required' });
  });

  it('refuses teachers of another centre and deleted teachers, and adds nothing', async () => {
    const stranger = await createTeacher(ctx.prisma, second.centre.id);
    const gone = await createTeacher(ctx.prisma, first.centre.id, { deleted: true });
    const before = await ctx.prisma.course.count();
    for (const teacherIds of [[ann.id, stranger.id], [gone.id], [999999]]) {
      const res = await admin.post('/api/courses', { ...algebra, name: 'Refused', teacherIds });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['teacherIds']);
    }
    expect(await ctx.prisma.course.count()).toBe(before);
  });

  it('refuses a second course with the same number at the same school (409, naming the rule)', async () => {
    const before = await ctx.prisma.course.count();
    const res = await admin.post('/api/courses', { ...algebra, name: 'Algebra again' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorMessage: COURSE_NUMBER_TAKEN_MESSAGE,
      fieldErrors: [{ field: 'courseNumber', message: COURSE_NUMBER_TAKEN_MESSAGE }],
    });
    expect(await ctx.prisma.course.count()).toBe(before);
    // The same number at another school, or in another centre, is another course.
    expect((await admin.post('/api/courses', { ...algebra, school: 'West High', name: 'West algebra' })).status).toBe(
      201,
    );
    expect((await otherAdmin.post('/api/courses', { ...algebra, name: 'Their algebra' })).status).toBe(201);
    await ctx.prisma.course.deleteMany({ where: { name: { in: ['West algebra', 'Their algebra'] } } });
  });

  it('refuses to renumber a course onto a number its school already has', async () => {
    const other = await admin.post('/api/courses', { ...algebra, courseNumber: 'MATH-102', name: 'Algebra II' });
    const res = await admin.put(`/api/courses/${other.body.id}`, { ...algebra, name: 'Algebra II' });
    expect(res.status).toBe(409);
    expect(res.body.fieldErrors).toEqual([{ field: 'courseNumber', message: COURSE_NUMBER_TAKEN_MESSAGE }]);
    await ctx.prisma.course.delete({ where: { id: other.body.id } });
  });
});

describe('GET /api/courses', () => {
  beforeAll(async () => {
    await admin.post('/api/courses', {
      school: 'South High',
      courseNumber: 'PHY-200',
      name: 'Physics',
      teacherIds: [bob.id],
    });
    await admin.post('/api/courses', { school: 'North High', courseNumber: 'CHEM-150', name: 'Chemistry' });
    await otherAdmin.post('/api/courses', { school: 'North High', courseNumber: 'X-1', name: 'Another centre' });
  });

  it("lists the centre's courses by name, with teachers, in ProTable's shape", async () => {
    const res = await admin.get('/api/courses');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: 3 });
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Algebra', 'Chemistry', 'Physics']);
    expect(res.body.data[2].teachers).toEqual([{ id: bob.id, name: 'Bob Baker' }]);
  });

  it('filters by school, course number, name and q, case-insensitively', async () => {
    const names = async (query: Record<string, string>) =>
      (await admin.get('/api/courses', query)).body.data.map((c: { name: string }) => c.name);
    expect(await names({ school: 'north' })).toEqual(['Algebra', 'Chemistry']);
    expect(await names({ courseNumber: 'phy' })).toEqual(['Physics']);
    expect(await names({ name: 'CHEM' })).toEqual(['Chemistry']);
    expect(await names({ q: 'grade 9' })).toEqual(['Algebra']);
    expect(await names({ q: 'south' })).toEqual(['Physics']);
  });

  it('sorts and pages in the database', async () => {
    const res = await admin.get('/api/courses', {
      sortField: 'courseNumber',
      sortOrder: 'descend',
      pageSize: 2,
      current: 1,
    });
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((c: { courseNumber: string }) => c.courseNumber)).toEqual(['PHY-200', 'MATH-101']);
    const bad = await admin.get('/api/courses', { sortField: 'description' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['sortField']);
  });

  it('gives {id, name} options by name', async () => {
    const res = await operator.get('/api/courses/options');
    expect(res.status).toBe(200);
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Algebra', 'Chemistry', 'Physics']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['id', 'name']);
  });

  it('exports the whole filtered view as .xlsx', async () => {
    const res = await admin.download('/api/courses/export', { school: 'north' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('courses.xlsx');
    const rows = await xlsxRows(res.body);
    expect(rows[0]).toEqual(['ID', 'School', 'Course number', 'Name', 'Description', 'Teachers']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Algebra', 'Chemistry']);
    expect(rows[1]?.[5]).toBe('Ann Archer, Bob Baker');
  });
});

describe('GET, PUT and DELETE /api/courses/:id', () => {
  it('reads and changes a course, replacing its teachers', async () => {
    const created = await admin.post('/api/courses', {
      ...algebra,
      courseNumber: 'GEO-1',
      name: 'Geometry',
      teacherIds: [ann.id],
    });
    const id = created.body.id;
    const res = await operator.put(`/api/courses/${id}`, {
      ...algebra,
      courseNumber: 'GEO-2',
      name: 'Geometry II',
      description: '',
      teacherIds: [bob.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Geometry II', description: null, teachers: [{ id: bob.id }] });
    const read = await admin.get(`/api/courses/${id}`);
    expect(read.body.teachers).toEqual([{ id: bob.id, name: 'Bob Baker' }]);
    const bad = await admin.put(`/api/courses/${id}`, { ...algebra, courseNumber: 'GEO-2', name: '' });
    expect(fieldsOf(bad.body)).toEqual(['name']);
    expect((await admin.get(`/api/courses/${id}`)).body.name).toBe('Geometry II');
  });

  it('deletes an unused course, and refuses one that a term uses (409)', async () => {
    const unused = await admin.post('/api/courses', { ...algebra, courseNumber: 'UNUSED', name: 'Unused' });
    expect((await admin.delete(`/api/courses/${unused.body.id}`)).status).toBe(204);
    expect((await admin.get(`/api/courses/${unused.body.id}`)).status).toBe(404);

    const used = await admin.post('/api/courses', {
      ...algebra,
      courseNumber: 'USED',
      name: 'Used',
      teacherIds: [ann.id],
    });
    const term = await admin.post('/api/terms', {
      name: 'Winter term',
      school: 'N',
      courseId: used.body.id,
      startDate: '2026-01-05',
      endDate: '2026-03-30',
    });
    expect(term.status).toBe(201);
    const res = await admin.delete(`/api/courses/${used.body.id}`);
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(COURSE_IN_USE_MESSAGE);
    expect((await admin.get(`/api/courses/${used.body.id}`)).status).toBe(200);
  });
});

describe('tenancy and rights', () => {
  it("hides one centre's courses from another: 404 and an empty list", async () => {
    const mine = await admin.post('/api/courses', { ...algebra, courseNumber: 'PRIVATE', name: 'Private' });
    const url = `/api/courses/${mine.body.id}`;
    expect((await otherAdmin.get(url)).status).toBe(404);
    expect((await otherAdmin.put(url, algebra)).status).toBe(404);
    expect((await otherAdmin.delete(url)).status).toBe(404);
    const list = await otherAdmin.get('/api/courses', { name: 'Private' });
    expect(list.body).toMatchObject({ data: [], total: 0 });
    const options = await otherAdmin.get('/api/courses/options');
    expect(options.body.map((c: { name: string }) => c.name)).toEqual(['Another centre']);
    expect((await admin.get(url)).status).toBe(200);
  });

  it('refuses teachers and the system role (403) and anonymous callers (401)', async () => {
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      const caller = callerWith(ctx.app, token);
      for (const res of [
        await caller.get('/api/courses'),
        await caller.get('/api/courses/options'),
        await caller.get('/api/courses/export'),
        await caller.post('/api/courses', algebra),
      ]) {
        expect(res.status).toBe(403);
      }
    }
    expect((await callerWith(ctx.app, 'nope').get('/api/courses')).status).toBe(401);
  });
});

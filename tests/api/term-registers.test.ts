import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_REGISTERED_MESSAGE, COURSE_NOT_TERMS_MESSAGE } from '../../src/contracts/term-registers';
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
let bob: Awaited<ReturnType<typeof createTeacher>>;
let lily: Awaited<ReturnType<typeof createStudent>>;
let max: Awaited<ReturnType<typeof createStudent>>;
let math: number;
let physics: number;
let mathTerm: number;
let physicsTerm: number;
let foreignTerm: number;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  otherAdmin = callerWith(ctx.app, second.tokens.admin);
  ann = await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Ann', lastName: 'Archer' });
  bob = await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Bob', lastName: 'Baker' });
  lily = await createStudent(ctx.prisma, first.centre.id, { firstName: 'Lily', lastName: 'Chen', studentId: 'S-001' });
  max = await createStudent(ctx.prisma, first.centre.id, { firstName: 'Max', lastName: 'Dupont', studentId: 'S-002' });
  const course = (name: string, caller = admin) =>
    caller
      .post('/api/courses', { school: 'North', courseNumber: name.slice(0, 4), name })
      .then((r) => r.body.id as number);
  const term = (courseId: number, teacherId: number | null, caller = admin) =>
    caller
      .post('/api/terms', {
        name: 'Winter term',
        school: 'North',
        courseId,
        teacherId,
        startDate: '2026-01-05',
        endDate: '2026-03-30',
      })
      .then((r) => r.body.id as number);
  math = await course('Mathematics');
  physics = await course('Physics');
  mathTerm = await term(math, ann.id);
  physicsTerm = await term(physics, null);
  foreignTerm = await term(await course('Foreign', otherAdmin), null, otherAdmin);
});
afterAll(() => ctx.close());

const register = (over: Record<string, unknown> = {}) => ({
  termId: mathTerm,
  studentId: lily.id,
  paymentType: 'E_TRANSFER',
  price: '450.5',
  ...over,
});
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id);

describe('POST /api/term-registers', () => {
  it("registers a student; course and teacher default to the term's", async () => {
    const res = await operator.post('/api/term-registers', register({ comments: 'Sibling discount' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      paymentType: 'E_TRANSFER',
      price: '450.50',
      paid: false,
      comments: 'Sibling discount',
      term: { id: mathTerm, name: 'Winter term', startDate: '2026-01-05', endDate: '2026-03-30' },
      course: { id: math, name: 'Mathematics' },
      teacher: { id: ann.id, name: 'Ann Archer' },
      student: { id: lily.id, studentId: 'S-001', name: 'Lily Chen' },
    });
    const other = await admin.post(
      '/api/term-registers',
      register({ studentId: max.id, teacherId: bob.id, courseId: math, paid: true }),
    );
    expect(other.body).toMatchObject({ teacher: { id: bob.id }, paid: true });
    const newcomer = await createStudent(ctx.prisma, first.centre.id);
    const none = await admin.post('/api/term-registers', register({ studentId: newcomer.id, teacherId: null }));
    expect(none.body.teacher).toBeNull();
  });

  it('checks payment type, price (>= 0, 2 decimals) and the required references', async () => {
    for (const price of [-1, '12.345', 'ten']) {
      const res = await admin.post('/api/term-registers', register({ price }));
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['price']);
    }
    const res = await admin.post('/api/term-registers', { paymentType: 'BITCOIN' });
    expect(fieldsOf(res.body)).toEqual(['paymentType', 'price', 'studentId', 'termId']);
    const free = await createStudent(ctx.prisma, first.centre.id);
    expect((await admin.post('/api/term-registers', register({ studentId: free.id, price: 0 }))).body.price).toBe(
      '0.00',
    );
  });

  it('refuses to register the same student twice in one term (409, naming the rule)', async () => {
    const before = await ctx.prisma.termRegister.count();
    const again = await operator.post('/api/term-registers', register({ price: 10 }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      errorMessage: ALREADY_REGISTERED_MESSAGE,
      fieldErrors: [{ field: 'studentId', message: ALREADY_REGISTERED_MESSAGE }],
    });
    expect(await ctx.prisma.termRegister.count()).toBe(before);
  });

  it("refuses a course other than the term's, and another centre's term, student or teacher", async () => {
    const before = await ctx.prisma.termRegister.count();
    const course = await admin.post('/api/term-registers', register({ courseId: physics }));
    expect(course.status).toBe(400);
    expect(course.body.fieldErrors).toEqual([{ field: 'courseId', message: COURSE_NOT_TERMS_MESSAGE }]);
    const stranger = await createStudent(ctx.prisma, second.centre.id);
    const foreignTeacher = await createTeacher(ctx.prisma, second.centre.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ termId: foreignTerm }, 'termId'],
      [{ studentId: stranger.id }, 'studentId'],
      [{ teacherId: foreignTeacher.id }, 'teacherId'],
    ];
    for (const [over, field] of cases) {
      const res = await admin.post('/api/term-registers', register(over));
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual([field]);
    }
    expect(await ctx.prisma.termRegister.count()).toBe(before);
  });
});

describe('GET /api/term-registers', () => {
  let a: number;
  let b: number;
  let c: number;
  beforeAll(async () => {
    await ctx.prisma.termRegister.deleteMany({});
    a = (await admin.post('/api/term-registers', register({ price: 100 }))).body.id;
    b = (
      await admin.post(
        '/api/term-registers',
        register({ studentId: max.id, price: 300, paid: true, teacherId: bob.id }),
      )
    ).body.id;
    c = (await admin.post('/api/term-registers', register({ termId: physicsTerm, price: 200 }))).body.id;
    await otherAdmin.post('/api/term-registers', {
      termId: foreignTerm,
      studentId: (await createStudent(ctx.prisma, second.centre.id)).id,
      paymentType: 'CASH',
      price: 1,
    });
    // Toronto time: a at 22:00 on Jan 14 (03:00 UTC Jan 15), b on Jan 15, c on Jan 16 at 23:30.
    const at = (id: number, iso: string) =>
      ctx.prisma.termRegister.update({ where: { id }, data: { createdAt: new Date(iso) } });
    await at(a, '2026-01-15T03:00:00Z');
    await at(b, '2026-01-15T17:00:00Z');
    await at(c, '2026-01-17T04:30:00Z');
  });

  it('lists newest first with the item shape the student dashboard reads', async () => {
    const res = await admin.get('/api/term-registers');
    expect(res.body).toMatchObject({ success: true, total: 3 });
    expect(ids(res)).toEqual([c, b, a]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      [
        'comments',
        'course',
        'createdAt',
        'id',
        'paid',
        'paidMethod',
        'paidOn',
        'paymentType',
        'price',
        'student',
        'teacher',
        'term',
      ].sort(),
    );
  });

  it('filters by paid, student, term, course, teacher and student name', async () => {
    expect(ids(await admin.get('/api/term-registers', { paid: 'false' }))).toEqual([c, a]);
    expect(ids(await admin.get('/api/term-registers', { paid: 'true' }))).toEqual([b]);
    expect(ids(await admin.get('/api/term-registers', { studentId: max.id }))).toEqual([b]);
    expect(ids(await admin.get('/api/term-registers', { termId: physicsTerm }))).toEqual([c]);
    expect(ids(await admin.get('/api/term-registers', { courseId: math }))).toEqual([b, a]);
    expect(ids(await admin.get('/api/term-registers', { teacherId: bob.id }))).toEqual([b]);
    expect(ids(await admin.get('/api/term-registers', { q: 'lily chen' }))).toEqual([c, a]);
    expect(ids(await admin.get('/api/term-registers', { q: 'S-002' }))).toEqual([b]);
    expect((await admin.get('/api/term-registers', { paid: 'yes' })).status).toBe(400);
  });

  it("filters from/to on the day of creation in the centre's time zone (America/Toronto), inclusive", async () => {
    expect(ids(await admin.get('/api/term-registers', { to: '2026-01-14' }))).toEqual([a]);
    expect(ids(await admin.get('/api/term-registers', { from: '2026-01-15', to: '2026-01-15' }))).toEqual([b]);
    expect(ids(await admin.get('/api/term-registers', { from: '2026-01-16' }))).toEqual([c]);
    expect(
      ids(await admin.get('/api/term-registers', { studentId: lily.id, from: '2026-01-14', to: '2026-01-16' })),
    ).toEqual([c, a]);
  });

  it("takes the student dashboard's call with empty from/to as unfiltered", async () => {
    const res = await admin.get(`/api/term-registers?studentId=${lily.id}&from=&to=`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([c, a]);
  });

  it('sorts by price or paid and pages', async () => {
    const res = await admin.get('/api/term-registers', { sortField: 'price', sortOrder: 'descend', pageSize: 2 });
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((r: { price: string }) => r.price)).toEqual(['300.00', '200.00']);
    expect(
      ids(await admin.get('/api/term-registers', { sortField: 'paid', sortOrder: 'descend', pageSize: 1 })),
    ).toEqual([b]);
    expect((await admin.get('/api/term-registers', { sortField: 'comments' })).status).toBe(400);
  });

  it('exports the whole filtered view as .xlsx', async () => {
    const res = await admin.download('/api/term-registers/export', { paid: 'false', pageSize: 1 });
    expect(res.status).toBe(200);
    const rows = await xlsxRows(res.body);
    expect(rows[0]?.slice(0, 10)).toEqual([
      'ID',
      'Student ID',
      'Student',
      'Course',
      'Teacher',
      'Term start',
      'Term end',
      'Payment type',
      'Price',
      'Paid',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[8], r[9]])).toEqual([
      [c, 'Lily Chen', 'Physics', 200, 'No'],
      [a, 'Lily Chen', 'Mathematics', 100, 'No'],
    ]);
    // Typed cells: term dates are dates, the payment type its label, the price a number in the
    // centre's currency, and Created the Toronto wall-clock time (a at 22:00 on Jan 14 there).
    const [, last] = rows;
    expect(rows[1]?.[5]).toEqual(new Date('2026-01-05T00:00:00Z'));
    expect(last?.[7]).toBe('E-transfer');
    expect(rows[2]?.[10]).toEqual(new Date('2026-01-14T22:00:00Z'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body);
    expect(workbook.worksheets[0].getCell('I2').numFmt).toContain('CAD');
  });
});

describe('GET, PUT, paid and DELETE /api/term-registers/:id', () => {
  it('reads, changes, marks paid and unpaid, and deletes', async () => {
    const zoe = await createStudent(ctx.prisma, first.centre.id, { firstName: 'Zoe', lastName: 'Lam' });
    const mine = (over: Record<string, unknown> = {}) => register({ studentId: zoe.id, ...over });
    const id = (await admin.post('/api/term-registers', mine())).body.id;
    expect((await operator.get(`/api/term-registers/${id}`)).body.student.name).toBe('Zoe Lam');
    // Lily already has a place in the physics term: moving her registration there is refused.
    const clash = await operator.put(`/api/term-registers/${id}`, register({ termId: physicsTerm }));
    expect(clash.status).toBe(409);
    expect(clash.body.fieldErrors).toEqual([{ field: 'studentId', message: ALREADY_REGISTERED_MESSAGE }]);
    const moved = await operator.put(
      `/api/term-registers/${id}`,
      mine({ termId: physicsTerm, price: '99.90', paymentType: 'CASH' }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ course: { id: physics }, teacher: null, price: '99.90', paymentType: 'CASH' });
    const bad = await operator.put(`/api/term-registers/${id}`, mine({ price: -5 }));
    expect(fieldsOf(bad.body)).toEqual(['price']);
    // Paid records the day and how: by default the centre's today and the registration's payment type.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const paid = await operator.post(`/api/term-registers/${id}/paid`, { paid: true });
    expect(paid.body).toMatchObject({ id, paid: true, price: '99.90', paidOn: today, paidMethod: 'CASH' });
    const byCheque = await operator.post(`/api/term-registers/${id}/paid`, {
      paid: true,
      paidOn: '2026-11-02',
      paidMethod: 'CHEQUE',
    });
    expect(byCheque.body).toMatchObject({ paid: true, paidOn: '2026-11-02', paidMethod: 'CHEQUE' });
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { entityType: 'TERM_REGISTER', entityId: id },
      orderBy: { id: 'desc' },
    });
    expect(audit?.after).toMatchObject({ paidOn: '2026-11-02', paidMethod: 'CHEQUE' });
    const unpaid = await operator.post(`/api/term-registers/${id}/paid`, { paid: false });
    expect(unpaid.body).toMatchObject({ paid: false, paidOn: null, paidMethod: null });
    expect(fieldsOf((await operator.post(`/api/term-registers/${id}/paid`, {})).body)).toEqual(['paid']);
    const badMethod = await operator.post(`/api/term-registers/${id}/paid`, { paid: true, paidMethod: 'GOLD' });
    expect(fieldsOf(badMethod.body)).toEqual(['paidMethod']);
    expect((await operator.delete(`/api/term-registers/${id}`)).status).toBe(204);
    expect((await operator.get(`/api/term-registers/${id}`)).status).toBe(404);
  });
});

describe('a registration saved as paid (issue 19)', () => {
  it("records the day and how: the centre's today and the payment type unless given; unpaid clears them", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const yan = await createStudent(ctx.prisma, first.centre.id, { firstName: 'Yan', lastName: 'Ho' });
    const created = await operator.post('/api/term-registers', register({ studentId: yan.id, paid: true }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ paid: true, paidOn: today, paidMethod: 'E_TRANSFER' });
    const id = created.body.id as number;
    const event = await ctx.prisma.auditEvent.findFirstOrThrow({
      where: { entityType: 'TERM_REGISTER', entityId: id, action: 'CREATE' },
    });
    expect(event.after).toMatchObject({ paid: true, paidOn: today, paidMethod: 'E_TRANSFER' });

    // An edit that keeps it paid keeps the recorded day and method, even with another payment type.
    const edited = await operator.put(
      `/api/term-registers/${id}`,
      register({ studentId: yan.id, paid: true, paymentType: 'CASH', price: '400' }),
    );
    expect(edited.body).toMatchObject({ paid: true, paidOn: today, paidMethod: 'E_TRANSFER', paymentType: 'CASH' });
    // Unpaid by the form: neither; paid again with a day and method given: those.
    const unpaid = await operator.put(`/api/term-registers/${id}`, register({ studentId: yan.id, paid: false }));
    expect(unpaid.body).toMatchObject({ paid: false, paidOn: null, paidMethod: null });
    const given = await operator.put(
      `/api/term-registers/${id}`,
      register({ studentId: yan.id, paid: true, paidOn: '2026-11-03', paidMethod: 'CHEQUE' }),
    );
    expect(given.body).toMatchObject({ paid: true, paidOn: '2026-11-03', paidMethod: 'CHEQUE' });
    const bad = await operator.put(
      `/api/term-registers/${id}`,
      register({ studentId: yan.id, paid: true, paidOn: '2026-02-30' }),
    );
    expect(fieldsOf(bad.body)).toEqual(['paidOn']);
    expect((await operator.get(`/api/term-registers/${id}`)).body).toMatchObject({ paidOn: '2026-11-03' });
  });
});

describe('tenancy and rights', () => {
  it("hides one centre's registrations from another", async () => {
    const student = await createStudent(ctx.prisma, first.centre.id);
    const id = (await admin.post('/api/term-registers', register({ studentId: student.id }))).body.id;
    const url = `/api/term-registers/${id}`;
    expect((await otherAdmin.get(url)).status).toBe(404);
    expect((await otherAdmin.post(`${url}/paid`, { paid: true })).status).toBe(404);
    expect((await otherAdmin.delete(url)).status).toBe(404);
    expect((await otherAdmin.get('/api/term-registers', { studentId: lily.id })).body).toMatchObject({
      data: [],
      total: 0,
    });
    expect((await admin.get(url)).body.paid).toBe(false);
  });

  it('refuses teachers and the system role (403)', async () => {
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      const caller = callerWith(ctx.app, token);
      expect((await caller.get('/api/term-registers')).status).toBe(403);
      expect((await caller.get('/api/term-registers/export')).status).toBe(403);
      expect((await caller.post('/api/term-registers', register())).status).toBe(403);
      expect((await caller.post('/api/term-registers/1/paid', { paid: true })).status).toBe(403);
    }
  });
});

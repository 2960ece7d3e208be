import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredit } from '../../server/features/lessons/credits';
import { callerWith, createStudent, createTeacher, fieldsOf, xlsxRows } from '../support/course-factories';
import { createCentre, createCentreWithStaff } from '../support/factories';
import { createLocation, createSiteOperator } from '../support/location-factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { studentBody } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 23: an operator limited to a site sees and manages only that site's classes and the students
// enrolled there; an operator without limits and the admin see both sites.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let open: ReturnType<typeof callerWith>; // an operator without limits
let limited: ReturnType<typeof callerWith>; // an operator limited to site A
const ids: Record<string, number> = {};

/** Today's hour from now, so that the class is on the centre's today (its zone's) in the dashboard. */
const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  const org = staff.centre.id;
  admin = callerWith(ctx.app, staff.tokens.admin);
  open = callerWith(ctx.app, staff.tokens.operator);
  const a = await createLocation(ctx.prisma, org, { name: 'North site' });
  const b = await createLocation(ctx.prisma, org, { name: 'South site', rooms: [{ name: 'Room 1', capacity: 6 }] });
  const other = await createCentre(ctx.prisma);
  const elsewhere = await createLocation(ctx.prisma, other.id, { name: 'Other centre site' });
  const operator = await createSiteOperator(ctx, org, [a.location.id]);
  limited = callerWith(ctx.app, operator.token);
  const teacher = await createTeacher(ctx.prisma, org, { firstName: 'Ada', lastName: 'Alpha' });
  const course = await createCourseRow(ctx.prisma, org, 'Maths 10');
  const north = await createStudent(ctx.prisma, org, { firstName: 'Nora', lastName: 'North', studentId: 'N-1' });
  const south = await createStudent(ctx.prisma, org, { firstName: 'Sid', lastName: 'South', studentId: 'S-1' });
  await ctx.prisma.student.update({ where: { id: north.id }, data: { locationId: a.location.id } });
  await ctx.prisma.student.update({ where: { id: south.id }, data: { locationId: b.location.id } });
  const base = { organisationId: org, teacherId: teacher.id, courseId: course.id, startAt: soon(1), endAt: soon(61) };
  const classA = await createClassRow(ctx.prisma, { ...base, students: [{ id: north.id }] });
  const classB = await createClassRow(ctx.prisma, { ...base, students: [{ id: south.id }] });
  await ctx.prisma.schedule.update({ where: { id: classA.id }, data: { locationId: a.location.id } });
  await ctx.prisma.schedule.update({
    where: { id: classB.id },
    data: { locationId: b.location.id, roomId: b.rooms[0].id },
  });
  Object.assign(ids, {
    org,
    a: a.location.id,
    b: b.location.id,
    roomB: b.rooms[0].id,
    elsewhere: elsewhere.location.id,
    north: north.id,
    south: south.id,
    classA: classA.id,
    classB: classB.id,
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('a site-limited operator and another site', () => {
  it("gets 404 for the other site's student, whatever the operation", async () => {
    expect((await limited.get(`/api/students/${ids.south}`)).status).toBe(404);
    expect((await limited.put(`/api/students/${ids.south}`, studentBody())).status).toBe(404);
    expect((await limited.post(`/api/students/${ids.south}/deactivate`, {})).status).toBe(404);
    expect((await limited.get(`/api/students/${ids.south}/ledger`)).status).toBe(404);
    expect((await limited.get(`/api/students/${ids.north}`)).status).toBe(200);
    expect((await open.get(`/api/students/${ids.south}`)).status).toBe(200);
    expect((await admin.get(`/api/students/${ids.south}`)).status).toBe(200);
  });

  it("gets 404 for the other site's class: read, edit, cancel, confirm", async () => {
    expect((await limited.get(`/api/schedules/${ids.classB}`)).status).toBe(404);
    expect((await limited.post(`/api/schedules/${ids.classB}/cancel`, {})).status).toBe(404);
    expect((await limited.post(`/api/schedules/${ids.classB}/confirm`, {})).status).toBe(404);
    expect((await limited.get(`/api/schedules/${ids.classA}`)).status).toBe(200);
    expect((await admin.get(`/api/schedules/${ids.classB}`)).status).toBe(200);
    const still = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: ids.classB } });
    expect(still.status).toBe('PLANNED');
  });

  it('lists and exports the students of their site only; the others see both', async () => {
    const names = async (caller: typeof admin, query = {}) =>
      ((await caller.get('/api/students', query)).body.data as { studentId: string }[]).map((s) => s.studentId).sort();
    expect(await names(limited)).toEqual(['N-1']);
    expect(await names(limited, { locationId: ids.b })).toEqual([]);
    expect(await names(open)).toEqual(['N-1', 'S-1']);
    expect(await names(admin)).toEqual(['N-1', 'S-1']);
    expect(await names(admin, { locationId: ids.b })).toEqual(['S-1']);
    const listed = (await admin.get('/api/students')).body.data as { studentId: string; locationId: number }[];
    expect(listed.find((s) => s.studentId === 'S-1')?.locationId).toBe(ids.b);
    const rows = await xlsxRows((await limited.download('/api/students/export')).body);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['N-1']);
  });

  it("never names the other site's students as similar records", async () => {
    const query = { firstName: 'Sid', lastName: 'South' };
    expect((await limited.get('/api/students/similar', query)).body).toEqual([]);
    expect((await admin.get('/api/students/similar', query)).body).toHaveLength(1);
  });

  it('creates students at their own site only', async () => {
    const other = await limited.post('/api/students', studentBody({ locationId: ids.b }));
    expect(other.status).toBe(400);
    expect(fieldsOf(other.body)).toEqual(['locationId']);
    const foreign = await admin.post('/api/students', studentBody({ locationId: ids.elsewhere }));
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['locationId']);
    const mine = await limited.post('/api/students', studentBody());
    expect(mine.status).toBe(201);
    expect(mine.body.locationId).toBe(ids.a);
    const chosen = await admin.post('/api/students', studentBody({ locationId: ids.b }));
    expect(chosen.body.locationId).toBe(ids.b);
    // Moving a student of their own site to another site is refused; the student stays.
    const moved = await limited.put(`/api/students/${mine.body.id}`, studentBody({ locationId: ids.b }));
    expect(moved.status).toBe(400);
    expect(fieldsOf(moved.body)).toEqual(['locationId']);
    const kept = await limited.put(`/api/students/${mine.body.id}`, studentBody({ studentId: mine.body.studentId }));
    expect(kept.status).toBe(200);
    expect(kept.body.locationId).toBe(ids.a);
    await ctx.prisma.student.deleteMany({ where: { id: { in: [mine.body.id, chosen.body.id] } } });
  });

  it('reports the other site\'s ids as "not found" in batch actions', async () => {
    const deactivated = await limited.post('/api/students/deactivate', { ids: [ids.south] });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.deactivated).toEqual([]);
    expect(deactivated.body.notDeactivated).toEqual([{ id: ids.south, reason: 'Not found in this centre' }]);
    const cancelled = await limited.post('/api/schedules/batch-cancel', { ids: [ids.classB] });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelled).toEqual([]);
    expect(cancelled.body.notCancelled).toEqual([{ id: ids.classB, reason: 'Not found in this centre' }]);
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: ids.south } })).active).toBe(true);
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: ids.classB } })).status).toBe('PLANNED');
  });

  it("gets 404 for money and households of the other site's student", async () => {
    const purchase = {
      studentId: ids.south,
      type: 'PURCHASE',
      purchaseDate: '2026-03-02',
      voucherAmount: '100.00',
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
    };
    expect((await limited.post('/api/voucher-purchases', purchase)).status).toBe(404);
    expect(await ctx.prisma.voucherPurchase.count({ where: { studentId: ids.south } })).toBe(0);
    expect((await limited.post('/api/households', { studentId: ids.south })).status).toBe(404);
    expect((await limited.get('/api/voucher-purchases', { studentId: ids.south })).body.data).toEqual([]);
  });
});

describe('downloads', () => {
  const monday = () => {
    const day = new Date(soon(1));
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return day.toISOString().slice(0, 10);
  };
  const from = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const to = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const classIds = async (caller: typeof admin, query: Record<string, string | number> = {}) => {
    const res = await caller.download('/api/schedules/download/range', { from: from(), to: to(), ...query });
    expect(res.status).toBe(200);
    const rows = await xlsxRows(res.body);
    return rows
      .slice(1)
      .map((r) => r[0])
      .sort();
  };

  it("has the class's location and room as its last columns", async () => {
    const rows = await xlsxRows(
      (await admin.download('/api/schedules/download/range', { from: from(), to: to() })).body,
    );
    expect(rows[0].slice(-2)).toEqual(['Location', 'Room']);
    expect(rows.find((r) => r[0] === ids.classB)?.slice(-2)).toEqual(['South site', 'Room 1']);
    expect(rows.find((r) => r[0] === ids.classA)?.slice(-2)).toEqual(['North site', null]);
  });

  it('keeps a site-limited operator to their site and filters by location and room', async () => {
    expect(await classIds(limited)).toEqual([ids.classA]);
    expect(await classIds(limited, { locationId: ids.b })).toEqual([]);
    expect(await classIds(open)).toEqual([ids.classA, ids.classB].sort());
    expect(await classIds(admin, { locationId: ids.b })).toEqual([ids.classB]);
    expect(await classIds(admin, { roomId: ids.roomB })).toEqual([ids.classB]);
    const week = await limited.download('/api/schedules/download/week', { monday: monday() });
    const weekRows = await xlsxRows(week.body);
    expect(weekRows.slice(1).map((r) => r[0])).not.toContain(ids.classB);
    const attendance = await limited.download('/api/schedules/attendance/export', { from: from(), to: to() });
    const attendanceRows = await xlsxRows(attendance.body);
    expect(attendanceRows.slice(1).map((r) => r[0])).toEqual([ids.classA]);
    expect(attendanceRows[0].slice(-2)).toEqual(['Location', 'Room']);
  });
});

describe('dashboard', () => {
  it("shows a site-limited operator their site's figures and lists only", async () => {
    const mine = (await limited.get('/api/dashboard')).body;
    expect(mine.totals.activeStudents).toBe(1);
    expect(mine.classesToday.total).toBe(1);
    expect(mine.classesToday.data.map((c: { id: number }) => c.id)).toEqual([ids.classA]);
    const all = (await admin.get('/api/dashboard')).body;
    expect(all.totals.activeStudents).toBe(2);
    expect(all.classesToday.total).toBe(2);
    const everyOperator = (await open.get('/api/dashboard')).body;
    expect(everyOperator.classesToday.total).toBe(2);
  });

  it('narrows every card to the location asked for', async () => {
    const south = (await admin.get('/api/dashboard', { locationId: ids.b })).body;
    expect(south.totals.activeStudents).toBe(1);
    expect(south.classesToday.data.map((c: { id: number }) => c.id)).toEqual([ids.classB]);
    // Another site than the operator's own: nothing, never the other site's figures.
    const notMine = (await limited.get('/api/dashboard', { locationId: ids.b })).body;
    expect(notMine.classesToday.total).toBe(0);
    expect(notMine.totals.activeStudents).toBe(0);
    const charts = await admin.get('/api/dashboard/charts', { locationId: ids.b });
    expect(charts.status).toBe(200);
    const lowBalance = await limited.get('/api/dashboard/low-balance', { locationId: ids.b });
    expect(lowBalance.status).toBe(200);
    expect(lowBalance.body.total).toBe(0);
    expect((await admin.get('/api/dashboard', { locationId: 'x' })).status).toBe(400);
  });

  it('counts sales by the site of the student who bought', async () => {
    const purchase = (studentId: number) => ({
      studentId,
      type: 'PURCHASE',
      purchaseDate: new Date().toISOString().slice(0, 10),
      voucherAmount: studentId === ids.south ? '70.00' : '30.00',
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
    });
    expect((await admin.post('/api/voucher-purchases', purchase(ids.south))).status).toBe(201);
    expect((await admin.post('/api/voucher-purchases', purchase(ids.north))).status).toBe(201);
    const total = (body: { voucherSalesPerMonth: { amount: string }[] }) =>
      body.voucherSalesPerMonth.reduce((sum, m) => sum + Number(m.amount), 0);
    expect(total((await admin.get('/api/dashboard/charts')).body)).toBe(100);
    expect(total((await limited.get('/api/dashboard/charts')).body)).toBe(30);
    expect(total((await admin.get('/api/dashboard/charts', { locationId: ids.b })).body)).toBe(70);
    const purchases = (await limited.get('/api/voucher-purchases')).body.data as { student: { id: number } }[];
    expect(purchases.map((p) => p.student.id)).toEqual([ids.north]);
  });
});

describe('receipts, referrals and bulk email', () => {
  it("gets 404 for the other site's student's receipt and referral", async () => {
    const purchase = await ctx.prisma.voucherPurchase.findFirstOrThrow({ where: { studentId: ids.south } });
    expect((await limited.get(`/api/voucher-purchases/${purchase.id}/receipt`)).status).toBe(404);
    expect((await limited.get(`/api/voucher-purchases/${purchase.id}`)).status).toBe(404);
    expect((await admin.get(`/api/voucher-purchases/${purchase.id}/receipt`)).status).toBe(200);
    const referrer = await ctx.prisma.referrer.create({ data: { organisationId: ids.org, name: 'Word of mouth' } });
    const refused = await limited.post('/api/referrals', { referrerId: referrer.id, studentId: ids.south });
    expect(refused.status).toBe(404);
    expect(await ctx.prisma.referral.count({ where: { studentId: ids.south } })).toBe(0);
    expect((await limited.post('/api/referrals', { referrerId: referrer.id, studentId: ids.north })).status).toBe(201);
  });

  it("neither lists, reads, changes, exports nor deletes the other site's student's referral (issue 37)", async () => {
    const referrer = await ctx.prisma.referrer.create({ data: { organisationId: ids.org, name: 'Flyer' } });
    const made = (studentId: number | null) =>
      ctx.prisma.referral.create({ data: { organisationId: ids.org, referrerId: referrer.id, studentId } });
    const south = await made(ids.south);
    const north = await made(ids.north);
    const none = await made(null); // not tied to a student yet: every site sees it
    const listed = async (caller: typeof admin) =>
      ((await caller.get('/api/referrals', { referrerId: referrer.id })).body.data as { id: number }[])
        .map((r) => r.id)
        .sort((x, y) => x - y);
    expect(await listed(limited)).toEqual([north.id, none.id]);
    expect(await listed(open)).toEqual([south.id, north.id, none.id]);
    const body = { referrerId: referrer.id, studentId: ids.north, comments: 'moved' };
    expect((await limited.get(`/api/referrals/${south.id}`)).status).toBe(404);
    expect((await limited.put(`/api/referrals/${south.id}`, body)).status).toBe(404);
    expect((await limited.delete(`/api/referrals/${south.id}`)).status).toBe(404);
    const kept = await ctx.prisma.referral.findUniqueOrThrow({ where: { id: south.id } });
    expect([kept.studentId, kept.comments]).toEqual([ids.south, null]);
    const sheet = await limited.download('/api/referrals/export', { referrerId: referrer.id });
    expect(sheet.status).toBe(200);
    const studentIds = (await xlsxRows(sheet.body)).slice(1).map((row) => row[1]);
    expect(studentIds.sort()).toEqual(['N-1', null]);
    expect((await limited.get(`/api/referrals/${north.id}`)).status).toBe(200);
    expect((await admin.get(`/api/referrals/${south.id}`)).status).toBe(200);
  });

  it("reaches their site's students only in a bulk email", async () => {
    await ctx.prisma.student.updateMany({
      where: { id: { in: [ids.north, ids.south] } },
      data: { allowEmail: true, email: 'family@example.test' },
    });
    await ctx.prisma.student.update({ where: { id: ids.south }, data: { email: 'south@example.test' } });
    const count = async (caller: typeof admin) =>
      (await caller.post('/api/email/audience/count', { groups: ['STUDENTS'] })).body.byGroup.STUDENTS;
    expect(await count(admin)).toBe(2);
    expect(await count(open)).toBe(2);
    expect(await count(limited)).toBe(1);
  });

  it("gets 404 for the other site's student's term registrations, and lists its own only", async () => {
    const classA = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: ids.classA } });
    const term = await ctx.prisma.term.create({
      data: {
        organisationId: ids.org,
        name: 'Fall term',
        courseId: classA.courseId,
        startDate: new Date('2026-09-01'),
        endDate: new Date('2026-12-20'),
      },
    });
    const register = (studentId: number) => ({ paymentType: 'CASH', price: '300.00', termId: term.id, studentId });
    expect((await limited.post('/api/term-registers', register(ids.south))).status).toBe(404);
    const south = await admin.post('/api/term-registers', register(ids.south));
    expect(south.status).toBe(201);
    expect((await limited.post('/api/term-registers', register(ids.north))).status).toBe(201);
    expect((await limited.get(`/api/term-registers/${south.body.id}`)).status).toBe(404);
    expect((await limited.delete(`/api/term-registers/${south.body.id}`)).status).toBe(404);
    const listed = (await limited.get('/api/term-registers')).body.data as { student: { id: number } }[];
    expect(listed.map((r) => r.student.id)).toEqual([ids.north]);
    expect((await admin.get('/api/term-registers')).body.data).toHaveLength(2);
    const unpaid = (await limited.get('/api/dashboard/unpaid-term-registers')).body.data as {
      student: { id: number };
    }[];
    expect(unpaid.map((r) => r.student.id)).toEqual([ids.north]);
  });

  it("is offered its own site's classes only for a student's make-up", async () => {
    const classA = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: ids.classA } });
    const credit = await ctx.prisma.$transaction((tx) =>
      grantCredit(tx, {
        organisationId: ids.org,
        studentId: ids.north,
        courseId: classA.courseId,
        earnedScheduleId: ids.classA,
        cancelledBy: 'CENTRE',
        late: false,
        quotaPeriod: null,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
        userId: staff.admin.id,
      }),
    );
    const later = { organisationId: ids.org, teacherId: classA.teacherId, courseId: classA.courseId };
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const north = await createClassRow(ctx.prisma, { ...later, startAt: at(2), endAt: at(2.04) });
    const south = await createClassRow(ctx.prisma, { ...later, startAt: at(3), endAt: at(3.04) });
    await ctx.prisma.schedule.update({ where: { id: north.id }, data: { locationId: ids.a } });
    await ctx.prisma.schedule.update({ where: { id: south.id }, data: { locationId: ids.b } });
    const offered = async (caller: typeof admin) => {
      const res = await caller.get(`/api/students/${ids.north}/make-up-options?creditId=${credit.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.options as { id: number }[]).map((o) => o.id);
    };
    expect(await offered(limited)).toEqual(expect.arrayContaining([north.id]));
    expect(await offered(limited)).not.toContain(south.id);
    expect(await offered(admin)).toEqual(expect.arrayContaining([north.id, south.id]));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncPayrollAdjustments } from '../../server/features/payroll/payroll-sync';
import type { Prisma } from '../../server/generated/prisma/client';
import type { AuthContext } from '../../server/http/context';
import { callerWith, createTeacher, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

// Figures are checked against integer-cent arithmetic done here, not against the server's helpers.
let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let teacherUser: ReturnType<typeof callerWith>;
let tina: Awaited<ReturnType<typeof createTeacher>>;
let theo: Awaited<ReturnType<typeof createTeacher>>;
let courseId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  teacherUser = callerWith(ctx.app, first.tokens.teacher);
  tina = await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Tina', lastName: 'Payroll' });
  theo = await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Theo', lastName: 'Payroll' });
  courseId = (await createCourseRow(ctx.prisma, first.centre.id, 'Payroll maths')).id;
});
afterAll(() => ctx.close());

/** Cents of rate x minutes / 60, half-up, in integers. */
const payCents = (rate: string, minutes: number) => {
  const rateCents = Math.round(Number(rate) * 100);
  return Math.floor((2 * rateCents * minutes + 60) / 120);
};
const hoursCents = (minutes: number) => Math.floor((2 * 100 * minutes + 60) / 120);
const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

interface Made {
  id: number;
  teacherId: number;
  minutes: number;
  rate: string;
  status: 'PLANNED' | 'COMPLETED' | 'CANCELLED';
}
/** A class at a Toronto wall-clock start (offset given), `minutes` long. */
async function makeClass(
  teacherId: number,
  startIso: string,
  minutes: number,
  rate: string,
  status: Made['status'] = 'COMPLETED',
  organisationId = first.centre.id,
  course = courseId,
): Promise<Made> {
  const start = new Date(startIso);
  const row = await createClassRow(ctx.prisma, {
    organisationId,
    teacherId,
    courseId: course,
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
    status,
    teacherHourlyRate: rate,
  });
  if (status === 'COMPLETED') {
    await ctx.prisma.schedule.update({
      where: { id: row.id },
      data: { confirmedAt: new Date(start.getTime() + minutes * 60_000) },
    });
  }
  return { id: row.id, teacherId, minutes, rate, status };
}

const authOf = (user: { id: number; login: string }, role: 'ROLE_ADMIN' | 'ROLE_OPERATOR'): AuthContext => ({
  userId: user.id,
  login: user.login,
  organisationId: first.centre.id,
  authorities: role === 'ROLE_ADMIN' ? ['ROLE_ADMIN', 'ROLE_OPERATOR'] : ['ROLE_OPERATOR'],
});

/** A class change made with Prisma, then the payroll sync, in one transaction (as the schedule paths do). */
function changeAndSync(auth: AuthContext, id: number, data: Prisma.ScheduleUpdateInput) {
  return ctx.prisma.$transaction(async (tx: Prisma.TransactionClient) => {
    await tx.schedule.update({ where: { id }, data });
    await syncPayrollAdjustments(tx, auth, [id]);
  });
}

// March 2025 in America/Toronto (the centre's default zone; DST starts on 9 March).
const march: Made[] = [];
let planned: Made;
let revised: Made;
let february: Made;
describe('a month with classes', () => {
  beforeAll(async () => {
    march.push(await makeClass(tina.id, '2025-03-03T10:00:00-05:00', 90, '30.00'));
    march.push(await makeClass(tina.id, '2025-03-20T14:00:00-04:00', 80, '35.00')); // a second rate: a blocker
    // 23:30 local on 31 March is 03:30 UTC on 1 April: still March.
    march.push(await makeClass(theo.id, '2025-03-31T23:30:00-04:00', 60, '40.00'));
    // 00:15 local on 1 March: March (UTC 05:15); 45 min at 22.22 = 16.665 -> 16.67.
    march.push(await makeClass(theo.id, '2025-03-01T00:15:00-05:00', 45, '22.22'));
    revised = await makeClass(theo.id, '2025-03-12T09:00:00-04:00', 50, '22.22');
    march.push(revised);
    // 23:00 local on 28 February is 04:00 UTC on 1 March: February.
    february = await makeClass(theo.id, '2025-02-28T23:00:00-05:00', 60, '40.00');
    planned = await makeClass(tina.id, '2025-03-10T16:00:00-04:00', 60, '30.00', 'PLANNED');
    await makeClass(theo.id, '2025-03-14T16:00:00-04:00', 60, '22.22', 'CANCELLED');
    // Another centre's class in the same month never counts.
    const otherTeacher = await createTeacher(ctx.prisma, second.centre.id);
    const otherCourse = await createCourseRow(ctx.prisma, second.centre.id, 'Other maths');
    await makeClass(
      otherTeacher.id,
      '2025-03-05T10:00:00-05:00',
      60,
      '99.00',
      'COMPLETED',
      second.centre.id,
      otherCourse.id,
    );
    // Changed after confirmation, and Theo's rate changed mid-month (what the audit keeps).
    await ctx.prisma.scheduleRevision.create({
      data: {
        scheduleId: revised.id,
        action: 'attendance',
        changedById: first.operator.id,
        previous: { status: 'COMPLETED' },
      },
    });
    await ctx.prisma.auditEvent.create({
      data: {
        organisationId: first.centre.id,
        actorId: first.admin.id,
        at: new Date('2025-03-15T15:00:00Z'),
        entityType: 'TEACHER',
        entityId: theo.id,
        action: 'UPDATE',
        before: { hourlyRate: '20.00' },
        after: { hourlyRate: '22.22' },
      },
    });
    // A rate change of another field or outside the month is no blocker.
    await ctx.prisma.auditEvent.create({
      data: {
        organisationId: first.centre.id,
        actorId: first.admin.id,
        at: new Date('2025-04-02T15:00:00Z'),
        entityType: 'TEACHER',
        entityId: tina.id,
        action: 'UPDATE',
        before: { hourlyRate: '30.00' },
        after: { hourlyRate: '35.00' },
      },
    });
  });

  const expected = () => {
    const of = (teacherId: number) => march.filter((c) => c.teacherId === teacherId);
    const figures = (classes: Made[]) => ({
      classes: classes.length,
      hours: money(classes.reduce((s, c) => s + hoursCents(c.minutes), 0)),
      amount: money(classes.reduce((s, c) => s + payCents(c.rate, c.minutes), 0)),
    });
    return { tina: figures(of(tina.id)), theo: figures(of(theo.id)), all: figures(march) };
  };

  it('reviews the month: completed classes per teacher, by the local month of the teacher start', async () => {
    const res = await operator.get('/api/payroll/review', { month: '2025-03' });
    expect(res.status).toBe(200);
    const want = expected();
    expect(want.tina).toEqual({ classes: 2, hours: '2.83', amount: '91.67' }); // 45.00 + 46.67
    expect(want.theo.amount).toBe(money(4000 + 1667 + payCents('22.22', 50)));
    expect(res.body).toMatchObject({
      month: '2025-03',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      timeZone: 'America/Toronto',
      status: 'OPEN',
      closable: true,
      period: null,
    });
    const byName = Object.fromEntries(
      res.body.teachers.map((t: { teacher: { name: string } } & Record<string, unknown>) => [t.teacher.name, t]),
    );
    expect(byName['Tina Payroll']).toMatchObject({ ...want.tina, adjustmentAmount: '0.00', payable: want.tina.amount });
    expect(byName['Theo Payroll']).toMatchObject(want.theo);
    expect(res.body.totals).toMatchObject({ ...want.all, payable: want.all.amount });
    expect(res.body.teachers).toHaveLength(2);
  });

  it('lists what blocks a clean close', async () => {
    const res = await operator.get('/api/payroll/review', { month: '2025-03' });
    const blockers = res.body.blockers as { kind: string; scheduleId: number | null; teacher: { id: number } }[];
    expect(blockers.filter((b) => b.kind === 'UNCONFIRMED_CLASS').map((b) => b.scheduleId)).toEqual([planned.id]);
    expect(blockers.filter((b) => b.kind === 'CHANGED_AFTER_CONFIRMATION').map((b) => b.scheduleId)).toEqual([
      revised.id,
    ]);
    const rates = blockers.filter((b) => b.kind === 'RATE_CHANGE');
    expect(rates.map((b) => b.teacher.id).sort()).toEqual([tina.id, theo.id].sort());
    expect(rates.find((b) => b.teacher.id === tina.id)).toMatchObject({ rates: ['30.00', '35.00'], rateChanges: [] });
    expect(rates.find((b) => b.teacher.id === theo.id)).toMatchObject({
      rates: ['22.22', '40.00'],
      rateChanges: [{ at: '2025-03-15T15:00:00.000Z', from: '20.00', to: '22.22' }],
    });
    expect(res.body.blockerCount).toBe(4);
  });

  it('refuses bad months naming the field, and callers without the right', async () => {
    for (const month of ['2025-3', '2025-13', '0000-01', 'march', '']) {
      const res = await admin.get('/api/payroll/review', { month });
      expect(res.status, month).toBe(400);
      expect(fieldsOf(res.body), month).toEqual(['month']);
    }
    const future = await admin.get('/api/payroll/review', { month: '2999-01' });
    expect(future.status).toBe(400);
    expect(fieldsOf(future.body)).toEqual(['month']);
    expect((await teacherUser.get('/api/payroll/review', { month: '2025-03' })).status).toBe(403);
    expect((await teacherUser.get('/api/payroll/periods')).status).toBe(403);
    const before = await ctx.prisma.payrollPeriod.count();
    const byOperator = await operator.post('/api/payroll/close', { month: '2025-03', acknowledgeBlockers: true });
    expect(byOperator.status).toBe(403);
    // The current month in the centre's zone.
    const current = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const notOver = await admin.post('/api/payroll/close', { month: current, acknowledgeBlockers: true });
    expect(notOver.status).toBe(409);
    expect(fieldsOf(notOver.body)).toEqual(['month']);
    const futureClose = await admin.post('/api/payroll/close', { month: '2999-01' });
    expect(futureClose.status).toBe(400);
    expect(fieldsOf(futureClose.body)).toEqual(['month']);
    const badFlag = await admin.post('/api/payroll/close', { month: '2025-03', acknowledgeBlockers: 'yes' });
    expect(badFlag.status).toBe(400);
    expect(fieldsOf(badFlag.body)).toEqual(['acknowledgeBlockers']);
    const unacknowledged = await admin.post('/api/payroll/close', { month: '2025-03' });
    expect(unacknowledged.status).toBe(409);
    expect(fieldsOf(unacknowledged.body)).toEqual(['acknowledgeBlockers']);
    expect(unacknowledged.body.errorMessage).toContain('4 issues block a clean close of 2025-03');
    expect(unacknowledged.body.errorMessage).toContain(
      `class ${planned.id} (2025-03-10, Tina Payroll) is not confirmed`,
    );
    expect(await ctx.prisma.payrollPeriod.count()).toBe(before);
  });

  it('closes with the blockers acknowledged: one line per completed class, totals, the audit; a second close is a 409', async () => {
    const res = await admin.post('/api/payroll/close', {
      month: '2025-03',
      acknowledgeBlockers: true,
      comments: 'March run',
    });
    expect(res.status).toBe(201);
    const want = expected();
    expect(res.body).toMatchObject({
      month: '2025-03',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      closedBy: { id: first.admin.id },
      comments: 'March run',
      classes: march.length,
      totalHours: want.all.hours,
      totalAmount: want.all.amount,
    });
    const lines = await ctx.prisma.payrollLine.findMany({
      where: { periodId: res.body.id },
      orderBy: { scheduleId: 'asc' },
    });
    expect(
      lines.map((l) => [l.scheduleId, l.teacherId, l.hours.toFixed(2), l.rate.toFixed(2), l.amount.toFixed(2)]),
    ).toEqual(
      [...march]
        .sort((a, b) => a.id - b.id)
        .map((c) => [c.id, c.teacherId, money(hoursCents(c.minutes)), c.rate, money(payCents(c.rate, c.minutes))]),
    );
    expect(lines.map((l) => l.scheduleId)).not.toContain(february.id);
    const audit = await ctx.prisma.auditEvent.findMany({
      where: { entityType: 'PAYROLL_PERIOD', entityId: res.body.id },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'CLOSE', actorId: first.admin.id, organisationId: first.centre.id });
    expect(audit[0].after).toMatchObject({
      month: '2025-03',
      classes: march.length,
      totalAmount: want.all.amount,
      blockers: 4,
    });

    const again = await admin.post('/api/payroll/close', { month: '2025-03', acknowledgeBlockers: true });
    expect(again.status).toBe(409);
    expect(fieldsOf(again.body)).toEqual(['month']);
    expect(await ctx.prisma.payrollPeriod.count({ where: { organisationId: first.centre.id } })).toBe(1);

    const review = await operator.get('/api/payroll/review', { month: '2025-03' });
    expect(review.body).toMatchObject({ status: 'CLOSED', closable: false, blockers: [], blockerCount: 0 });
    expect(review.body.period).toMatchObject({ id: res.body.id, totalAmount: want.all.amount });
    expect(review.body.totals).toMatchObject(want.all);
    const periods = await operator.get('/api/payroll/periods');
    expect(periods.body.data.map((p: { month: string }) => p.month)).toEqual(['2025-03']);
    // The other centre sees none of it.
    expect((await callerWith(ctx.app, second.tokens.admin).get('/api/payroll/periods')).body.total).toBe(0);
  });
});

describe('changes to classes of a closed period (syncPayrollAdjustments)', () => {
  const adjustmentsOf = (scheduleId: number) =>
    ctx.prisma.payrollAdjustment.findMany({ where: { scheduleId }, orderBy: { id: 'asc' } });

  it("refuses an operator's change that moves the pay, and rolls the change back", async () => {
    const target = march[0];
    const before = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: target.id } });
    const change = changeAndSync(authOf(first.operator, 'ROLE_OPERATOR'), target.id, {
      teacherEndAt: new Date(before.teacherEndAt.getTime() + 30 * 60_000),
    });
    await expect(change).rejects.toMatchObject({
      status: 403,
      message: 'This class belongs to the closed pay period 2025-03: only an admin can change it',
    });
    const after = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: target.id } });
    expect(after.teacherEndAt).toEqual(before.teacherEndAt);
    expect(await adjustmentsOf(target.id)).toEqual([]);
    // A change that moves no money (a comment) is allowed to anyone.
    await changeAndSync(authOf(first.operator, 'ROLE_OPERATOR'), target.id, { comments: 'noted' });
    expect(await adjustmentsOf(target.id)).toEqual([]);
  });

  it("posts an admin's change as the signed difference to the next open month, once", async () => {
    const target = march[0]; // Tina, 90 min at 30.00 = 45.00 paid
    const before = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: target.id } });
    const adminAuth = authOf(first.admin, 'ROLE_ADMIN');
    await changeAndSync(adminAuth, target.id, { teacherEndAt: new Date(before.teacherEndAt.getTime() + 30 * 60_000) });
    const period = await ctx.prisma.payrollPeriod.findFirstOrThrow({ where: { organisationId: first.centre.id } });
    let posted = await adjustmentsOf(target.id);
    expect(
      posted.map((a) => [
        a.teacherId,
        a.hours.toFixed(2),
        a.amount.toFixed(2),
        a.periodStart.toISOString().slice(0, 10),
        a.fromPeriodId,
        a.createdById,
      ]),
    ).toEqual([
      [tina.id, '0.50', money(payCents('30.00', 120) - payCents('30.00', 90)), '2025-04-01', period.id, first.admin.id],
    ]);
    expect(posted[0].reason).toContain('2025-03');
    // The same sync again (nothing changed since): no second adjustment.
    await ctx.prisma.$transaction((tx: Prisma.TransactionClient) => syncPayrollAdjustments(tx, adminAuth, [target.id]));
    expect(await adjustmentsOf(target.id)).toHaveLength(1);
    // Cancelled: everything paid so far comes back, negative.
    await changeAndSync(adminAuth, target.id, { status: 'CANCELLED' });
    posted = await adjustmentsOf(target.id);
    expect(posted.map((a) => a.amount.toFixed(2))).toEqual(['15.00', '-60.00']);
    expect(posted[1].hours.toFixed(2)).toBe('-2.00');
  });

  it('pays a class confirmed late, and moves the pay when the teacher changes', async () => {
    const adminAuth = authOf(first.admin, 'ROLE_ADMIN');
    await changeAndSync(adminAuth, planned.id, { status: 'COMPLETED', confirmedAt: new Date() });
    expect((await adjustmentsOf(planned.id)).map((a) => [a.teacherId, a.amount.toFixed(2)])).toEqual([
      [tina.id, '30.00'],
    ]);
    const theoClass = march[2]; // Theo, 60 min at 40.00
    await changeAndSync(adminAuth, theoClass.id, { teacher: { connect: { id: tina.id } } });
    expect((await adjustmentsOf(theoClass.id)).map((a) => [a.teacherId, a.amount.toFixed(2)])).toEqual([
      [tina.id, '40.00'],
      [theo.id, '-40.00'],
    ]);
  });

  it('leaves classes of open months alone, and posts to the first open month after the closed one', async () => {
    const adminAuth = authOf(first.admin, 'ROLE_ADMIN');
    await changeAndSync(authOf(first.operator, 'ROLE_OPERATOR'), february.id, { status: 'CANCELLED' });
    expect(await adjustmentsOf(february.id)).toEqual([]);

    const april = await admin.get('/api/payroll/adjustments', { month: '2025-04' });
    expect(april.status).toBe(200);
    expect(april.body.total).toBe(5);
    expect(april.body.totals).toEqual({ hours: '-0.50', amount: '-15.00' }); // 15 - 60 + 30 + 40 - 40
    expect(april.body.data[0]).toMatchObject({ fromMonth: '2025-03', month: '2025-04', teacher: { id: tina.id } });
    const aprilReview = await operator.get('/api/payroll/review', { month: '2025-04' });
    expect(aprilReview.body.totals).toMatchObject({ classes: 0, adjustmentAmount: '-15.00', payable: '-15.00' });

    // April closed too: the next change to a March class goes to May.
    expect((await admin.post('/api/payroll/close', { month: '2025-04', acknowledgeBlockers: true })).status).toBe(201);
    const target = march[1]; // Tina, 80 min at 35.00
    await changeAndSync(adminAuth, target.id, { teacherHourlyRate: '36.00' });
    const posted = await adjustmentsOf(target.id);
    expect(
      posted.map((a) => [a.periodStart.toISOString().slice(0, 10), a.amount.toFixed(2), a.hours.toFixed(2)]),
    ).toEqual([['2025-05-01', money(payCents('36.00', 80) - payCents('35.00', 80)), '0.00']]);
    // A class moved out of a closed month into an open one is taken back (its new month pays it).
    await changeAndSync(adminAuth, target.id, {
      teacherStartAt: new Date('2025-06-02T14:00:00Z'),
      teacherEndAt: new Date('2025-06-02T15:20:00Z'),
    });
    const moved = await adjustmentsOf(target.id);
    expect(moved.at(-1)?.amount.toFixed(2)).toBe(`-${money(payCents('36.00', 80))}`);
    expect(moved.reduce((s, a) => s + Math.round(Number(a.amount) * 100), 0)).toBe(-payCents('35.00', 80));
  });

  it('does nothing for a centre without a closed period', async () => {
    const other = await createTeacher(ctx.prisma, second.centre.id);
    const course = await createCourseRow(ctx.prisma, second.centre.id, 'Second maths');
    const made = await makeClass(
      other.id,
      '2024-01-10T10:00:00-05:00',
      60,
      '50.00',
      'COMPLETED',
      second.centre.id,
      course.id,
    );
    const auth: AuthContext = {
      userId: second.operator.id,
      login: second.operator.login,
      organisationId: second.centre.id,
      authorities: ['ROLE_OPERATOR'],
    };
    await ctx.prisma.$transaction(async (tx: Prisma.TransactionClient) => {
      await tx.schedule.update({ where: { id: made.id }, data: { status: 'CANCELLED' } });
      await syncPayrollAdjustments(tx, auth, [made.id]);
    });
    expect(await adjustmentsOf(made.id)).toEqual([]);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('concurrency (PostgreSQL)', () => {
  it('ten closes of one month at once make one period', async () => {
    await makeClass(tina.id, '2024-05-06T10:00:00-04:00', 60, '30.00');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.post('/api/payroll/close', { month: '2024-05', acknowledgeBlockers: true }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const periods = await ctx.prisma.payrollPeriod.findMany({
      where: { organisationId: first.centre.id, startDate: new Date('2024-05-01T00:00:00Z') },
      include: { _count: { select: { lines: true } } },
    });
    expect(periods).toHaveLength(1);
    expect(periods[0]._count.lines).toBe(1);
  });

  it('a class change during a close is refused with a 409, not a deadlock', async () => {
    const made = await makeClass(tina.id, '2024-07-08T10:00:00-04:00', 60, '30.00');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const close = ctx.prisma.$transaction(
      async (tx: Prisma.TransactionClient) => {
        await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(7010, ${first.centre.id}::int)) l`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await lockTaken;
    const change = changeAndSync(authOf(first.admin, 'ROLE_ADMIN'), made.id, { comments: 'during close' });
    await expect(change).rejects.toMatchObject({ status: 409 });
    release();
    await close;
    await changeAndSync(authOf(first.admin, 'ROLE_ADMIN'), made.id, { comments: 'after close' });
  });
});

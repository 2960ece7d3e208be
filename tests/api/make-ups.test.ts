import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMakeUpCredits, TMakeUpOptions } from '../../src/contracts/lessons';
import { callerWith, fieldsOf } from '../support/course-factories';
import { createHousehold } from '../support/household-factories';
import { grantedCredit, lessonAt } from '../support/make-up-factories';
import { createGuardianUser } from '../support/portal-factories';
import { createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Make-up credits and bookings (issue 22): the desk's and the family's side. A credit is earned by a
// lesson the centre cancelled (tests/support/make-up-factories.ts); bookings go through the API.
let ctx: TestContext;
let c: ScheduleCentre;
let family: Awaited<ReturnType<typeof createGuardianUser>>;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  for (const [i, rate] of ['40.00', '30.00', '25.00'].entries())
    await ctx.prisma.student.update({ where: { id: c.students[i].id }, data: { hourlyRate: rate } });
  const [cleo, dan, eve] = c.students;
  const chen = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id, dan.id] });
  await createHousehold(ctx.prisma, c.centre.id, { name: 'Evans', studentIds: [eve.id] });
  family = await createGuardianUser(ctx, c.centre.id, chen.id);
});
afterAll(() => ctx.close());

let slot = 0;
/** A GROUP Mathematics class of Dan and Eve in the coming weeks (each test its own hours, no clashes). */
async function groupClass(over: Parameters<typeof lessonAt>[2] = {}, { capacity }: { capacity?: number } = {}) {
  slot += 3;
  const id = await lessonAt(c, 24 * 5 + slot, {
    courseType: 'GROUP',
    teacherId: c.bob.id,
    students: [{ studentId: c.students[1].id }, { studentId: c.students[2].id }],
    ...over,
  });
  if (capacity !== undefined) await ctx.prisma.schedule.update({ where: { id }, data: { capacity } });
  return id;
}

const cleo = () => c.students[0];
const creditRow = (id: number) =>
  ctx.prisma.makeUpCredit.findUniqueOrThrow({ where: { id }, select: { status: true, usedScheduleId: true } });

describe('make-up credits', () => {
  it("lists a student's credits with the lesson that earned it, the one that used it and the history", async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const target = await groupClass();
    const before = await c.operator.get(`/api/students/${cleo().id}/make-up-credits`, {});
    expect(before.status).toBe(200);
    const listed = (before.body as TMakeUpCredits).credits.find((x) => x.id === credit.id);
    expect(listed).toMatchObject({
      status: 'AVAILABLE',
      course: { id: c.course.id, name: 'Mathematics' },
      cancelledBy: 'CENTRE',
      earnedBy: { id: credit.earnedScheduleId, courseName: 'Mathematics', teacherName: 'Ann Archer' },
      usedFor: null,
      entries: [{ kind: 'GRANTED', lesson: { id: credit.earnedScheduleId } }],
    });

    const booked = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: credit.id,
      scheduleId: target,
    });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ creditId: credit.id, scheduleId: target, studentId: cleo().id });
    const after = (await c.operator.get(`/api/students/${cleo().id}/make-up-credits`, {})).body as TMakeUpCredits;
    expect(after.credits.find((x) => x.id === credit.id)).toMatchObject({
      status: 'USED',
      usedFor: { id: target },
      entries: [{ kind: 'GRANTED' }, { kind: 'USED', lesson: { id: target } }],
    });
    expect(after.used).toBe(before.body.used + 1);
    expect(after.available).toBe(before.body.available - 1);
  });

  it('offers planned classes of the credit’s course with a free seat, before it expires, without the student', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id, { expiresInDays: 30 });
    const open = await groupClass({}, { capacity: 3 });
    const unlimited = await groupClass();
    const full = await groupClass({}, { capacity: 2 });
    const physics = await groupClass({ courseId: c.physics.id });
    const cancelled = await groupClass();
    await ctx.prisma.schedule.update({ where: { id: cancelled }, data: { status: 'CANCELLED' } });
    const withCleo = await groupClass({ students: [{ studentId: cleo().id }] });
    const afterExpiry = await lessonAt(c, 24 * 40, { courseType: 'GROUP', teacherId: c.bob.id, students: [] });
    const past = await lessonAt(c, -5, { courseType: 'GROUP', teacherId: c.bob.id, students: [] });
    const res = await c.operator.get(`/api/students/${cleo().id}/make-up-options?creditId=${credit.id}`, {});
    expect(res.status).toBe(200);
    const ids = (res.body as TMakeUpOptions).options.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([open, unlimited]));
    for (const refused of [full, physics, cancelled, withCleo, afterExpiry, past]) expect(ids).not.toContain(refused);
    expect((res.body as TMakeUpOptions).options.find((o) => o.id === open)).toMatchObject({
      seatsFree: 1,
      courseType: 'GROUP',
    });
  });

  it('a make-up line is paid by its credit: never charged when the class is confirmed, the others are', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const target = await groupClass();
    const res = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: credit.id,
      scheduleId: target,
    });
    expect(res.status).toBe(200);
    const line = await ctx.prisma.scheduleStudent.findUniqueOrThrow({
      where: { scheduleId_studentId: { scheduleId: target, studentId: cleo().id } },
    });
    expect(line.makeUpCreditId).toBe(credit.id);
    expect(line.hourlyRate?.toFixed(2)).toBe('40.00');
    expect(await creditRow(credit.id)).toEqual({ status: 'USED', usedScheduleId: target });
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { entityType: 'SCHEDULE', entityId: target, action: 'UPDATE' },
      orderBy: { id: 'desc' },
    });
    expect(JSON.stringify(audit?.after)).toContain('Cleo Chen');

    // The class is taught: moved into the past, then confirmed.
    await ctx.prisma.schedule.update({
      where: { id: target },
      data: {
        startAt: hoursFromNow(-3),
        endAt: hoursFromNow(-2),
        teacherStartAt: hoursFromNow(-3),
        teacherEndAt: hoursFromNow(-2),
      },
    });
    expect((await c.operator.post(`/api/schedules/${target}/confirm`, {})).status).toBe(200);
    const charges = await ctx.prisma.voucherLedgerEntry.findMany({
      where: { scheduleId: target },
      select: { studentId: true, amount: true },
    });
    expect(charges.filter((e) => e.studentId === cleo().id)).toEqual([]);
    expect(charges.find((e) => e.studentId === c.students[1].id)?.amount.toFixed(2)).toBe('-30.00');
  });

  it('refuses a used or expired credit (409), a full class (409), another course (400 naming the class)', async () => {
    const used = await grantedCredit(ctx.prisma, c, cleo().id);
    const first = await groupClass();
    expect(
      (await c.operator.post(`/api/students/${cleo().id}/make-ups`, { creditId: used.id, scheduleId: first })).status,
    ).toBe(200);
    const second = await groupClass();
    const again = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: used.id,
      scheduleId: second,
    });
    expect(again.status).toBe(409);
    expect((await c.operator.get(`/api/students/${cleo().id}/make-up-options?creditId=${used.id}`, {})).status).toBe(
      409,
    );

    const expired = await grantedCredit(ctx.prisma, c, cleo().id);
    await ctx.prisma.makeUpCredit.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: expired.id,
      scheduleId: second,
    });
    expect(late.status).toBe(409);

    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const full = await groupClass({}, { capacity: 2 });
    const refused = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: credit.id,
      scheduleId: full,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toMatch(/full/);

    const physics = await groupClass({ courseId: c.physics.id });
    const wrong = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: credit.id,
      scheduleId: physics,
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong.body)).toEqual(['scheduleId']);

    const withCleo = await groupClass({ students: [{ studentId: cleo().id }] });
    expect(
      (await c.operator.post(`/api/students/${cleo().id}/make-ups`, { creditId: credit.id, scheduleId: withCleo }))
        .status,
    ).toBe(409);
    // Nothing was written by the refusals: the credit is still available and the classes unchanged.
    expect(await creditRow(credit.id)).toEqual({ status: 'AVAILABLE', usedScheduleId: null });
    expect(await creditRow(expired.id)).toEqual({ status: 'AVAILABLE', usedScheduleId: null });
    expect(await ctx.prisma.scheduleStudent.count({ where: { scheduleId: { in: [full, physics, second] } } })).toBe(6);
  });

  it('names the field of bad input and writes nothing', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const target = await groupClass();
    const notNumber = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: 'x',
      scheduleId: target,
    });
    expect(notNumber.status).toBe(400);
    expect(fieldsOf(notNumber.body)).toEqual(['creditId']);
    // The desk's body names what is missing or extra, not the whole body.
    const noCredit = await c.operator.post(`/api/students/${cleo().id}/make-ups`, { scheduleId: target });
    expect(noCredit.status).toBe(400);
    expect(fieldsOf(noCredit.body)).toEqual(['creditId']);
    const half = await c.operator.post(`/api/students/${cleo().id}/make-ups`, { creditId: 1, teacherId: 1 });
    expect(half.status).toBe(400);
    expect(fieldsOf(half.body)).toEqual(['endAt', 'startAt']);
    const both = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: 1,
      scheduleId: target,
      teacherId: 1,
    });
    expect(fieldsOf(both.body)).toEqual(['scheduleId']);
    const missing = await family.caller.post(`/api/portal/children/${cleo().id}/make-ups`, { scheduleId: target });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['creditId']);
    // Dan's credit is not Cleo's.
    const dans = await grantedCredit(ctx.prisma, c, c.students[1].id);
    const notHers = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: dans.id,
      scheduleId: target,
    });
    expect(notHers.status).toBe(400);
    expect(fieldsOf(notHers.body)).toEqual(['creditId']);
    const backwards = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: credit.id,
      teacherId: c.ann.id,
      startAt: hoursFromNow(30),
      endAt: hoursFromNow(29),
    });
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.body)).toEqual(['endAt']);
    expect(await creditRow(credit.id)).toEqual({ status: 'AVAILABLE', usedScheduleId: null });
    expect((await c.operator.get(`/api/students/999999/make-up-credits`, {})).status).toBe(404);
  });

  it('books a new one-on-one lesson in the teacher’s time, same payment type, refusing a clash', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const startAt = hoursFromNow(24 * 9);
    const endAt = hoursFromNow(24 * 9 + 1);
    const res = await c.operator.post(`/api/students/${cleo().id}/make-ups`, {
      creditId: credit.id,
      teacherId: c.ann.id,
      startAt,
      endAt,
    });
    expect(res.status).toBe(200);
    const lesson = await ctx.prisma.schedule.findUniqueOrThrow({
      where: { id: res.body.scheduleId },
      include: { students: true },
    });
    expect(lesson).toMatchObject({ courseType: 'ONE_ON_ONE', courseId: c.course.id, paymentType: 'VOUCHER' });
    expect(lesson.teacherId).toBe(c.ann.id);
    expect(lesson.students.map((s) => [s.studentId, s.makeUpCreditId])).toEqual([[cleo().id, credit.id]]);
    expect(
      await ctx.prisma.auditEvent.count({ where: { entityType: 'SCHEDULE', entityId: lesson.id, action: 'CREATE' } }),
    ).toBe(1);

    // Ann teaches then: another credit cannot take the same time.
    const other = await grantedCredit(ctx.prisma, c, c.students[1].id);
    const clash = await c.operator.post(`/api/students/${c.students[1].id}/make-ups`, {
      creditId: other.id,
      teacherId: c.ann.id,
      startAt,
      endAt,
    });
    expect(clash.status).toBe(409);
    expect(await creditRow(other.id)).toEqual({ status: 'AVAILABLE', usedScheduleId: null });
  });

  it('two concurrent bookings of one credit: exactly one succeeds', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const [a, b] = [await groupClass(), await groupClass()];
    const replies = await Promise.all(
      [a, b].map((scheduleId) =>
        c.operator.post(`/api/students/${cleo().id}/make-ups`, { creditId: credit.id, scheduleId }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ctx.prisma.scheduleStudent.count({ where: { makeUpCreditId: credit.id } })).toBe(1);
    const entries = await ctx.prisma.makeUpCreditEntry.findMany({ where: { creditId: credit.id } });
    expect(entries.map((e) => e.kind)).toEqual(['GRANTED', 'USED']);
  });
});

describe('make-ups: rights and the family portal', () => {
  it('the desk endpoints need schedules:manage', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    expect((await c.teacherLogin.get(`/api/students/${cleo().id}/make-up-credits`, {})).status).toBe(403);
    expect((await family.caller.get(`/api/students/${cleo().id}/make-up-credits`, {})).status).toBe(403);
    const target = await groupClass();
    expect(
      (await c.ann.caller.post(`/api/students/${cleo().id}/make-ups`, { creditId: credit.id, scheduleId: target }))
        .status,
    ).toBe(403);
    expect((await c.operator.get(`/api/portal/children/${cleo().id}/make-up-credits`, {})).status).toBe(403);
  });

  it('a guardian sees and books their own child’s make-up; another household’s child is a 404', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const target = await groupClass({}, { capacity: 3 });
    const credits = await family.caller.get(`/api/portal/children/${cleo().id}/make-up-credits`, {});
    expect(credits.status).toBe(200);
    expect((credits.body as TMakeUpCredits).credits.map((x) => x.id)).toContain(credit.id);
    const options = await family.caller.get(
      `/api/portal/children/${cleo().id}/make-up-options?creditId=${credit.id}`,
      {},
    );
    expect(options.status).toBe(200);
    expect((options.body as TMakeUpOptions).options.map((o) => o.id)).toContain(target);

    const eve = c.students[2];
    const evesCredit = await grantedCredit(ctx.prisma, c, eve.id);
    expect((await family.caller.get(`/api/portal/children/${eve.id}/make-up-credits`, {})).status).toBe(404);
    expect(
      (
        await family.caller.post(`/api/portal/children/${eve.id}/make-ups`, {
          creditId: evesCredit.id,
          scheduleId: target,
        })
      ).status,
    ).toBe(404);
    // Cleo's page cannot spend Eve's credit either.
    const foreign = await family.caller.post(`/api/portal/children/${cleo().id}/make-ups`, {
      creditId: evesCredit.id,
      scheduleId: target,
    });
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['creditId']);

    const booked = await family.caller.post(`/api/portal/children/${cleo().id}/make-ups`, {
      creditId: credit.id,
      scheduleId: target,
    });
    expect(booked.status).toBe(200);
    expect(booked.body.lesson).toMatchObject({ id: target, courseName: 'Mathematics', teacherName: 'Bob Baker' });
    expect(await creditRow(credit.id)).toEqual({ status: 'USED', usedScheduleId: target });
    expect(await creditRow(evesCredit.id)).toEqual({ status: 'AVAILABLE', usedScheduleId: null });
  });

  it('the portal books into a class only (no new lesson in the teacher’s time)', async () => {
    const credit = await grantedCredit(ctx.prisma, c, cleo().id);
    const res = await callerWith(ctx.app, family.token).post(`/api/portal/children/${cleo().id}/make-ups`, {
      creditId: credit.id,
      teacherId: c.ann.id,
      startAt: hoursFromNow(24 * 11),
      endAt: hoursFromNow(24 * 11 + 1),
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain('scheduleId');
    expect(await creditRow(credit.id)).toEqual({ status: 'AVAILABLE', usedScheduleId: null });
  });
});

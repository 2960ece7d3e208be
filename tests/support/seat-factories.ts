// Class capacity, waitlists and freed-seat offers (issue 22): a full group class ahead, families whose
// children wait for it or hold a make-up credit of its course, and the claim links their messages carry.
import type { PrismaClient } from '../../server/generated/prisma/client';
import { createStudent } from './course-factories';
import { createGuardian, createHousehold } from './household-factories';
import { createGuardianUser } from './portal-factories';
import { classBody, createCourse, hoursFromNow, type ScheduleCentre } from './schedule-factories';
import type { TestContext } from './test-app';

let sequence = 0;

/**
 * A PLANNED group class `hoursAhead` from now with `capacity` seats, full of new students, of a course
 * of its own (so make-up credits of other tests' courses are never offered its seats).
 */
export async function createFullClass(ctx: TestContext, c: ScheduleCentre, { capacity = 2, hoursAhead = 48 } = {}) {
  const course = await createCourse(ctx.prisma, c.centre.id, `Mathematics ${++sequence}`);
  const seated = [];
  for (let i = 0; i < capacity; i++)
    seated.push(await createStudent(ctx.prisma, c.centre.id, { firstName: `Seat${++sequence}`, lastName: 'Taken' }));
  const start = hoursAhead + (++sequence % 500) * 2;
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      courseId: course.id,
      courseType: 'GROUP',
      startAt: hoursFromNow(start),
      endAt: hoursFromNow(start + 1),
      capacity,
      students: seated.map((s) => ({ studentId: s.id })),
    }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return {
    id: res.body.schedule.id as number,
    course,
    seated,
    startAt: new Date(res.body.schedule.startAt as string),
  };
}

/**
 * A family: a child, a household, a guardian who signs in to the portal (email) and, when `sms`, a
 * second guardian reading Chinese with SMS consent.
 */
export async function createFamily(ctx: TestContext, c: ScheduleCentre, { sms = false } = {}) {
  const n = ++sequence;
  const child = await createStudent(ctx.prisma, c.centre.id, { firstName: `Kid${n}`, lastName: `Fam${n}` });
  const household = await createHousehold(ctx.prisma, c.centre.id, { name: `Fam${n}`, studentIds: [child.id] });
  const guardian = await createGuardianUser(ctx, c.centre.id, household.id, { name: `Parent ${n}` });
  const chinese = sms
    ? await createGuardian(ctx.prisma, household, {
        name: `家长${n}`,
        phone: `+1 416 555 ${String(1000 + n).slice(-4)}`,
        langKey: 'zh-CN',
        allowSms: true,
        allowEmail: false,
        smsConsentAt: new Date(),
        smsConsentSource: 'desk (test)',
      })
    : null;
  return { child, household, guardian, chinese };
}

/** An AVAILABLE make-up credit of the course for the student, earned by a cancelled past lesson. */
export async function giveCredit(
  prisma: PrismaClient,
  c: ScheduleCentre,
  studentId: number,
  courseId: number,
  { expiresAt = new Date(Date.now() + 30 * 86_400_000) } = {},
) {
  const earned = await prisma.schedule.create({
    data: {
      organisationId: c.centre.id,
      courseType: 'GROUP',
      courseId,
      teacherId: c.ann.id,
      startAt: new Date(Date.now() - 7 * 86_400_000 - ++sequence * 60_000),
      endAt: new Date(Date.now() - 7 * 86_400_000 + 3_600_000),
      teacherStartAt: new Date(Date.now() - 7 * 86_400_000),
      teacherEndAt: new Date(Date.now() - 7 * 86_400_000 + 3_600_000),
      paymentType: 'VOUCHER',
    },
  });
  await prisma.scheduleStudent.create({
    data: { scheduleId: earned.id, studentId, cancelledAt: new Date(), cancelledBy: 'FAMILY' },
  });
  return prisma.makeUpCredit.create({
    data: {
      organisationId: c.centre.id,
      studentId,
      courseId,
      earnedScheduleId: earned.id,
      cancelledBy: 'FAMILY',
      expiresAt,
    },
  });
}

/** The claim tokens of the offer messages queued to these recipients (email or phone), newest first. */
export async function offerTokens(prisma: PrismaClient, template = 'seat-offer') {
  const rows = await prisma.message.findMany({ where: { template }, orderBy: { id: 'desc' } });
  return rows.map((m) => ({
    recipient: m.recipient,
    channel: m.channel,
    entityId: m.entityId,
    bodyText: m.bodyText,
    subject: m.subject,
    token: /\/offers\/([A-Za-z0-9_-]{43})/.exec(m.bodyText)?.[1],
  }));
}

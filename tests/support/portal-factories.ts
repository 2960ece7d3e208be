// The family portal's test setup (issue 21): a guardian of a household who signs in (ROLE_CUSTOMER),
// made directly (the invitation flow is the desk's, tested on its own).
import { callerWith } from './course-factories';
import { createUser, signIn } from './factories';
import { createHousehold } from './household-factories';
import { voucherPurchaseBody } from './money-factories';
import { classBody, hoursFromNow, type ScheduleCentre } from './schedule-factories';
import type { TestContext } from './test-app';

/** A ROLE_CUSTOMER user of the centre linked as a guardian of `householdId`, signed in. */
export async function createGuardianUser(
  ctx: TestContext,
  organisationId: number,
  householdId: number,
  { name = 'Mei Lee' }: { name?: string } = {},
) {
  const user = await createUser(ctx.prisma, { role: 'ROLE_CUSTOMER', organisationId });
  const guardian = await ctx.prisma.guardian.create({
    data: { organisationId, householdId, name, email: user.email, userId: user.id },
  });
  const token = await signIn(ctx, user.login);
  return { user, guardian, token, caller: callerWith(ctx.app, token) };
}

/**
 * `staff` with a guardian's token of its centre (a household of one child), so that tokenWithRight
 * reaches the portal's endpoints (portal:own) as the guardian who holds the right.
 */
export async function withGuardianToken<S extends { centre: { id: number }; tokens: object }>(
  ctx: TestContext,
  staff: S,
) {
  const household = await createHousehold(ctx.prisma, staff.centre.id);
  const { token } = await createGuardianUser(ctx, staff.centre.id, household.id);
  return { ...staff, tokens: { ...staff.tokens, customer: token } };
}

/** Values that must never reach a family (the portal's replies, the household export). */
export const STAFF_ONLY = {
  teacherRate: '87.65',
  classNote: 'STAFF-ONLY class note',
  studentNote: 'STAFF-ONLY student note',
  householdNote: 'STAFF-ONLY household note',
  purchaseNote: 'STAFF-ONLY purchase note',
  registrationNote: 'STAFF-ONLY registration note',
  otherChildFeedback: 'Eve (another family) needs to revise',
  otherFamilyEmail: 'evans.parent@example.test',
} as const;

/**
 * The Chen household (Cleo and Dan, a guardian who signs in) and the Evans household (Eve), with the
 * history the portal and privacy tests read: Cleo 200.00 + 20.00 gift, Dan 100.00; Cleo's taught lesson
 * (90 minutes at her 40.00 = 60.00 charged); a group lesson of Dan and Eve (30.00 each) with submitted
 * feedback on both; Dan's unpaid Fall term registration; staff-only notes on all of it. `classOf` makes
 * more lessons the same way (staff-only teacher rate and class note), `buy` more purchases.
 */
export async function createChenFamily(
  ctx: TestContext,
  c: ScheduleCentre,
  { guardianName }: { guardianName?: string } = {},
) {
  const [cleo, dan, eve] = c.students;
  const household = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id, dan.id] });
  const evans = await createHousehold(ctx.prisma, c.centre.id, { name: 'Evans', studentIds: [eve.id] });
  await ctx.prisma.household.update({ where: { id: household.id }, data: { comments: STAFF_ONLY.householdNote } });
  await ctx.prisma.student.update({ where: { id: cleo.id }, data: { comments: STAFF_ONLY.studentNote } });
  const family = await createGuardianUser(ctx, c.centre.id, household.id, guardianName ? { name: guardianName } : {});

  const buy = async (studentId: number, over: Record<string, unknown>) => {
    const res = await c.operator.post('/api/voucher-purchases', voucherPurchaseBody(studentId, over));
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id as number;
  };
  const purchases = {
    cleo: await buy(cleo.id, { voucherAmount: '200.00', giftAmount: '20.00', comments: STAFF_ONLY.purchaseNote }),
    dan: await buy(dan.id, { voucherAmount: '100.00' }),
  };
  const classOf = async (over: Parameters<typeof classBody>[1]) => {
    const res = await c.operator.post(
      '/api/schedules',
      classBody(c, { teacherHourlyRate: STAFF_ONLY.teacherRate, comments: STAFF_ONLY.classNote, ...over }),
    );
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.schedule.id as number;
  };
  const cleoPast = await classOf({
    startAt: hoursFromNow(-50),
    endAt: hoursFromNow(-48.5),
    address: '12 Main St',
    students: [{ studentId: cleo.id, hourlyRate: '40' }],
  });
  if ((await c.operator.post(`/api/schedules/${cleoPast}/confirm`, {})).status !== 200) throw new Error('confirm');
  const group = await classOf({
    courseType: 'GROUP',
    startAt: hoursFromNow(-30),
    endAt: hoursFromNow(-29),
    students: [
      { studentId: dan.id, hourlyRate: '30' },
      { studentId: eve.id, hourlyRate: '30' },
    ],
  });
  if ((await c.ann.caller.post(`/api/my-schedules/${group}/confirm`, {})).status !== 200) throw new Error('confirm');
  const submitted = await c.ann.caller.post(`/api/my-schedules/${group}/feedback/submit`, {
    teachingContent: 'Quadratic equations',
    studentPerformance: 'A lively group',
    assignment: 'Exercises 3.1',
    students: [
      { studentId: dan.id, content: 'Dan solved every equation.' },
      { studentId: eve.id, content: STAFF_ONLY.otherChildFeedback },
    ],
  });
  if (submitted.status !== 200) throw new Error(JSON.stringify(submitted.body));
  const term = await ctx.prisma.term.create({
    data: {
      organisationId: c.centre.id,
      name: 'Fall term',
      courseId: c.course.id,
      startDate: new Date('2026-09-01'),
      endDate: new Date('2026-12-20'),
    },
  });
  await ctx.prisma.termRegister.create({
    data: {
      organisationId: c.centre.id,
      termId: term.id,
      studentId: dan.id,
      courseId: c.course.id,
      paymentType: 'CASH',
      price: '450.00',
      comments: STAFF_ONLY.registrationNote,
    },
  });
  return { household, evans, family, purchases, lessons: { cleoPast, group }, classOf, buy };
}

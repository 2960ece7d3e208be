// The message-volume tests' family (issue 37, finding 14): two children and three guardians who could
// each be written to by email and SMS, as the demo family that got 20 messages for 5 cancellations.
import { runLessonChangeDigests } from '../../server/features/notices/jobs/lesson-change-digests';
import type { Prisma } from '../../server/generated/prisma/client';
import type { MessageQueue } from '../../server/messaging/queue';
import { type callerWith, createStudent } from './course-factories';
import { createGuardian, createHousehold } from './household-factories';
import { createGuardianUser } from './portal-factories';
import { classBody, hoursFromNow, type ScheduleCentre } from './schedule-factories';
import type { TestContext } from './test-app';

let sequence = 0;

const consent = () => ({ allowSms: true, smsConsentAt: new Date(), smsConsentSource: 'desk (test)' });

/**
 * The Wong household: Lily and Max; Mum (portal sign-in, reads Chinese, email and SMS with consent,
 * added first: the primary contact), Dad (portal sign-in, English, email and SMS with consent, added
 * second) and Gran (email only, no sign-in). Each has addresses of their own.
 */
export async function createBusyFamily(ctx: TestContext, c: ScheduleCentre) {
  const n = ++sequence;
  const lily = await createStudent(ctx.prisma, c.centre.id, { firstName: 'Lily', lastName: `Wong${n}` });
  const max = await createStudent(ctx.prisma, c.centre.id, { firstName: 'Max', lastName: `Wong${n}` });
  const household = await createHousehold(ctx.prisma, c.centre.id, { name: `Wong${n}`, studentIds: [lily.id, max.id] });
  const phone = (last: number) => `+1 416 555 ${String(6000 + n * 10 + last).slice(-4)}`;
  const mum = await createGuardianUser(ctx, c.centre.id, household.id, { name: '王芳' });
  await ctx.prisma.guardian.update({
    where: { id: mum.guardian.id },
    data: { langKey: 'zh-CN', phone: phone(1), ...consent() },
  });
  const dad = await createGuardianUser(ctx, c.centre.id, household.id, { name: `Tom Wong${n}` });
  await ctx.prisma.guardian.update({ where: { id: dad.guardian.id }, data: { phone: phone(2), ...consent() } });
  const gran = await createGuardian(ctx.prisma, household, {
    name: `Gran Wong${n}`,
    email: `gran.wong${n}@family.test`,
  });
  return {
    household,
    lily,
    max,
    mum,
    dad,
    gran,
    /** Where each guardian can be reached (phones as they are sent: E.164). */
    to: {
      mumEmail: mum.user.email,
      mumSms: phone(1).replace(/ /g, ''),
      dadEmail: dad.user.email,
      dadSms: phone(2).replace(/ /g, ''),
      granEmail: `gran.wong${n}@family.test`,
    },
  };
}
export type BusyFamily = Awaited<ReturnType<typeof createBusyFamily>>;

/** A PLANNED one-on-one class of `studentId`, `hours` ahead, made at the desk; returns id and times. */
export async function deskClass(c: ScheduleCentre, studentId: number, hours: number, courseId = c.course.id) {
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, { courseId, startAt: hoursFromNow(hours), endAt: hoursFromNow(hours + 1), students: [{ studentId }] }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule as { id: number; startAt: string; endAt: string };
}

/** The newest message id (messages after it are a test's own). */
export async function lastMessageId(ctx: TestContext) {
  return (await ctx.prisma.message.aggregate({ _max: { id: true } }))._max.id ?? 0;
}

/** The messages queued after `since` to any of the family's addresses, by channel and recipient. */
export function familyMessagesSince(
  ctx: TestContext,
  family: BusyFamily,
  since: number,
  where: Prisma.MessageWhereInput = {},
) {
  return ctx.prisma.message.findMany({
    where: { id: { gt: since }, recipient: { in: Object.values(family.to) }, ...where },
    orderBy: [{ channel: 'asc' }, { recipient: 'asc' }],
  });
}

/** Runs the lesson-change job as if `minutes` had passed (the held changes of households due by then). */
export function sendHeldChanges(ctx: TestContext, queue: MessageQueue, minutes: number) {
  return runLessonChangeDigests(ctx.prisma, queue, new Date(Date.now() + minutes * 60_000));
}

/** A PUT /api/portal/settings body from the GET reply, with `over` (messages, allowSms...). */
export function settingsBody(reply: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const { email, phone, langKey, allowEmail, allowSms, lessonReminders } = reply;
  return { email, phone, langKey, allowEmail, allowSms, lessonReminders, ...over };
}

/** A guardian's settings changed in the portal as they would (GET, then PUT with `over`). */
export async function changeSettings(
  guardian: { caller: ReturnType<typeof callerWith> },
  over: Record<string, unknown>,
) {
  const before = await guardian.caller.get('/api/portal/settings');
  const res = await guardian.caller.put('/api/portal/settings', settingsBody(before.body, over));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body;
}

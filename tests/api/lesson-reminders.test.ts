// Lesson reminders to families (issue 21): before each planned class (the centre's hours, default 24),
// one reminder per guardian and channel they chose (SMS only with consent), in the guardian's
// language, siblings in one message; none for a cancelled class, a household that turned them off, or
// a centre at 0 hours; exactly once per class, guardian and channel, however often and however
// concurrently the job runs. The settings are the admins'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_REMINDER_TEMPLATE, runLessonReminders } from '../../server/features/notices/jobs';
import { MESSAGE_QUEUE, type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { fieldsOf } from '../support/course-factories';
import { createGuardian, createHousehold, FAMILY_GUARDIANS } from '../support/household-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let mother: { id: number; email: string | null; phone: string | null };
let father: { id: number };
let offHousehold: number;

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent' }));
  c = await createScheduleCentre(ctx);
  const [cleo, dan, eve] = c.students;
  const siblings = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id, dan.id] });
  mother = await createGuardian(ctx.prisma, siblings, {
    ...FAMILY_GUARDIANS.chineseMotherWithSms(),
    email: 'mei.chen@family.test',
  });
  // Email turned off, a phone without SMS consent: nothing goes to him.
  father = await createGuardian(ctx.prisma, siblings, {
    ...FAMILY_GUARDIANS.fatherWithoutEmail,
    email: 'wei.chen@family.test',
    phone: '+1 416 555 0143',
    allowSms: false,
  });
  const evans = await createHousehold(ctx.prisma, c.centre.id, { name: 'Evans', studentIds: [eve.id] });
  await createGuardian(ctx.prisma, evans, { name: 'Eli Evans', email: 'eli@family.test' });
  offHousehold = evans.id;
  // The desk turns the Evans family's reminders off, through the household's own form.
  const off = await c.operator.put(`/api/households/${offHousehold}`, { name: 'Evans', lessonReminders: false });
  expect(off.status).toBe(200);
  expect(off.body.lessonReminders).toBe(false);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

let slot = 0;
/** A group class of all three students, `hours` from now (each test its own hour: no clash). */
async function groupClass(hours: number) {
  slot += 1;
  const startAt = hoursFromNow(hours + slot / 60);
  const res = await c.operator.post('/api/schedules', {
    ...classBody(c, {
      courseType: 'GROUP',
      startAt,
      endAt: new Date(Date.parse(startAt) + 3_600_000).toISOString(),
      students: c.students.map((s) => ({ studentId: s.id })),
    }),
    address: '12 King St W',
  });
  expect(res.status).toBe(201);
  return res.body.schedule.id as number;
}

const remindersOf = (scheduleId: number) =>
  ctx.prisma.message.findMany({
    where: { template: LESSON_REMINDER_TEMPLATE, entityId: scheduleId },
    orderBy: { channel: 'asc' },
  });

describe('lesson reminders', () => {
  it('reminds each guardian once per chosen channel, in their language, siblings together', async () => {
    const id = await groupClass(20);
    const now = new Date();
    expect(await runLessonReminders(ctx.prisma, queue, now)).toBeGreaterThanOrEqual(2);
    const sent = await remindersOf(id);
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
      ['EMAIL', 'mei.chen@family.test'],
      ['SMS', '+14165550142'],
    ]);
    const [email, sms] = sent;
    expect(email.subject).toContain('上课提醒');
    expect(email.bodyText).toContain('Cleo、Dan');
    expect(email.bodyText).toContain('Mathematics');
    expect(email.bodyText).toContain('Ann Archer');
    expect(email.bodyText).toContain('12 King St W');
    expect(sms.bodyText).toMatch(/Cleo、Dan 的 Mathematics.*\d{2}:\d{2}–\d{2}:\d{2}/);
    expect(email.idempotencyKey).toBe(`${LESSON_REMINDER_TEMPLATE}:${id}:${mother.id}:EMAIL`);
    // Nobody else: not the father (no email, no consent), not the family that turned reminders off.
    expect(sent.some((m) => m.recipient.includes('wei') || m.recipient === 'eli@family.test')).toBe(false);
    expect(await ctx.prisma.message.count({ where: { idempotencyKey: { contains: `:${father.id}:` } } })).toBe(0);

    // Again, later: nothing new.
    expect(await runLessonReminders(ctx.prisma, queue, new Date(now.getTime() + 600_000))).toBe(0);
    expect(await remindersOf(id)).toHaveLength(2);
  });

  it('queues each reminder once when runs overlap, and one job per message', async () => {
    const id = await groupClass(10);
    const now = new Date();
    const counts = await Promise.all([1, 2, 3, 4].map(() => runLessonReminders(ctx.prisma, queue, now)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const sent = await remindersOf(id);
    expect(sent).toHaveLength(2);
    const jobs = await ctx.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = ${MESSAGE_QUEUE} AND (data->>'messageId')::int = ANY(${sent.map((m) => m.id)})`;
    expect(Number(jobs[0].n)).toBe(2);
  });

  it('waits for the window, and skips cancelled classes', async () => {
    const later = await groupClass(30);
    const now = new Date();
    await runLessonReminders(ctx.prisma, queue, now);
    expect(await remindersOf(later)).toHaveLength(0);
    await runLessonReminders(ctx.prisma, queue, new Date(now.getTime() + 7 * 3_600_000));
    expect(await remindersOf(later)).toHaveLength(2);

    const cancelled = await groupClass(5);
    await ctx.prisma.schedule.update({ where: { id: cancelled }, data: { status: 'CANCELLED' } });
    await runLessonReminders(ctx.prisma, queue, now);
    expect(await remindersOf(cancelled)).toHaveLength(0);
  });

  it('follows the centre setting: admins set the hours (0: none), others cannot, bad values name the field', async () => {
    expect((await c.admin.get('/api/settings/lesson-reminders')).body).toEqual({ lessonReminderHours: 24 });
    expect((await c.operator.put('/api/settings/lesson-reminders', { lessonReminderHours: 0 })).status).toBe(403);
    for (const bad of [-1, 169, 2.5, '24']) {
      const res = await c.admin.put('/api/settings/lesson-reminders', { lessonReminderHours: bad });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['lessonReminderHours']);
    }
    const off = await c.admin.put('/api/settings/lesson-reminders', { lessonReminderHours: 0 });
    expect(off.body).toEqual({ lessonReminderHours: 0 });
    const id = await groupClass(2);
    await runLessonReminders(ctx.prisma, queue, new Date());
    expect(await remindersOf(id)).toHaveLength(0);
    await c.admin.put('/api/settings/lesson-reminders', { lessonReminderHours: 1 });
    await runLessonReminders(ctx.prisma, queue, new Date());
    expect(await remindersOf(id)).toHaveLength(0); // 2 h away, 1 h window
    await c.admin.put('/api/settings/lesson-reminders', { lessonReminderHours: 24 });
    await runLessonReminders(ctx.prisma, queue, new Date());
    expect(await remindersOf(id)).toHaveLength(2);
    const audit = await ctx.prisma.auditEvent.count({ where: { entityType: 'ORGANISATION', entityId: c.centre.id } });
    expect(audit).toBeGreaterThanOrEqual(3);
  });
});

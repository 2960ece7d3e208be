// Two-way lesson reminders (issue 22): the reminder SMS asks for 1 (coming) or 2 (cannot come); the
// reply, posted by Twilio (the stand-in signs like Twilio), is matched to the latest reminder sent to
// that phone for a lesson to come. 1 records COMING; 2 cancels with the centre's policy (by the family,
// from SMS) and answers with the consequence in the guardian's language. STOP and HELP keep working.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLessonReminders } from '../../server/features/notices/jobs/lesson-reminders';
import { callerWith, createTeacher } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { daytimeZone } from '../support/household-factories';
import { startMessagingApp } from '../support/messaging-config';
import { createCourse } from '../support/schedule-factories';
import { createClassRow } from '../support/schedule-rows';
import { createSmsFamily } from '../support/sms-factories';
import { createTestContext, type TestContext } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-standin';

const APP_URL = 'https://levelup.example.test';
let ctx: TestContext;
let twilio: TwilioStandIn;
let messaging: Awaited<ReturnType<typeof startMessagingApp>>;
let server: Server;
let baseUrl: string;
let centreId: number;
let teacherId: number;
let courseId: number;
let operator: ReturnType<typeof callerWith>;

beforeAll(async () => {
  ctx = await createTestContext();
  twilio = await startTwilioStandIn();
  messaging = await startMessagingApp(ctx, {
    appUrl: APP_URL,
    twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url },
  });
  server = createServer(messaging.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const staff = await createCentreWithStaff(ctx);
  centreId = staff.centre.id;
  // Noon in the centre's zone whenever this runs: a class in two hours is today's, and no quiet hours.
  await ctx.prisma.organisation.update({
    where: { id: centreId },
    data: { name: 'Maple Tutoring', timeZone: daytimeZone() },
  });
  teacherId = (await createTeacher(ctx.prisma, centreId, { firstName: 'Ann', lastName: 'Archer' })).id;
  courseId = (await createCourse(ctx.prisma, centreId, 'Piano')).id;
  operator = callerWith(messaging.app, staff.tokens.operator);
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await messaging?.stop();
  await twilio?.close();
  await ctx?.close();
});

let numbers = 300;
function nextNumber() {
  numbers += 1;
  return { local: `416-555-0${numbers}`, e164: `+14165550${numbers}` };
}

const reply = (from: string, body: string) => twilio.sendInbound({ baseUrl, appUrl: APP_URL, from, body });
const line = (scheduleId: number, studentId: number) =>
  ctx.prisma.scheduleStudent.findUniqueOrThrow({ where: { scheduleId_studentId: { scheduleId, studentId } } });

/** A family with SMS consent, their child's class `hours` from now, and its reminder SMS queued. */
async function remindedFamily(hours: number, langKey = 'en-US') {
  const phone = nextNumber();
  const family = await createSmsFamily(ctx.prisma, centreId, { phone: phone.local, langKey });
  const start = new Date(Date.now() + hours * 3_600_000);
  start.setUTCSeconds(0, 0);
  const klass = await createClassRow(ctx.prisma, {
    organisationId: centreId,
    teacherId,
    courseId,
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    students: [{ id: family.student.id }],
  });
  // The reminder job as it runs an hour inside the centre's 24-hour reminder window.
  await runLessonReminders(ctx.prisma, messaging.queue, new Date(start.getTime() - 23 * 3_600_000));
  const sms = await ctx.prisma.message.findFirstOrThrow({
    where: { template: 'lesson-reminder', channel: 'SMS', entityId: klass.id },
  });
  return { phone, family, klass, sms };
}

describe('the reminder SMS', () => {
  it('asks for 1 or 2, in the guardian language', async () => {
    const en = await remindedFamily(30);
    const zh = await remindedFamily(31, 'zh-CN');
    expect(en.sms.bodyText).toContain('Reply 1 if coming, 2 if you cannot come.');
    expect(zh.sms.bodyText).toContain('回复 1 表示会来，回复 2 表示不能来。');
  });
});

describe('a reply of 1', () => {
  it("records COMING for the child and the desk sees it on the day's classes", async () => {
    const { phone, family, klass } = await remindedFamily(2);
    const res = await reply(phone.e164, ' 1 ');
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/xml/);
    expect(res.text).toContain('Thank you:');
    expect(await line(klass.id, family.student.id)).toMatchObject({ reply: 'COMING', cancelledAt: null });
    expect((await line(klass.id, family.student.id)).repliedAt).not.toBeNull();

    const dashboard = await operator.get('/api/dashboard');
    const today = dashboard.body.classesToday.data.find((c: { id: number }) => c.id === klass.id);
    expect(today.students).toEqual([
      expect.objectContaining({ id: family.student.id, reply: 'COMING', cancelled: false }),
    ]);
  });
});

describe('a reply of 2', () => {
  it('cancels in time with the policy (a make-up credit, no charge), by the family from SMS, and says so', async () => {
    const { phone, family, klass } = await remindedFamily(30);
    const res = await reply(phone.e164, '2');
    expect(res.status).toBe(200);
    expect(res.text).toContain('is cancelled.');
    expect(res.text).toContain('gives a make-up lesson');
    expect(await line(klass.id, family.student.id)).toMatchObject({
      reply: 'NOT_COMING',
      cancelledBy: 'FAMILY',
      cancelLate: false,
      cancelledById: null,
    });
    const credits = await ctx.prisma.makeUpCredit.findMany({ where: { earnedScheduleId: klass.id } });
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ studentId: family.student.id, status: 'AVAILABLE', cancelledBy: 'FAMILY' });

    // A second 2: the lesson is cancelled already, nothing posted twice.
    const again = await reply(phone.e164, '2');
    expect(again.text).toContain('was cancelled already');
    expect(await ctx.prisma.makeUpCredit.count({ where: { earnedScheduleId: klass.id } })).toBe(1);
  });

  it('cancels late under the notice window, and answers a Chinese-speaking guardian in Chinese', async () => {
    const { phone, family, klass } = await remindedFamily(2, 'zh-CN');
    const res = await reply(phone.e164, '2');
    expect(res.text).toContain('已取消');
    expect(res.text).not.toContain('cancelled');
    expect(await line(klass.id, family.student.id)).toMatchObject({ reply: 'NOT_COMING', cancelLate: true });
    expect(await ctx.prisma.makeUpCredit.count({ where: { earnedScheduleId: klass.id } })).toBe(0);

    const dashboard = await operator.get('/api/dashboard');
    const today = dashboard.body.classesToday.data.find((c: { id: number }) => c.id === klass.id);
    expect(today?.students ?? []).toEqual(
      (today?.students ?? []).map(() => expect.objectContaining({ reply: 'NOT_COMING', cancelled: true })),
    );
  });

  it("answers for the guardian's login when they have one", async () => {
    const { phone, family, klass } = await remindedFamily(40);
    const user = await ctx.prisma.user.create({
      data: {
        login: `mei${Date.now()}`,
        email: `mei${Date.now()}@example.test`,
        passwordHash: 'x',
        roles: ['ROLE_CUSTOMER'],
        organisationId: centreId,
        activated: true,
      },
    });
    await ctx.prisma.guardian.update({ where: { id: family.guardian.id }, data: { userId: user.id } });
    await reply(phone.e164, '2');
    expect(await line(klass.id, family.student.id)).toMatchObject({ cancelledById: user.id, reply: 'NOT_COMING' });
  });
});

describe('other replies', () => {
  it('gives a short help to anything else from a reminded number, and to 1 or 2 without a lesson to come', async () => {
    const { phone, family, klass } = await remindedFamily(30);
    const other = await reply(phone.e164, 'yes probably');
    expect(other.text).toContain('Reply 1 if coming, 2 if you cannot come');
    expect(await line(klass.id, family.student.id)).toMatchObject({ reply: null, cancelledAt: null });

    // The class begins (moved into the past): a 1 now has no lesson to come.
    await ctx.prisma.schedule.update({
      where: { id: klass.id },
      data: { startAt: new Date(Date.now() - 600_000), endAt: new Date(Date.now() + 3_000_000) },
    });
    const late = await reply(phone.e164, '1');
    expect(late.text).toContain('Reply 1 if coming');
    expect(await line(klass.id, family.student.id)).toMatchObject({ reply: null });

    // A number never reminded gets the empty answer, as before.
    const stranger = nextNumber();
    const none = await reply(stranger.e164, '2');
    expect(none.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it('keeps STOP and HELP working for a reminded number', async () => {
    const { phone, family } = await remindedFamily(30);
    const help = await reply(phone.e164, 'HELP');
    expect(help.text).toContain('Maple Tutoring');
    const stop = await reply(phone.e164, 'STOP');
    expect(stop.text).toContain('You are unsubscribed');
    expect(await ctx.prisma.guardian.findUniqueOrThrow({ where: { id: family.guardian.id } })).toMatchObject({
      allowSms: false,
    });
  });
});

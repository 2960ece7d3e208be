// Daily feedback reminders, class-change and low-balance messages through the queue (a real SMTP
// exchange and the Twilio stand-in), notification settings and the centre's reminder setting; and the
// proof that nothing is ever queued for a student, teacher or staff member who opted out.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClassChangeNotices, runFeedbackReminders, runLowBalanceNotices } from '../../server/features/notices/jobs';
import type { MessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createTransports } from '../../server/messaging/transports';
import type { TSchedule } from '../../src/contracts/schedules';
import { createStudent, fieldsOf } from '../support/course-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-standin';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let smtp: SmtpStandIn;
let sms: TwilioStandIn;
let mailDir: string;

const config = (over: Partial<MessagingConfig> = {}): MessagingConfig => testMessagingConfig({ mailDir, ...over });

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-reminders-'));
  [smtp, sms] = await Promise.all([startSmtpStandIn(), startTwilioStandIn()]);
  queue = await openMessageQueue(ctx.target, config());
  c = await createScheduleCentre(ctx); // America/Toronto, reminders on at 09:00 (the defaults)
  // Cursors start at the end of their tables: the first runs only place them.
  await runClassChangeNotices(ctx.prisma, queue, later());
  await runLowBalanceNotices(ctx.prisma, queue, later());
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await Promise.all([smtp?.close(), sms?.close()]);
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

const later = () => new Date(Date.now() + 60_000);
const messagesTo = (...recipients: (string | null)[]) =>
  ctx.prisma.message.findMany({
    where: { recipient: { in: recipients.filter((r): r is string => !!r) } },
    orderBy: { id: 'asc' },
  });
const userOf = (teacher: { userId: number }) => ctx.prisma.user.findUniqueOrThrow({ where: { id: teacher.userId } });

/**
 * A COMPLETED class of `teacher` that ended `hoursBefore` hours before `now`, needing feedback (the
 * status an attended, opted-in family gives it) unless `submitted`.
 */
async function completedClass(teacher: { id: number }, now: Date, hoursBefore: number, submitted = false) {
  const endAt = new Date(now.getTime() - hoursBefore * 3_600_000);
  const startAt = new Date(endAt.getTime() - 3_600_000);
  return ctx.prisma.schedule.create({
    data: {
      organisationId: c.centre.id,
      status: 'COMPLETED',
      courseType: 'ONE_ON_ONE',
      courseId: c.course.id,
      teacherId: teacher.id,
      startAt,
      endAt,
      teacherStartAt: startAt,
      teacherEndAt: endAt,
      paymentType: 'VOUCHER',
      notificationStatus: submitted ? 'SENT' : 'MISSING_FEEDBACK',
    },
  });
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// 2026-11-20 in Toronto (UTC-5): 13:59Z is 08:59 local, 15:00Z is 10:00 local.
const day1 = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00Z`);
const day2 = (hhmm: string) => new Date(`2026-11-21T${hhmm}:00Z`);

describe('notification settings', () => {
  it('shows the kinds of the role with the defaults (email on, SMS off)', async () => {
    const teacher = await c.ann.caller.get('/api/account/notification-settings');
    expect(teacher.status).toBe(200);
    expect(teacher.body.settings).toEqual([
      { kind: 'FEEDBACK_REMINDER', email: true, sms: false },
      { kind: 'CLASS_CHANGE', email: true, sms: false },
    ]);
    expect(teacher.body.phone).toBeNull();
    const staff = await c.operator.get('/api/account/notification-settings');
    expect(staff.body.settings).toEqual([{ kind: 'LOW_BALANCE', email: true, sms: false }]);
  });

  it('refuses SMS without a phone, kinds of another role and a kind twice, naming the field', async () => {
    const noPhone = await c.ann.caller.put('/api/account/notification-settings', {
      settings: [{ kind: 'CLASS_CHANGE', email: true, sms: true }],
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.fieldErrors).toEqual([
      { field: 'settings.0.sms', message: 'SMS needs a phone number on your account' },
    ]);
    const wrongKind = await c.ann.caller.put('/api/account/notification-settings', {
      settings: [{ kind: 'LOW_BALANCE', email: false, sms: false }],
    });
    expect(wrongKind.status).toBe(400);
    expect(fieldsOf(wrongKind.body)).toEqual(['settings.0.kind']);
    const twice = await c.operator.put('/api/account/notification-settings', {
      settings: [
        { kind: 'LOW_BALANCE', email: true, sms: false },
        { kind: 'LOW_BALANCE', email: false, sms: false },
      ],
    });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice.body)).toEqual(['settings']);
    const badType = await c.operator.put('/api/account/notification-settings', {
      settings: [{ kind: 'LOW_BALANCE', email: 'yes', sms: false }],
    });
    expect(fieldsOf(badType.body)).toEqual(['settings.0.email']);
    // Nothing was saved.
    expect((await ctx.prisma.userNotificationSetting.count({ where: { userId: c.ann.userId } })) === 0).toBe(true);
  });

  it('saves SMS once the account has a phone', async () => {
    await ctx.prisma.user.update({ where: { id: c.bob.userId }, data: { phone: '+14165550199' } });
    const res = await c.bob.caller.put('/api/account/notification-settings', {
      settings: [{ kind: 'FEEDBACK_REMINDER', email: false, sms: true }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '+14165550199' });
    expect(res.body.settings).toEqual([
      { kind: 'FEEDBACK_REMINDER', email: false, sms: true },
      { kind: 'CLASS_CHANGE', email: true, sms: false },
    ]);
  });
});

describe("the centre's reminder setting", () => {
  it('is read and set by admins only, audited, the hour 0-23', async () => {
    expect((await c.admin.get('/api/settings/feedback-reminders')).body).toEqual({
      feedbackReminders: true,
      feedbackReminderHour: 9,
    });
    expect((await c.operator.get('/api/settings/feedback-reminders')).status).toBe(403);
    expect(
      (
        await c.ann.caller.put('/api/settings/feedback-reminders', {
          feedbackReminders: false,
          feedbackReminderHour: 9,
        })
      ).status,
    ).toBe(403);
    for (const hour of [24, -1, 9.5, '9']) {
      const bad = await c.admin.put('/api/settings/feedback-reminders', {
        feedbackReminders: true,
        feedbackReminderHour: hour,
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['feedbackReminderHour']);
    }
    const set = await c.admin.put('/api/settings/feedback-reminders', {
      feedbackReminders: true,
      feedbackReminderHour: 10,
    });
    expect(set.body).toEqual({ feedbackReminders: true, feedbackReminderHour: 10 });
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { organisationId: c.centre.id, entityType: 'ORGANISATION' },
      orderBy: { id: 'desc' },
    });
    expect(audit).toMatchObject({ before: { feedbackReminderHour: 9 }, after: { feedbackReminderHour: 10 } });
    await c.admin.put('/api/settings/feedback-reminders', { feedbackReminders: true, feedbackReminderHour: 9 });
  });
});

describe('feedback reminders', () => {
  let annEmail: string;
  let bobPhone: string;
  const reminders = async () =>
    (await messagesTo(annEmail, bobPhone)).filter((m) => m.template === 'feedback-reminder');

  it('go out once a day from the hour, per chosen channel, listing classes over a day old without submitted feedback', async () => {
    annEmail = (await userOf(c.ann)).email;
    bobPhone = (await userOf(c.bob)).phone ?? '';
    const at = day1('15:00');
    const a1 = await completedClass(c.ann, at, 30);
    const a2 = await completedClass(c.ann, at, 48);
    const draft = await completedClass(c.ann, at, 50);
    await ctx.prisma.scheduleFeedback.create({ data: { scheduleId: draft.id, teachingContent: 'draft' } });
    const submitted = await completedClass(c.ann, at, 52, true);
    await ctx.prisma.scheduleFeedback.create({ data: { scheduleId: submitted.id, submittedAt: at } });
    const recent = await completedClass(c.ann, at, 23); // not a day yet
    const old = await completedClass(c.ann, at, 24 * 40); // beyond the look-back
    const b1 = await completedClass(c.bob, at, 26);

    // Not before the centre's hour (09:00 Toronto).
    expect(await runFeedbackReminders(ctx.prisma, queue, day1('13:59'))).toBe(0);
    expect(await reminders()).toEqual([]);

    expect(await runFeedbackReminders(ctx.prisma, queue, at)).toBe(2);
    const [ann, bob] = [...(await reminders())].sort((x, y) => x.channel.localeCompare(y.channel));
    expect(ann).toMatchObject({
      channel: 'EMAIL',
      recipient: annEmail,
      subject: 'Feedback to write: 3 classes',
      idempotencyKey: `feedback-reminder:${c.ann.id}:2026-11-20:email`,
      status: 'QUEUED',
    });
    expect(ann.bodyText).toContain('Mathematics');
    expect(bob).toMatchObject({ channel: 'SMS', recipient: bobPhone, subject: null });
    const reminded = await ctx.prisma.feedbackReminder.findMany({ orderBy: { scheduleId: 'asc' } });
    expect(reminded.map((r) => r.scheduleId)).toEqual([a1.id, a2.id, draft.id, b1.id].sort((x, y) => x - y));
    expect(reminded.every((r) => r.day.toISOString().startsWith('2026-11-20'))).toBe(true);
    expect(reminded.some((r) => [submitted.id, recent.id, old.id].includes(r.scheduleId))).toBe(false);

    // Again the same day, even a class that became due since: nothing more today, and it is not
    // marked reminded (it goes out tomorrow).
    const late = await completedClass(c.ann, day1('22:00'), 25);
    expect(await runFeedbackReminders(ctx.prisma, queue, day1('15:15'))).toBe(0);
    expect(await runFeedbackReminders(ctx.prisma, queue, day1('22:00'))).toBe(0);
    expect(await reminders()).toHaveLength(2);
    expect(await ctx.prisma.feedbackReminder.count({ where: { scheduleId: late.id } })).toBe(0);

    // The next day: one more each, with what is still missing (now also the class that was too recent).
    expect(await runFeedbackReminders(ctx.prisma, queue, day2('15:00'))).toBe(2);
    expect(await runFeedbackReminders(ctx.prisma, queue, day2('15:30'))).toBe(0);
    const next = (await reminders()).filter((m) => m.idempotencyKey.includes('2026-11-21'));
    expect(next.map((m) => m.channel).sort()).toEqual(['EMAIL', 'SMS']);
    expect(next.find((m) => m.channel === 'EMAIL')?.subject).toBe('Feedback to write: 5 classes');
    expect(await ctx.prisma.feedbackReminder.count({ where: { scheduleId: a1.id } })).toBe(2);
  });

  it('two runs at once remind each class once', async () => {
    const at = day2('16:00');
    await ctx.prisma.user.update({ where: { id: c.ann.userId }, data: { email: `ann-${Date.now()}@example.test` } });
    // A day neither teacher was reminded on yet.
    const day3 = new Date('2026-11-22T15:00:00Z');
    await completedClass(c.ann, at, 30);
    const results = await Promise.all([
      runFeedbackReminders(ctx.prisma, queue, day3),
      runFeedbackReminders(ctx.prisma, queue, day3),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(2); // Ann's email and Bob's SMS, once each
    const rows = await ctx.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "FeedbackReminder" GROUP BY "scheduleId", day HAVING count(*) > 1`;
    expect(rows).toEqual([]);
  });

  it('are not sent when the centre turned them off, nor to a teacher who turned both channels off', async () => {
    const day4 = new Date('2026-11-23T15:00:00Z');
    await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { feedbackReminders: false } });
    expect(await runFeedbackReminders(ctx.prisma, queue, day4)).toBe(0);
    await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { feedbackReminders: true } });
    const off = await c.ann.caller.put('/api/account/notification-settings', {
      settings: [{ kind: 'FEEDBACK_REMINDER', email: false, sms: false }],
    });
    expect(off.status).toBe(200);
    const before = await ctx.prisma.message.count({ where: { template: 'feedback-reminder' } });
    expect(await runFeedbackReminders(ctx.prisma, queue, day4)).toBe(1); // Bob's SMS only
    expect(await ctx.prisma.message.count({ where: { template: 'feedback-reminder' } })).toBe(before + 1);
    const annClasses = await ctx.prisma.schedule.findMany({ where: { teacherId: c.ann.id }, select: { id: true } });
    expect(
      await ctx.prisma.feedbackReminder.count({
        where: { scheduleId: { in: annClasses.map((s) => s.id) }, day: new Date('2026-11-23') },
      }),
    ).toBe(0);
    await c.ann.caller.put('/api/account/notification-settings', {
      settings: [{ kind: 'FEEDBACK_REMINDER', email: true, sms: false }],
    });
  });

  it('reach the SMTP server and Twilio through the worker', async () => {
    const twilio = { accountSid: sms.accountSid, authToken: sms.authToken, from: '+15005550006', apiUrl: sms.url };
    const worker = await startMessageWorker(queue, ctx.prisma, createTransports(config({ smtpUrl: smtp.url, twilio })));
    try {
      await waitFor(
        'reminders sent',
        () => ctx.prisma.message.findMany({ where: { template: 'feedback-reminder' } }),
        (rows) => rows.every((m) => m.status === 'SENT'),
      );
    } finally {
      await worker.stop();
    }
    const mail = smtp.received.filter((m) => m.to.includes(annEmail));
    expect(mail).toHaveLength(2);
    expect(mail.map((m) => /Subject: (.*)/.exec(m.raw)?.[1]).sort()).toEqual([
      'Feedback to write: 3 classes',
      'Feedback to write: 5 classes',
    ]);
    expect(sms.received.filter((m) => m.to === bobPhone).length).toBeGreaterThanOrEqual(3);
  });
});

describe('opting out', () => {
  it('never queues a message for a student who does not allow email or SMS, nor for staff or teachers who turned a kind off', async () => {
    const make = async (name: string, allowEmail: boolean, allowSms: boolean, phone: string) => {
      const student = await createStudent(ctx.prisma, c.centre.id, { firstName: name, lastName: 'Optout' });
      return ctx.prisma.student.update({
        where: { id: student.id },
        data: { allowEmail, allowSms, email: `${name.toLowerCase()}@family.test`, phone },
      });
    };
    const none = await make('Nora', false, false, '+14165550301');
    const emailOnly = await make('Emma', true, false, '+14165550302');
    const smsOnly = await make('Sami', false, true, '+14165550303');
    // The admin turned low-balance email off; the operator keeps the default (email).
    const off = await c.admin.put('/api/account/notification-settings', {
      settings: [{ kind: 'LOW_BALANCE', email: false, sms: false }],
    });
    expect(off.status).toBe(200);
    for (const student of [none, emailOnly, smsOnly]) {
      for (const [type, voucherAmount] of [
        ['PURCHASE', '300'],
        ['REFUND', '200'],
      ]) {
        const res = await c.operator.post('/api/voucher-purchases', {
          studentId: student.id,
          type,
          purchaseDate: '2026-11-01',
          voucherAmount,
          idempotencyKey: randomUUID(),
        });
        expect(res.status).toBe(201);
      }
    }
    await runLowBalanceNotices(ctx.prisma, queue, later());
    await runLowBalanceNotices(ctx.prisma, queue, later());

    expect(await messagesTo(none.email, none.phone)).toEqual([]);
    expect((await messagesTo(emailOnly.email, emailOnly.phone)).map((m) => [m.channel, m.recipient])).toEqual([
      ['EMAIL', emailOnly.email],
    ]);
    expect((await messagesTo(smsOnly.email, smsOnly.phone)).map((m) => [m.channel, m.recipient])).toEqual([
      ['SMS', smsOnly.phone],
    ]);
    expect(await messagesTo(c.users.admin.email)).toEqual([]);
    const operator = await messagesTo(c.users.operator.email);
    expect(operator).toHaveLength(3);
    expect(operator.every((m) => m.template === 'low-balance' && m.channel === 'EMAIL')).toBe(true);
    // Every message of the run is one of those: nothing to anyone else.
    const all = await ctx.prisma.message.findMany({ where: { template: 'low-balance' } });
    expect(all).toHaveLength(5);

    // Class changes: Ann turned them off, Bob keeps email.
    await c.ann.caller.put('/api/account/notification-settings', {
      settings: [{ kind: 'CLASS_CHANGE', email: false, sms: false }],
    });
    const create = async (teacherId: number) => {
      const startAt = hoursFromNow(72 + teacherId);
      const endAt = new Date(Date.parse(startAt) + 3_600_000).toISOString();
      const res = await c.operator.post('/api/schedules', classBody(c, { teacherId, startAt, endAt }));
      expect(res.status).toBe(201);
      return res.body.schedule as TSchedule;
    };
    const annClass = await create(c.ann.id);
    const bobClass = await create(c.bob.id);
    expect((await c.operator.post(`/api/schedules/${bobClass.id}/cancel`, {})).status).toBe(200);
    await runClassChangeNotices(ctx.prisma, queue, later());
    await runClassChangeNotices(ctx.prisma, queue, later());
    const annUser = await userOf(c.ann);
    const bobUser = await userOf(c.bob);
    expect(await ctx.prisma.message.count({ where: { template: 'class-change', recipient: annUser.email } })).toBe(0);
    expect(await ctx.prisma.message.count({ where: { template: 'class-change', entityId: annClass.id } })).toBe(0);
    const toBob = await ctx.prisma.message.findMany({
      where: { template: 'class-change', recipient: bobUser.email },
      orderBy: { id: 'asc' },
    });
    expect(toBob.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New class: Mathematics, /),
      expect.stringMatching(/^Class cancelled: Mathematics, /),
    ]);
    expect(toBob.every((m) => m.entityId === bobClass.id)).toBe(true);
  });
});

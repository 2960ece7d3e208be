// Family messages reach the household's guardians in their own language (issue 21): a desk purchase's
// receipt (the PDF attached, in the guardian's language; sent through a real SMTP exchange), a class's
// feedback to guardians who receive feedback, a moved class to every guardian by the channels they chose
// (with the household's other lesson changes of a few minutes, SMS to the primary contact: issue 37);
// the feedback PDF in the reader's language. The student's own address keeps what it had.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { guardianFeedbackKey } from '../../server/features/feedback/guardian-feedback';
import { runLowBalanceNotices } from '../../server/features/notices/jobs';
import { runLessonChangeDigests } from '../../server/features/notices/jobs/lesson-change-digests';
import { guardianReceiptKey, queuePurchaseReceipt } from '../../server/features/statements/receipt-email';
import type { MessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createTransports } from '../../server/messaging/transports';
import { createGuardian, createHousehold, daytimeZone, FAMILY_GUARDIANS } from '../support/household-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { voucherPurchaseBody } from '../support/money-factories';
import { emailAttachment, pdfText } from '../support/pdf-text';
import { createGuardianUser } from '../support/portal-factories';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { readBinary } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let smtp: SmtpStandIn;
let mailDir: string;
let mother: Awaited<ReturnType<typeof createGuardianUser>>;
let father: { id: number };
let gran: { id: number };

const config = (over: Partial<MessagingConfig> = {}): MessagingConfig => testMessagingConfig({ mailDir, ...over });

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-family-mail-'));
  smtp = await startSmtpStandIn();
  queue = await openMessageQueue(ctx.target, config());
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx, daytimeZone());
  await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { name: 'Maple Tutoring' } });
  const [cleo, dan] = c.students;
  await ctx.prisma.student.update({ where: { id: cleo.id }, data: { email: 'cleo@student.test', allowEmail: true } });
  const chen = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id, dan.id] });
  // The mother reads Chinese, takes email, SMS (consent recorded) and feedback.
  mother = await createGuardianUser(ctx, c.centre.id, chen.id, { name: '陈美' });
  await ctx.prisma.guardian.update({
    where: { id: mother.guardian.id },
    data: { ...FAMILY_GUARDIANS.chineseMotherWithSms(), receivesFeedback: true },
  });
  // The father wants feedback but no email: nothing reaches him.
  father = await createGuardian(ctx.prisma, chen, { ...FAMILY_GUARDIANS.fatherWithoutEmail, receivesFeedback: true });
  // Gran reads English, takes email, not feedback.
  gran = await createGuardian(ctx.prisma, chen, FAMILY_GUARDIANS.gran);
  // The low-balance job's cursor starts at the end of the ledger.
  await runLowBalanceNotices(ctx.prisma, queue, later());
}, 120_000);
/** The jobs read only rows older than their settling delay: run them "a minute from now". */
const later = () => new Date(Date.now() + 60_000);
afterAll(async () => {
  await queue?.stop();
  await smtp?.close();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

async function deliver(to: string) {
  const worker = await startMessageWorker(queue, ctx.prisma, createTransports(config({ smtpUrl: smtp.url })));
  try {
    const until = Date.now() + 30_000;
    while (!smtp.received.some((m) => m.to.includes(to)) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
  } finally {
    await worker.stop();
  }
  return smtp.received.filter((m) => m.to.includes(to));
}

describe('purchase receipts', () => {
  it('go to each guardian who allows email in their language, the PDF attached, and to the student as before', async () => {
    const [cleo] = c.students;
    const made = await c.operator.post(
      '/api/voucher-purchases',
      voucherPurchaseBody(cleo.id, { voucherAmount: '250.00' }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const messages = await ctx.prisma.message.findMany({
      where: { template: 'voucher-receipt', entityId: made.body.id },
      orderBy: { id: 'asc' },
    });
    expect(messages.map((m) => m.recipient).sort()).toEqual(
      ['cleo@student.test', 'gran@family.test', mother.user.email].sort(),
    );
    expect(made.body.receiptEmailedTo.split(', ').sort()).toEqual(messages.map((m) => m.recipient).sort());
    const toMother = messages.find((m) => m.recipient === mother.user.email);
    expect(toMother?.idempotencyKey).toBe(guardianReceiptKey(made.body.id, mother.guardian.id));
    expect(toMother?.subject).toBe('Maple Tutoring的课时券收据');
    expect(toMother?.bodyText).toContain('尊敬的家长');
    expect(messages.find((m) => m.recipient === 'gran@family.test')?.subject).toBe(
      'Voucher receipt from Maple Tutoring',
    );
    expect(messages.some((m) => m.recipient === 'wei@family.test')).toBe(false);
    void father;
    void gran;

    // Exactly once: calling it again (a retried webhook) queues nothing new.
    const again = await ctx.prisma.$transaction((tx) => queuePurchaseReceipt(tx, made.body.id, { queue }));
    expect(again).toHaveLength(3);
    expect(await ctx.prisma.message.count({ where: { template: 'voucher-receipt', entityId: made.body.id } })).toBe(3);
    // A refund has no receipt email.
    const refund = await c.operator.post(
      '/api/voucher-purchases',
      voucherPurchaseBody(cleo.id, { type: 'REFUND', voucherAmount: '5.00' }),
    );
    expect(refund.body.receiptEmailedTo).toBeNull();

    // Through a real SMTP exchange: the mother's email carries the Chinese PDF.
    const got = await deliver(mother.user.email);
    expect(got).toHaveLength(1);
    expect(got[0].raw).toMatch(/Content-Type: application\/pdf; name=receipt-\d+-2026-03-02\.pdf/);
    const pdf = emailAttachment(got[0].raw);
    expect(pdf).not.toBeNull();
    const text = await pdfText(pdf as Buffer);
    expect(text).toContain('课时券收据');
    expect(text).toContain('Maple Tutoring');
  }, 60_000);
});

describe('class feedback', () => {
  it('goes to guardians who receive feedback, in their language; the PDF speaks the reader’s language', async () => {
    const [cleo] = c.students;
    const made = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: hoursFromNow(-5), endAt: hoursFromNow(-4), students: [{ studentId: cleo.id }] }),
    );
    expect(made.status).toBe(201);
    const id = made.body.schedule.id as number;
    expect((await c.operator.post(`/api/schedules/${id}/confirm`, {})).status).toBe(200);
    const submitted = await c.ann.caller.post(`/api/my-schedules/${id}/feedback/submit`, {
      teachingContent: 'Quadratic equations',
      studentPerformance: 'Focused',
      assignment: 'Exercises 3.1',
      students: [{ studentId: cleo.id, content: 'Cleo solved every equation.' }],
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const sent = await ctx.prisma.message.findMany({
      where: { template: 'feedback', entityId: id },
      orderBy: { id: 'asc' },
    });
    // The student's own address as before (no feedback opt-in here: none), the mother in Chinese.
    const toMother = sent.find((m) => m.recipient === mother.user.email);
    expect(toMother?.idempotencyKey).toBe(guardianFeedbackKey(id, cleo.id, mother.guardian.id));
    expect(toMother?.subject).toMatch(/^课程反馈：Mathematics，\d{4}-\d{2}-\d{2}（Cleo Chen）$/);
    expect(toMother?.bodyText).toContain('教学内容\nQuadratic equations');
    expect(toMother?.bodyText).toContain('关于Cleo\nCleo solved every equation.');
    expect(sent.some((m) => m.recipient === 'wei@family.test' || m.recipient === 'gran@family.test')).toBe(false);
    // The class's status counts the guardian's email.
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id } });
    expect(row.notificationStatus).toBe('PENDING');

    const pdf = async (lang: string) =>
      pdfText(
        (
          await mother.caller
            .download(`/api/portal/feedback/${id}/pdf`)
            .set('Accept-Language', lang)
            .buffer(true)
            .parse(readBinary as never)
        ).body,
      );
    const zh = await pdf('zh-CN');
    expect(zh).toContain('课程反馈：Mathematics');
    expect(zh).toContain('教学内容');
    expect(zh).toContain('Cleo solved every equation.');
    const en = await pdf('en-US');
    expect(en).toContain('Class feedback: Mathematics');
    expect(en).toContain('Teaching content');
  }, 60_000);
});

describe('class changes', () => {
  it('a moved class tells each guardian by the channels they chose, in their language', async () => {
    const [, dan] = c.students;
    const made = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: hoursFromNow(30), endAt: hoursFromNow(31), students: [{ studentId: dan.id }] }),
    );
    expect(made.status).toBe(201);
    const klass = made.body.schedule as { id: number; startAt: string; endAt: string };
    const since = (await ctx.prisma.message.aggregate({ _max: { id: true } }))._max.id ?? 0;
    const shifted = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
    const res = await c.operator.patch(`/api/schedules/${klass.id}/time`, {
      startAt: shifted(klass.startAt),
      endAt: shifted(klass.endAt),
      notify: { teacher: false, families: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.told).toEqual({ teachers: 0, families: 1 });
    // The guardians' messages go with the household's other changes, five minutes after the first.
    await runLessonChangeDigests(ctx.prisma, queue, new Date(Date.now() + 6 * 60_000));
    const told = await ctx.prisma.message.findMany({
      where: { template: 'class-change-family', id: { gt: since } },
      orderBy: [{ channel: 'asc' }, { recipient: 'asc' }],
    });
    expect(told.map((m) => [m.channel, m.recipient]).sort()).toEqual(
      [
        ['EMAIL', 'gran@family.test'],
        ['EMAIL', mother.user.email],
        ['SMS', '+14165550142'],
      ].sort(),
    );
    expect(told.find((m) => m.recipient === mother.user.email)?.subject).toBe('课程时间调整: Mathematics (Dan Diaz)');
    expect(told.find((m) => m.channel === 'SMS')?.bodyText).toMatch(/^Maple Tutoring：Dan Diaz：Mathematics：.* 改到 /);
    expect(told.find((m) => m.recipient === 'gran@family.test')?.subject).toBe('Class moved: Mathematics (Dan Diaz)');
  }, 60_000);
});

describe('low balance', () => {
  it('tells each guardian by their channels in their language, once per dip; SMS only when chosen', async () => {
    const [, dan] = c.students;
    const today = new Date().toISOString().slice(0, 10);
    const buy = async (type: string, voucherAmount: string) => {
      const res = await c.operator.post(
        '/api/voucher-purchases',
        voucherPurchaseBody(dan.id, { type, voucherAmount, purchaseDate: today }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await buy('PURCHASE', '300.00');
    await buy('REFUND', '150.00'); // 150.00 < 200.00: a dip
    await runLowBalanceNotices(ctx.prisma, queue, later());
    await runLowBalanceNotices(ctx.prisma, queue, later());
    const told = await ctx.prisma.message.findMany({
      where: { template: 'low-balance', entityType: 'STUDENT', entityId: dan.id },
      orderBy: { id: 'asc' },
    });
    const family = told.filter((m) => [mother.user.email, 'gran@family.test', '+14165550142'].includes(m.recipient));
    // Low balance is a billing message: by email by default, by SMS only for whoever chose it (issue 37).
    expect(family.map((m) => [m.channel, m.recipient]).sort()).toEqual(
      [
        ['EMAIL', 'gran@family.test'],
        ['EMAIL', mother.user.email],
      ].sort(),
    );
    expect(told.some((m) => m.recipient === 'wei@family.test')).toBe(false);
    expect(family.find((m) => m.recipient === mother.user.email)?.subject).toBe(
      'Maple Tutoring：Dan Diaz 的课时券余额不足',
    );
    expect(family.find((m) => m.recipient === 'gran@family.test')?.subject).toBe(
      "Maple Tutoring: Dan Diaz's voucher balance is low",
    );
  }, 60_000);
});

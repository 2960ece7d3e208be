// Class and student feedback end to end on this run's database: drafts, preview, submit (locks and
// queues), the worker sending through a real SMTP server, every notification status transition
// (NOT_REQUIRED → MISSING_FEEDBACK → PENDING → SENT, and → SEND_FAILED → retry → SENT), notices,
// opt-outs, teachers' own classes only, the PDF, the dashboard card and the table's filter.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { MessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createTransports } from '../../server/messaging/transports';
import { FEEDBACK_LOCKED_MESSAGE, FEEDBACK_NOT_COMPLETED_MESSAGE } from '../../src/contracts/feedback';
import { testMessagingConfig } from '../support/messaging-config';
import { pdfText } from '../support/pdf-text';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let queue: MessageQueue;
let smtp: SmtpStandIn;
let mailDir: string;
let c: ScheduleCentre;

const config = (over: Partial<MessagingConfig> = {}): MessagingConfig => testMessagingConfig({ mailDir, ...over });

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-feedback-mail-'));
  smtp = await startSmtpStandIn();
  queue = await openMessageQueue(ctx.target, config());
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx);
  const [opted, noEmail, noFeedback] = c.students;
  await ctx.prisma.student.update({
    where: { id: opted.id },
    data: { feedbackNotification: true, email: 'cleo@example.test', feedbackEmail: 'chen.family@example.test' },
  });
  await ctx.prisma.student.update({
    where: { id: noEmail.id },
    data: { feedbackNotification: true, allowEmail: false, email: 'dan@example.test' },
  });
  await ctx.prisma.student.update({
    where: { id: noFeedback.id },
    data: { feedbackNotification: false, email: 'eve@example.test' },
  });
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await smtp?.close();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

let hoursBack = 0;
/** A class of Ann's that started some hours ago (each one earlier, so none clash). */
async function pastClass(students: number[]) {
  hoursBack += 3;
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      courseType: 'GROUP',
      startAt: hoursFromNow(-hoursBack),
      endAt: hoursFromNow(-hoursBack + 1),
      students: students.map((studentId) => ({ studentId })),
    }),
  );
  expect(res.status).toBe(201);
  return res.body.schedule.id as number;
}
const statusOf = async (id: number) =>
  (await ctx.prisma.schedule.findUniqueOrThrow({ where: { id } })).notificationStatus;

async function waitForStatus(id: number, status: string, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const now = await statusOf(id);
    if (now === status) return;
    if (Date.now() > until) throw new Error(`class ${id} stayed ${now}, expected ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function withWorker<T>(over: Partial<MessagingConfig>, body: () => Promise<T>): Promise<T> {
  const worker = await startMessageWorker(queue, ctx.prisma, createTransports(config(over)));
  try {
    return await body();
  } finally {
    await worker.stop();
  }
}
const noticesOf = (type: 'FEEDBACK_MISSING' | 'FEEDBACK_FAILED', id: number) =>
  ctx.prisma.notice.findMany({ where: { type, entityType: 'SCHEDULE', entityId: id }, orderBy: { id: 'asc' } });

const draft = (studentId: number, over: Record<string, unknown> = {}) => ({
  teachingContent: 'Fractions: adding unlike denominators',
  studentPerformance: 'Focused, asked good questions',
  assignment: 'Worksheet 4, questions 1-10',
  students: [{ studentId, content: 'Cleo found the common denominator on her own.' }],
  ...over,
});

describe('feedback of a class', () => {
  it('NOT_REQUIRED → MISSING_FEEDBACK → PENDING → SENT, with a draft, a preview equal to the email, and a lock', async () => {
    const [opted] = c.students;
    const id = await pastClass([opted.id]);
    expect(await statusOf(id)).toBe('NOT_REQUIRED');

    // Confirmed without feedback and an opted-in student: missing, and the operators are told once.
    expect((await c.ann.caller.post(`/api/my-schedules/${id}/confirm`, {})).status).toBe(200);
    expect(await statusOf(id)).toBe('MISSING_FEEDBACK');
    const missing = await noticesOf('FEEDBACK_MISSING', id);
    expect(missing.map((n) => n.userId).sort()).toEqual([c.users.admin.id, c.users.operator.id].sort());
    // Reopened: planned again, nothing is missing; confirmed again: missing, no second notice.
    expect((await c.operator.post(`/api/schedules/${id}/reopen`, {})).status).toBe(200);
    expect(await statusOf(id)).toBe('NOT_REQUIRED');
    expect((await c.operator.post(`/api/schedules/${id}/confirm`, {})).status).toBe(200);
    expect(await statusOf(id)).toBe('MISSING_FEEDBACK');
    expect(await noticesOf('FEEDBACK_MISSING', id)).toHaveLength(2);

    // A draft by the teacher, read back; still missing.
    const saved = await c.ann.caller.put(`/api/my-schedules/${id}/feedback`, draft(opted.id));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ teachingContent: draft(opted.id).teachingContent, submittedAt: null });
    expect(saved.body.students[0]).toMatchObject({ id: opted.id, optedIn: true, recipient: null, message: null });
    const asOperator = await c.operator.get(`/api/schedules/${id}/feedback`);
    expect(asOperator.body.students[0].recipient).toBe('chen.family@example.test');
    expect(await statusOf(id)).toBe('MISSING_FEEDBACK');

    const preview = await c.ann.caller.post(`/api/my-schedules/${id}/feedback/preview`, draft(opted.id));
    expect(preview.status).toBe(200);
    const [email] = preview.body.emails;
    expect(email.text).toContain('Fractions: adding unlike denominators');
    expect(email.text).toContain('Cleo found the common denominator on her own.');
    expect(email.html).toContain('<h3>Assignment</h3>');

    const submitted = await c.ann.caller.post(`/api/my-schedules/${id}/feedback/submit`, draft(opted.id));
    expect(submitted.status).toBe(200);
    expect(submitted.body.submittedAt).not.toBeNull();
    expect(submitted.body.schedule.notificationStatus).toBe('PENDING');
    expect(submitted.body.students[0].message).toMatchObject({ status: 'QUEUED' });
    const [message] = await ctx.prisma.message.findMany({ where: { entityType: 'SCHEDULE', entityId: id } });
    expect(message).toMatchObject({
      template: 'feedback',
      recipient: 'chen.family@example.test',
      idempotencyKey: `feedback:${id}:${opted.id}`,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
    });

    // Locked: a later edit or submission is refused with the reason.
    const edit = await c.ann.caller.put(`/api/my-schedules/${id}/feedback`, draft(opted.id, { assignment: 'More' }));
    expect(edit.status).toBe(409);
    expect(edit.body.errorMessage).toContain(FEEDBACK_LOCKED_MESSAGE);
    expect((await c.operator.post(`/api/schedules/${id}/feedback/submit`, draft(opted.id))).status).toBe(409);

    await withWorker({ smtpUrl: smtp.url }, () => waitForStatus(id, 'SENT'));
    const got = smtp.received.filter((m) => m.to.includes('chen.family@example.test'));
    expect(got).toHaveLength(1);
    expect(got[0].raw).toContain('Fractions: adding unlike denominators');
    const after = await c.operator.get(`/api/schedules/${id}/feedback`);
    expect(after.body.students[0].message).toMatchObject({ status: 'SENT', attempts: 1 });
  }, 60_000);

  it('→ SEND_FAILED after the last retry with operator notices per failure round; retry → PENDING → SENT', async () => {
    const [opted] = c.students;
    const id = await pastClass([opted.id]);
    await c.operator.post(`/api/schedules/${id}/confirm`, {});
    expect((await c.operator.post(`/api/schedules/${id}/feedback/submit`, draft(opted.id))).status).toBe(200);
    expect(await statusOf(id)).toBe('PENDING');
    // Only a failed class can be retried.
    expect((await c.operator.post(`/api/schedules/${id}/feedback/retry`, {})).status).toBe(409);

    smtp.refusing = true;
    try {
      await withWorker({ smtpUrl: smtp.url }, () => waitForStatus(id, 'SEND_FAILED'));
      const failed = await noticesOf('FEEDBACK_FAILED', id);
      expect(failed.map((n) => n.userId).sort()).toEqual([c.users.admin.id, c.users.operator.id].sort());
      const view = await c.operator.get(`/api/schedules/${id}/feedback`);
      expect(view.body.students[0].message).toMatchObject({ status: 'FAILED', attempts: 2 });
      expect(view.body.students[0].message.error).toMatch(/Mailbox unavailable/);

      // Teachers cannot retry; a retry that fails again notifies again.
      expect((await c.ann.caller.post(`/api/schedules/${id}/feedback/retry`, {})).status).toBe(403);
      const retried = await c.operator.post(`/api/schedules/${id}/feedback/retry`, {});
      expect(retried.status).toBe(200);
      expect(retried.body.schedule.notificationStatus).toBe('PENDING');
      await withWorker({ smtpUrl: smtp.url }, () => waitForStatus(id, 'SEND_FAILED'));
      expect(await noticesOf('FEEDBACK_FAILED', id)).toHaveLength(4);
    } finally {
      smtp.refusing = false;
    }
    expect((await c.operator.post(`/api/schedules/${id}/feedback/retry`, {})).status).toBe(200);
    expect(await statusOf(id)).toBe('PENDING');
    await withWorker({ smtpUrl: smtp.url }, () => waitForStatus(id, 'SENT'));
    const issues = await c.operator.get('/api/dashboard/feedback-issues', { current: 1, pageSize: 50 });
    expect(issues.body.data.map((r: { id: number }) => r.id)).not.toContain(id);
  }, 60_000);

  it('queues nothing for a student with email disallowed or feedback notification off (NOT_REQUIRED)', async () => {
    const [, noEmail, noFeedback] = c.students;
    const id = await pastClass([noEmail.id, noFeedback.id]);
    await c.ann.caller.post(`/api/my-schedules/${id}/confirm`, {});
    expect(await statusOf(id)).toBe('NOT_REQUIRED');
    const view = await c.ann.caller.get(`/api/my-schedules/${id}/feedback`);
    expect(view.body.students.map((s: { optedIn: boolean }) => s.optedIn)).toEqual([false, false]);
    const submitted = await c.ann.caller.post(`/api/my-schedules/${id}/feedback/submit`, {
      teachingContent: 'Reading comprehension',
      students: [{ studentId: noEmail.id, content: 'Good' }],
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.schedule.notificationStatus).toBe('NOT_REQUIRED');
    expect(await ctx.prisma.message.count({ where: { entityType: 'SCHEDULE', entityId: id } })).toBe(0);
    const preview = await c.operator.post(`/api/schedules/${id}/feedback/preview`, {});
    expect(preview.body.emails.map((e: { optedIn: boolean }) => e.optedIn)).toEqual([false, false]);
  });

  it('keeps a teacher to their own classes, refuses submitting an unconfirmed class, and checks the fields', async () => {
    const [opted, other] = c.students;
    const id = await pastClass([opted.id]);
    const bob = c.bob.caller;
    expect((await bob.get(`/api/my-schedules/${id}/feedback`)).status).toBe(404);
    expect((await bob.put(`/api/my-schedules/${id}/feedback`, draft(opted.id))).status).toBe(404);
    expect((await bob.post(`/api/my-schedules/${id}/feedback/preview`, draft(opted.id))).status).toBe(404);
    expect((await bob.post(`/api/my-schedules/${id}/feedback/submit`, draft(opted.id))).status).toBe(404);
    expect((await bob.download(`/api/my-schedules/${id}/feedback/pdf`)).status).toBe(404);
    expect((await c.ann.caller.get(`/api/schedules/${id}/feedback`)).status).toBe(403);

    const early = await c.ann.caller.post(`/api/my-schedules/${id}/feedback/submit`, draft(opted.id));
    expect(early.status).toBe(409);
    expect(early.body.errorMessage).toBe(FEEDBACK_NOT_COMPLETED_MESSAGE);
    const long = await c.ann.caller.put(
      `/api/my-schedules/${id}/feedback`,
      draft(opted.id, { assignment: 'x'.repeat(5001) }),
    );
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual([{ field: 'assignment', message: 'At most 5000 characters' }]);
    const stranger = await c.ann.caller.put(`/api/my-schedules/${id}/feedback`, draft(other.id));
    expect(stranger.status).toBe(400);
    expect(stranger.body.fieldErrors).toEqual([
      { field: 'students.0.studentId', message: 'This student is not in the class' },
    ]);
    await c.ann.caller.post(`/api/my-schedules/${id}/confirm`, {});
    const empty = await c.ann.caller.post(
      `/api/my-schedules/${id}/feedback/submit`,
      draft(opted.id, { teachingContent: ' ' }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors[0].field).toBe('teachingContent');

    // The missing class is on the dashboard card and found by the table's status filter; the teacher's due list has it.
    const issues = await c.operator.get('/api/dashboard/feedback-issues', { current: 1, pageSize: 50 });
    expect(issues.body.data).toContainEqual(expect.objectContaining({ id, notificationStatus: 'MISSING_FEEDBACK' }));
    const filtered = await c.operator.get('/api/schedules', { notificationStatus: 'MISSING_FEEDBACK', pageSize: 100 });
    expect(filtered.body.data.map((s: { id: number }) => s.id)).toContain(id);
    expect(
      filtered.body.data.every((s: { notificationStatus: string }) => s.notificationStatus === 'MISSING_FEEDBACK'),
    ).toBe(true);
    const due = await c.ann.caller.get('/api/my-schedules/feedback-due');
    expect(due.body.map((s: { id: number }) => s.id)).toContain(id);
    expect((await bob.get('/api/my-schedules/feedback-due')).body.map((s: { id: number }) => s.id)).not.toContain(id);
  });

  it('downloads a real PDF of the feedback', async () => {
    const [opted] = c.students;
    const id = await pastClass([opted.id]);
    await c.ann.caller.put(
      `/api/my-schedules/${id}/feedback`,
      draft(opted.id, { studentPerformance: 'Focused, asked good questions. 进步很大' }),
    );
    const res = await c.ann.caller.download(`/api/my-schedules/${id}/feedback/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (process.env.SHOTS_DIR) writeFileSync(path.join(process.env.SHOTS_DIR, 'feedback.pdf'), bytes);
    const text = await pdfText(bytes);
    expect(text).toContain('Class feedback: Mathematics');
    expect(text).toContain('Fractions: adding unlike denominators');
    expect(text).toContain('Cleo found the common denominator on her own.');
    expect(text).toContain('Cleo Chen');
    // Chinese text needs a CJK font on the machine (fonts-wqy-microhei here); without one it shows as '?'.
    const cjkFont = existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc');
    expect(text).toContain(cjkFont ? '进步很大' : '????');
    expect((await c.operator.download(`/api/schedules/${id}/feedback/pdf`)).status).toBe(200);
  });
});

// Bulk email (/email) on this run's database: the audience and its count (opted-out students and
// students without an address are never queued), placeholders rendered per recipient through a real
// SMTP exchange, progress counts, the finish notice (once), resending failed messages, a batch of
// 1,000 queued in one request, template validation and rights.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { MessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { MESSAGE_QUEUE, type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createTransports } from '../../server/messaging/transports';
import { callerWith, createTeacher, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createClassRow } from '../support/schedule-rows';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let queue: MessageQueue;
let smtp: SmtpStandIn;
let mailDir: string;
let centre: Awaited<ReturnType<typeof createCentreWithStaff>>;
let operator: ReturnType<typeof callerWith>;
let teacherCaller: ReturnType<typeof callerWith>;
let app: ReturnType<typeof createApp>;
const people: Record<string, { id: number }> = {};
let courseA: { id: number };
let teacherA: { id: number };
const terms = { a: 0, b: 0 };

const config = (over: Partial<MessagingConfig> = {}): MessagingConfig => testMessagingConfig({ mailDir, ...over });

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 150));
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

const batchOf = async (id: number) => (await operator.get(`/api/email/batches/${id}`)).body;

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-bulk-'));
  smtp = await startSmtpStandIn();
  queue = await openMessageQueue(ctx.target, config());
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
  centre = await createCentreWithStaff(ctx);
  operator = callerWith(app, centre.tokens.operator);
  teacherCaller = callerWith(app, centre.tokens.teacher);
  const organisationId = centre.centre.id;
  await ctx.prisma.organisation.update({ where: { id: organisationId }, data: { name: 'Maple Centre' } });

  teacherA = await createTeacher(ctx.prisma, organisationId, { firstName: 'Tara', lastName: 'Course' });
  await createTeacher(ctx.prisma, organisationId, { firstName: 'Other', lastName: 'Teacher' });
  courseA = await ctx.prisma.course.create({ data: { organisationId, name: 'Bulk Algebra' } });
  const courseB = await ctx.prisma.course.create({ data: { organisationId, name: 'Bulk Chemistry' } });
  const term = (courseId: number, teacherId: number | null) =>
    ctx.prisma.term.create({
      data: {
        name: 'Autumn term',
        organisationId,
        courseId,
        teacherId,
        startDate: new Date('2026-09-01'),
        endDate: new Date('2026-12-20'),
      },
    });
  const termA = await term(courseA.id, teacherA.id);
  const termB = await term(courseB.id, null);
  Object.assign(terms, { a: termA.id, b: termB.id });
  const student = async (
    key: string,
    data: { email?: string | null; allowEmail?: boolean; active?: boolean; balance?: number },
    termId: number,
    courseId: number,
  ) => {
    const s = await ctx.prisma.student.create({
      data: {
        organisationId,
        studentId: `B-${key}`,
        firstName: `Ann${key}`,
        lastName: `Lee${key}`,
        email: data.email === undefined ? `${key}@family.test` : data.email,
        allowEmail: data.allowEmail ?? true,
        active: data.active ?? true,
        voucherBalance: data.balance ?? 0,
      },
    });
    await ctx.prisma.termRegister.create({
      data: { organisationId, termId, courseId, studentId: s.id, paymentType: 'CASH', price: 100 },
    });
    people[key] = s;
  };
  await student('rich', { balance: 500 }, termA.id, courseA.id);
  await student('poor', { balance: 10 }, termA.id, courseA.id);
  // Low balance concerns voucher payers only: poor has a voucher class booked ahead.
  const ahead = Date.now() + 5 * 86_400_000;
  await createClassRow(ctx.prisma, {
    organisationId,
    teacherId: teacherA.id,
    courseId: courseA.id,
    startAt: new Date(ahead).toISOString(),
    endAt: new Date(ahead + 3_600_000).toISOString(),
    paymentType: 'VOUCHER',
    students: [{ id: people.poor.id }],
  });
  await student('optedout', { allowEmail: false }, termA.id, courseA.id);
  await student('noaddress', { email: null }, termA.id, courseA.id);
  await student('inactive', { active: false }, termA.id, courseA.id);
  await student('elsewhere', {}, termB.id, courseB.id);
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  await smtp?.close();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

const courseAudience = () => ({ groups: ['STUDENTS', 'TEACHERS'], courseId: courseA.id });

describe('audience', () => {
  it('counts active recipients of the filters and says who was left out and why', async () => {
    const res = await operator.post('/api/email/audience/count', courseAudience());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      recipients: 3,
      byGroup: { STAFF: 0, TEACHERS: 1, STUDENTS: 2 },
      leftOut: { noAddress: 1, optedOut: 1, duplicate: 0 },
    });
    expect(res.body.sample.map((r: { name: string }) => r.name).sort()).toEqual([
      'Annpoor Leepoor',
      'Annrich Leerich',
      'Tara Course',
    ]);

    const low = await operator.post('/api/email/audience/count', {
      groups: ['STUDENTS'],
      courseId: courseA.id,
      lowBalance: true,
    });
    expect(low.body.sample.map((r: { id: number }) => r.id)).toEqual([people.poor.id]);

    const byTeacher = await operator.post('/api/email/audience/count', {
      groups: ['STUDENTS', 'TEACHERS'],
      teacherId: teacherA.id,
    });
    expect(byTeacher.body).toMatchObject({ recipients: 3, byGroup: { TEACHERS: 1, STUDENTS: 2 } });
    const byTerm = await operator.post('/api/email/audience/count', { groups: ['STUDENTS'], termId: terms.b });
    expect(byTerm.body.sample.map((r: { id: number }) => r.id)).toEqual([people.elsewhere.id]);

    const staff = await operator.post('/api/email/audience/count', { groups: ['STAFF'] });
    expect(staff.body.recipients).toBe(2); // the admin and the operator

    const all = await operator.post('/api/email/audience/count', { groups: ['STAFF', 'TEACHERS', 'STUDENTS'] });
    // 2 staff, 2 teachers, 3 students with an address who allow email (rich, poor, elsewhere).
    expect(all.body).toMatchObject({ recipients: 7, leftOut: { noAddress: 1, optedOut: 1 } });
  });

  it('"below the low-balance threshold" reaches voucher payers only, never a term-paid family at 0.00', async () => {
    const own = await createCentreWithStaff(ctx);
    const organisationId = own.centre.id;
    const teacher = await createTeacher(ctx.prisma, organisationId, { firstName: 'Low', lastName: 'Teacher' });
    const course = await ctx.prisma.course.create({ data: { organisationId, name: 'Low Course' } });
    const kid = (key: string, voucherBalance: number) =>
      ctx.prisma.student.create({
        data: {
          organisationId,
          studentId: `L-${key}`,
          firstName: key,
          lastName: 'Low',
          email: `${key}@low.test`,
          voucherBalance,
        },
      });
    await kid('termpaid', 0);
    const payer = await kid('payer', 50);
    const past = Date.now() - 10 * 86_400_000;
    await createClassRow(ctx.prisma, {
      organisationId,
      teacherId: teacher.id,
      courseId: course.id,
      startAt: new Date(past).toISOString(),
      endAt: new Date(past + 3_600_000).toISOString(),
      status: 'COMPLETED',
      paymentType: 'VOUCHER',
      students: [{ id: payer.id, attendance: 'ATTENDED' }],
    });
    const res = await callerWith(app, own.tokens.operator).post('/api/email/audience/count', {
      groups: ['STUDENTS'],
      lowBalance: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.recipients).toBe(1);
    expect(res.body.sample.map((r: { id: number }) => r.id)).toEqual([payer.id]);
  });

  it('refuses an empty group list and an empty audience with clear messages', async () => {
    const none = await operator.post('/api/email/audience/count', { groups: [] });
    expect(none.status).toBe(400);
    expect(fieldsOf(none.body)).toEqual(['groups']);
    const empty = await operator.post('/api/email/batches', {
      audience: { groups: ['STUDENTS'], courseId: courseA.id, teacherId: 999_999 },
      subject: 'Nobody',
      body: 'Nobody gets this',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toMatch(/No recipient/);
    expect(await ctx.prisma.emailBatch.count({ where: { subject: 'Nobody' } })).toBe(0);
  });

  it('previews the email for the first recipient or a chosen one', async () => {
    const body = { audience: courseAudience(), subject: 'Hi {firstName}', body: 'Dear {fullName}, from {centreName}' };
    const first = await operator.post('/api/email/preview', body);
    expect(first.status).toBe(200);
    expect(first.body.recipient.kind).toBe('teacher');
    expect(first.body).toMatchObject({ subject: 'Hi Tara', body: 'Dear Tara Course, from Maple Centre' });
    const chosen = await operator.post('/api/email/preview', {
      ...body,
      recipient: { kind: 'student', id: people.rich.id },
    });
    expect(chosen.body).toMatchObject({ subject: 'Hi Annrich', body: 'Dear Annrich Leerich, from Maple Centre' });
    const outside = await operator.post('/api/email/preview', {
      ...body,
      recipient: { kind: 'student', id: people.optedout.id },
    });
    expect(outside.status).toBe(400);
    expect(fieldsOf(outside.body)).toEqual(['recipient']);
  });
});

describe('sending', () => {
  it('queues one message per recipient, renders placeholders per recipient, reports progress and notifies once', async () => {
    const sent = await operator.post('/api/email/batches', {
      audience: courseAudience(),
      subject: 'News for {firstName}',
      body: 'Hello {firstName} {lastName},\n\nNews from {centreName}.',
    });
    expect(sent.status).toBe(201);
    const batch = sent.body;
    expect(batch).toMatchObject({ recipientCount: 3, finishedAt: null, counts: { QUEUED: 3, SENT: 0 } });
    const messages = await ctx.prisma.message.findMany({ where: { batchId: batch.id }, orderBy: { id: 'asc' } });
    expect(messages.map((m) => m.idempotencyKey).sort()).toEqual(
      [
        `bulk:${batch.id}:student:${people.poor.id}`,
        `bulk:${batch.id}:student:${people.rich.id}`,
        `bulk:${batch.id}:teacher:${teacherA.id}`,
      ].sort(),
    );
    // Never queued for a student who opted out or has no address.
    for (const key of ['optedout', 'noaddress', 'inactive']) {
      expect(await ctx.prisma.message.count({ where: { batchId: batch.id, entityId: people[key].id } })).toBe(0);
      expect(
        await ctx.prisma.message.count({ where: { idempotencyKey: `bulk:${batch.id}:student:${people[key].id}` } }),
      ).toBe(0);
    }

    const done = await withWorker({ smtpUrl: smtp.url }, () =>
      waitFor(
        'the batch to finish',
        () => batchOf(batch.id),
        (b) => b.finishedAt !== null,
      ),
    );
    expect(done.counts).toEqual({ QUEUED: 0, SENDING: 0, SENT: 3, FAILED: 0 });
    const rich = smtp.received.filter((m) => m.to.includes('rich@family.test'));
    expect(rich).toHaveLength(1);
    expect(rich[0].raw).toContain('Subject: News for Annrich');
    expect(rich[0].raw).toContain('Hello Annrich Leerich,');
    expect(rich[0].raw).toContain('News from Maple Centre.');
    const teacherMail = smtp.received.filter((m) => m.raw.includes('Subject: News for Tara'));
    expect(teacherMail).toHaveLength(1);
    expect(smtp.received.some((m) => m.to.includes('optedout@family.test'))).toBe(false);

    const notices = await ctx.prisma.notice.findMany({ where: { key: `BULK_EMAIL_FINISHED:batch:${batch.id}` } });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ userId: centre.operator.id, type: 'BULK_EMAIL_FINISHED', entityId: batch.id });
    expect(notices[0].data).toMatchObject({ sent: 3, failed: 0 });

    const list = await operator.get('/api/email/batches');
    expect(list.body.data[0]).toMatchObject({ id: batch.id, recipientCount: 3, counts: { SENT: 3 } });
    expect(list.body.data[0].createdBy.id).toBe(centre.operator.id);

    const search = await operator.get(`/api/email/batches/${batch.id}/messages`, { q: 'annrich' });
    expect(search.body.data.map((m: { recipient: string }) => m.recipient)).toEqual(['rich@family.test']);
    const byStatus = await operator.get(`/api/email/batches/${batch.id}/messages`, { status: 'FAILED' });
    expect(byStatus.body.total).toBe(0);
  });

  it('marks messages refused by the SMTP server FAILED, finishes once, and resends the failed ones', async () => {
    const sent = await operator.post('/api/email/batches', {
      audience: { groups: ['STAFF'] },
      subject: 'Staff meeting',
      body: 'Hi {firstName}',
    });
    const id = sent.body.id;
    smtp.refusing = true;
    try {
      const failed = await withWorker({ smtpUrl: smtp.url }, () =>
        waitFor(
          'the batch to fail',
          () => batchOf(id),
          (b) => b.finishedAt !== null,
        ),
      );
      expect(failed.counts).toEqual({ QUEUED: 0, SENDING: 0, SENT: 0, FAILED: 2 });
    } finally {
      smtp.refusing = false;
    }
    const failedList = await operator.get(`/api/email/batches/${id}/messages`, { status: 'FAILED' });
    expect(failedList.body.total).toBe(2);
    expect(failedList.body.data[0].error).toMatch(/Mailbox unavailable/);
    const key = `BULK_EMAIL_FINISHED:batch:${id}`;
    expect((await ctx.prisma.notice.findMany({ where: { key } })).map((n) => n.data)).toEqual([
      expect.objectContaining({ sent: 0, failed: 2 }),
    ]);

    expect((await teacherCaller.post(`/api/email/batches/${id}/resend-failed`, {})).status).toBe(403);
    const resent = await operator.post(`/api/email/batches/${id}/resend-failed`, {});
    expect(resent.body).toEqual({ resent: 2 });
    expect(await batchOf(id)).toMatchObject({ finishedAt: null, counts: { QUEUED: 2, FAILED: 0 } });
    const keysBefore = (await ctx.prisma.message.findMany({ where: { batchId: id } })).map((m) => m.idempotencyKey);
    const done = await withWorker({ smtpUrl: smtp.url }, () =>
      waitFor(
        'the resent batch',
        () => batchOf(id),
        (b) => b.finishedAt !== null,
      ),
    );
    expect(done.counts).toEqual({ QUEUED: 0, SENDING: 0, SENT: 2, FAILED: 0 });
    const keysAfter = (await ctx.prisma.message.findMany({ where: { batchId: id } })).map((m) => m.idempotencyKey);
    expect(keysAfter.sort()).toEqual(keysBefore.sort());
    expect(await ctx.prisma.notice.count({ where: { key } })).toBe(1);
    expect((await operator.post(`/api/email/batches/${id}/resend-failed`, {})).body).toEqual({ resent: 0 });
  }, 120_000);
});

describe('templates', () => {
  it('saves, lists, updates and deletes templates; refusals name the field and the rule and change nothing', async () => {
    const created = await operator.post('/api/email/templates', {
      name: 'Welcome',
      subject: 'Welcome {firstName}',
      body: 'Hello {fullName}',
    });
    expect(created.status).toBe(201);
    expect(created.body.updatedBy.id).toBe(centre.operator.id);

    const missing = await operator.post('/api/email/templates', { name: ' ', subject: 'x', body: 'y' });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['name']);
    expect(missing.body.fieldErrors[0].message).toBe('Name is required');

    const unknown = await operator.post('/api/email/templates', {
      name: 'Bad',
      subject: 'Hi {first_name}',
      body: 'Hello {firstName} {nickname}',
    });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(['body', 'subject']);
    const bodyError = unknown.body.fieldErrors.find((f: { field: string }) => f.field === 'body');
    expect(bodyError.message).toMatch(/^Unknown placeholder \{nickname\}: use \{firstName\}/);

    const duplicate = await operator.post('/api/email/templates', { name: 'Welcome', subject: 's', body: 'b' });
    expect(duplicate.status).toBe(409);
    expect(fieldsOf(duplicate.body)).toEqual(['name']);

    const badUpdate = await operator.put(`/api/email/templates/${created.body.id}`, {
      name: 'Welcome',
      subject: 'Welcome',
      body: 'x'.repeat(20_001),
    });
    expect(badUpdate.status).toBe(400);
    expect(fieldsOf(badUpdate.body)).toEqual(['body']);
    expect(await ctx.prisma.emailTemplate.findMany({ where: { organisationId: centre.centre.id } })).toEqual([
      expect.objectContaining({ name: 'Welcome', subject: 'Welcome {firstName}', body: 'Hello {fullName}' }),
    ]);

    const updated = await operator.put(`/api/email/templates/${created.body.id}`, {
      name: 'Welcome back',
      subject: 'Back, {firstName}',
      body: 'Hi',
    });
    expect(updated.body).toMatchObject({ name: 'Welcome back', subject: 'Back, {firstName}' });
    const list = await operator.get('/api/email/templates', { q: 'back' });
    expect(list.body).toMatchObject({ total: 1, data: [{ name: 'Welcome back' }] });
    expect((await operator.get('/api/email/templates/options')).body).toHaveLength(1);
    expect((await operator.delete(`/api/email/templates/${created.body.id}`)).status).toBe(204);
    expect((await operator.delete(`/api/email/templates/${created.body.id}`)).status).toBe(404);
  });

  it('is closed to teachers', async () => {
    expect((await teacherCaller.get('/api/email/templates')).status).toBe(403);
    expect((await teacherCaller.post('/api/email/audience/count', { groups: ['STAFF'] })).status).toBe(403);
    expect(
      (await teacherCaller.post('/api/email/batches', { audience: { groups: ['STAFF'] }, subject: 's', body: 'b' }))
        .status,
    ).toBe(403);
    expect((await teacherCaller.get('/api/email/batches')).status).toBe(403);
  });
});

// Last: its 1,000 jobs stay queued (no worker runs after it).
describe('a large batch', () => {
  it('queues 1,000 emails in one request: every row and every job', async () => {
    const big = await createCentreWithStaff(ctx);
    await ctx.prisma.student.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({
        organisationId: big.centre.id,
        studentId: `BIG${i}`,
        firstName: `Kid${i}`,
        lastName: 'Bulk',
        email: `kid${i}@big.test`,
      })),
    });
    const res = await callerWith(app, big.tokens.admin).post('/api/email/batches', {
      audience: { groups: ['STUDENTS'] },
      subject: 'Hello {firstName}',
      body: 'Term starts soon, {fullName}.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ recipientCount: 1000, counts: { QUEUED: 1000 } });
    const rows = await ctx.prisma.message.findMany({
      where: { batchId: res.body.id },
      select: { id: true, subject: true },
    });
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.subject)).size).toBe(1000);
    const jobs = await ctx.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND (data->>'messageId')::int = ANY($2::int[])`,
      MESSAGE_QUEUE,
      rows.map((r) => r.id),
    );
    expect(jobs[0].n).toBe(1000);
  }, 120_000);
});

// Telling people about class changes (issue 19 section 4): a move, cancel, batch cancel or edit carries
// "Notify the teacher / the families"; the families' email and SMS are queued in the change's
// transaction (by each student's allowEmail/allowSms and address), the teacher's class-change notice
// follows the choice, and the reply says who was told. A new weekly series is one message to the teacher.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { runClassChangeNotices } from '../../server/features/notices/jobs';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { testMessagingConfig } from '../support/messaging-config';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let mailDir: string;
const both = { teacher: true, families: true };
const none = { teacher: false, families: false };

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-class-notices-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir }));
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx);
  const [both, emailOnly, neither] = c.students;
  await ctx.prisma.student.update({
    where: { id: both.id },
    data: { allowEmail: true, email: 'chen.family@example.test', allowSms: true, phone: '+14165550111' },
  });
  await ctx.prisma.student.update({
    where: { id: emailOnly.id },
    data: { allowEmail: true, email: 'diaz.family@example.test', allowSms: false, phone: '+14165550112' },
  });
  await ctx.prisma.student.update({
    where: { id: neither.id },
    data: { allowEmail: false, email: 'eve@example.test' },
  });
  await runClassChangeNotices(ctx.prisma, queue, later()); // places the job's cursor at the audit's end
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

const later = () => new Date(Date.now() + 60_000);
let hoursAhead = 48;
/** A future group class of Ann's with all three students, its creation notice already sent. */
async function groupClass() {
  hoursAhead += 3;
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      courseType: 'GROUP',
      startAt: hoursFromNow(hoursAhead),
      endAt: hoursFromNow(hoursAhead + 1),
      students: c.students.map((s) => ({ studentId: s.id })),
    }),
  );
  expect(res.status).toBe(201);
  await runClassChangeNotices(ctx.prisma, queue, later());
  return res.body.schedule as { id: number; startAt: string; endAt: string };
}
const familyMessages = (entityIds: number[], since: number) =>
  ctx.prisma.message.findMany({
    where: { template: 'class-change-family', entityId: { in: entityIds }, id: { gt: since } },
    orderBy: [{ channel: 'asc' }, { recipient: 'asc' }],
  });
const teacherMessages = (classId: number) =>
  ctx.prisma.message.findMany({ where: { template: 'class-change', entityId: classId }, orderBy: { id: 'asc' } });
const lastMessageId = async () => (await ctx.prisma.message.aggregate({ _max: { id: true } }))._max.id ?? 0;
const shifted = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

describe('moving a class', () => {
  it('with both ticked queues the families an email/SMS and the teacher a notice, and says who was told', async () => {
    const klass = await groupClass();
    const since = await lastMessageId();
    const res = await c.operator.patch(`/api/schedules/${klass.id}/time`, {
      startAt: shifted(klass.startAt, 1),
      endAt: shifted(klass.endAt, 1),
      notify: both,
    });
    expect(res.status).toBe(200);
    expect(res.body.told).toEqual({ teachers: 1, families: 2 });
    const [cleo, dan] = c.students;
    const families = await familyMessages([cleo.id, dan.id, c.students[2].id], since);
    expect(families.map((m) => [m.channel, m.recipient, m.status])).toEqual([
      ['EMAIL', 'chen.family@example.test', 'QUEUED'],
      ['EMAIL', 'diaz.family@example.test', 'QUEUED'],
      ['SMS', '+14165550111', 'QUEUED'],
    ]);
    expect(families[0].subject).toBe('Class moved: Mathematics (Cleo Chen)');
    expect(families[0].bodyText).toMatch(
      /Mathematics: \d{4}-\d\d-\d\d \d\d:\d\d is moved to \d{4}-\d\d-\d\d \d\d:\d\d/,
    );
    await runClassChangeNotices(ctx.prisma, queue, later());
    const toAnn = await teacherMessages(klass.id);
    expect(toAnn.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New class: Mathematics/),
      expect.stringMatching(/^Class changed: Mathematics/),
    ]);
  });

  it('with both unticked queues nothing for anyone', async () => {
    const klass = await groupClass();
    const since = await lastMessageId();
    const res = await c.operator.patch(`/api/schedules/${klass.id}/time`, {
      startAt: shifted(klass.startAt, 1),
      endAt: shifted(klass.endAt, 1),
      notify: none,
    });
    expect(res.status).toBe(200);
    expect(res.body.told).toEqual({ teachers: 0, families: 0 });
    await runClassChangeNotices(ctx.prisma, queue, later());
    expect(await ctx.prisma.message.count({ where: { id: { gt: since } } })).toBe(0);
  });

  it('an edit in the class form with the families only: the teacher hears nothing', async () => {
    const klass = await groupClass();
    const since = await lastMessageId();
    const res = await c.operator.put(
      `/api/schedules/${klass.id}`,
      classBody(c, {
        courseType: 'GROUP',
        startAt: shifted(klass.startAt, 2),
        endAt: shifted(klass.endAt, 2),
        students: c.students.map((s) => ({ studentId: s.id })),
        notify: { teacher: false, families: true },
      } as object),
    );
    expect(res.status).toBe(200);
    expect(res.body.told).toEqual({ teachers: 0, families: 2 });
    await runClassChangeNotices(ctx.prisma, queue, later());
    expect((await teacherMessages(klass.id)).filter((m) => m.id > since)).toEqual([]);
    expect(
      await familyMessages(
        c.students.map((s) => s.id),
        since,
      ),
    ).toHaveLength(3);
  });
});

describe('cancelling', () => {
  it('one class tells whom it was asked to; without a choice only the teacher, as before', async () => {
    const klass = await groupClass();
    const since = await lastMessageId();
    const res = await c.operator.post(`/api/schedules/${klass.id}/cancel`, { notify: both });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', told: { teachers: 1, families: 2 } });
    const families = await familyMessages(
      c.students.map((s) => s.id),
      since,
    );
    expect(families[0].subject).toBe('Class cancelled: Mathematics (Cleo Chen)');
    expect(families.find((m) => m.channel === 'SMS')?.bodyText).toMatch(
      /^.+: Cleo Chen: Mathematics: .+ is cancelled$/,
    );

    const plain = await groupClass();
    const old = await c.operator.post(`/api/schedules/${plain.id}/cancel`, {});
    expect(old.body.told).toEqual({ teachers: 1, families: 0 });
    const bad = await c.operator.post(`/api/schedules/${plain.id}/cancel`, {
      notify: { teacher: 'yes', families: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual([{ field: 'notify.teacher', message: 'Notify the teacher is true or false' }]);
  });

  it('a batch tells each family once, listing their classes, and the teacher nothing when unticked', async () => {
    const first = await groupClass();
    const second = await groupClass();
    const since = await lastMessageId();
    const res = await c.operator.post('/api/schedules/batch-cancel', {
      ids: [first.id, second.id],
      notify: { teacher: false, families: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cancelled: [first.id, second.id], told: { teachers: 0, families: 2 } });
    const families = await familyMessages(
      c.students.map((s) => s.id),
      since,
    );
    expect(families).toHaveLength(3);
    expect(families[0].bodyText.match(/is cancelled/g)).toHaveLength(2);
    await runClassChangeNotices(ctx.prisma, queue, later());
    expect((await teacherMessages(first.id)).filter((m) => m.id > since)).toEqual([]);
  });
});

describe('a new weekly series', () => {
  it('tells the teacher once, one email listing its 10 classes, in their language', async () => {
    const series = (teacherId: number, startAt: string, studentId: number, startTime: string, endTime: string) =>
      c.operator.post(
        '/api/schedules',
        classBody(c, {
          teacherId,
          startAt,
          endAt: shifted(startAt, 1),
          students: [{ studentId }],
          repeat: { slots: [{ weekday: 1, startTime, endTime }], count: 10 },
        }),
      );
    await ctx.prisma.user.update({ where: { id: c.bob.userId }, data: { langKey: 'zh-CN' } });
    const since = await lastMessageId();
    // Mondays 2030-01-07 on: 16:00 in Toronto for Ann, 18:00 for Bob.
    const ann = await series(c.ann.id, '2030-01-07T21:00:00Z', c.students[0].id, '16:00', '17:00');
    const bob = await series(c.bob.id, '2030-01-07T23:00:00Z', c.students[1].id, '18:00', '19:00');
    expect([ann.status, ann.body.count, bob.status]).toEqual([201, 10, 201]);
    await runClassChangeNotices(ctx.prisma, queue, later());
    const sent = await ctx.prisma.message.findMany({ where: { template: 'class-change', id: { gt: since } } });
    expect(sent).toHaveLength(2);
    const [toAnn, toBob] = [...sent].sort((a, b) => a.id - b.id);
    expect(toAnn.subject).toBe('New classes: 10 × Mathematics');
    expect(toAnn.bodyText.match(/^- 20\d\d-\d\d-\d\d 16:00 Mathematics$/gm)).toHaveLength(10);
    expect(toBob.subject).toBe('新课程：Mathematics 共 10 节');
  });
});

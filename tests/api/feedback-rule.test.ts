// One rule decides whether a class needs feedback (issue 19): COMPLETED with at least one ATTENDED
// student whose family gets the feedback email. The class's status, the teacher's "Feedback to write"
// list, the dashboard card and the daily reminder all agree with it: a class nobody would receive
// feedback for, or whose only opted-in student was absent, is in none of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFeedbackReminders } from '../../server/features/notices/jobs';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { testMessagingConfig } from '../support/messaging-config';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { studentBody } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let mailDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-feedback-rule-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir }));
  c = await createScheduleCentre(ctx);
  const [opted, plain] = c.students;
  await ctx.prisma.student.update({
    where: { id: opted.id },
    data: { feedbackNotification: true, email: 'cleo@example.test' },
  });
  // Email allowed but feedback off: no family receives feedback (the demo's case).
  await ctx.prisma.student.update({ where: { id: plain.id }, data: { feedbackNotification: false, email: null } });
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

let hoursBack = 0;
/** A one-on-one class of Ann's a few hours ago, confirmed by the operator with `attendance`. */
async function taughtClass(studentId: number, attendance: 'ATTENDED' | 'ABSENT') {
  hoursBack += 3;
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, { startAt: hoursFromNow(-hoursBack), endAt: hoursFromNow(-hoursBack + 1), students: [{ studentId }] }),
  );
  expect(res.status).toBe(201);
  const id = res.body.schedule.id as number;
  const confirmed = await c.operator.post(`/api/schedules/${id}/confirm`, { students: [{ studentId, attendance }] });
  expect(confirmed.status).toBe(200);
  return { id, status: confirmed.body.notificationStatus as string };
}

const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);
const dueList = async () => idsOf((await c.ann.caller.get('/api/my-schedules/feedback-due')).body);
const dashboardCard = async () =>
  idsOf((await c.operator.get('/api/dashboard/feedback-issues', { current: 1, pageSize: 100 })).body.data);
/** The next 15:00 UTC (10:00 in Toronto) at least a day after now: every class above ended over a day before. */
function reminderTime(): Date {
  const at = new Date(Date.now() + 24 * 3_600_000);
  at.setUTCHours(15, 0, 0, 0);
  if (at.getTime() < Date.now() + 24 * 3_600_000) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
const remindedIds = async () =>
  (await ctx.prisma.feedbackReminder.findMany({ orderBy: { scheduleId: 'asc' } })).map((r) => r.scheduleId);

describe('whether a class needs feedback', () => {
  let absentOnly: number;
  let nobodyOptedIn: number;
  let needed: number;

  it('is decided by attended, opted-in students, and the status, teacher list, card and reminder agree', async () => {
    const [opted, plain] = c.students;
    const absent = await taughtClass(opted.id, 'ABSENT');
    const unwanted = await taughtClass(plain.id, 'ATTENDED');
    const due = await taughtClass(opted.id, 'ATTENDED');
    [absentOnly, nobodyOptedIn, needed] = [absent.id, unwanted.id, due.id];
    expect([absent.status, unwanted.status, due.status]).toEqual(['NOT_REQUIRED', 'NOT_REQUIRED', 'MISSING_FEEDBACK']);

    expect(await dueList()).toEqual([needed]);
    expect(await dashboardCard()).toEqual([needed]);
    expect(await runFeedbackReminders(ctx.prisma, queue, reminderTime())).toBe(1);
    expect(await remindedIds()).toEqual([needed]);
    const [reminder] = await ctx.prisma.message.findMany({ where: { template: 'feedback-reminder' } });
    expect(reminder.subject).toBe('Feedback to write: 1 class');
  });

  it('follows a family opting in: the class they attended needs feedback everywhere at once', async () => {
    const [, plain] = c.students;
    const student = await ctx.prisma.student.findUniqueOrThrow({ where: { id: plain.id } });
    const res = await c.operator.put(
      `/api/students/${plain.id}`,
      studentBody({
        studentId: student.studentId,
        firstName: student.firstName,
        lastName: student.lastName,
        email: 'dan.family@example.test',
        feedbackNotification: true,
      }),
    );
    expect(res.status).toBe(200);
    const status = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: nobodyOptedIn } });
    expect(status.notificationStatus).toBe('MISSING_FEEDBACK');
    expect((await dueList()).sort()).toEqual([nobodyOptedIn, needed].sort());
    expect((await dashboardCard()).sort()).toEqual([nobodyOptedIn, needed].sort());
    // The absent-only class stays out of every list.
    expect(await dueList()).not.toContain(absentOnly);
  });
});

// Lesson events through the API (issue 22): the preview is what is posted, a confirmation of another
// outcome is refused, undo, the family quota, the expiry job, the whole-class cancellation, the
// portal's own household only, rights and bad input. Amounts worked out by hand (40.00 an hour).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelStudentLesson } from '../../server/features/lessons/cancel-lesson';
import { expireCredits, useCredit } from '../../server/features/lessons/credits';
import { runLessonChangeDigests } from '../../server/features/notices/jobs/lesson-change-digests';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { CANCELLATION_CHANGED_MESSAGE } from '../../src/contracts/lessons';
import { fieldsOf } from '../support/course-factories';
import { createGuardian, createHousehold, FAMILY_GUARDIANS } from '../support/household-factories';
import {
  creditsOf,
  DEFAULT_POLICY,
  freshStudents,
  freshTeacher,
  lessonLedger,
  plannedLesson,
  setPolicy,
} from '../support/lesson-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createGuardianUser } from '../support/portal-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const inHours = (h: number) => {
  const at = new Date(Date.now() + h * HOUR);
  at.setUTCSeconds(0, 0);
  return at;
};

/** A PLANNED VOUCHER lesson `hours` from now with fresh students (one-on-one unless `n` > 1). */
async function lesson(hours: number, n = 1, over: { paymentType?: 'VOUCHER' | 'TERM'; termId?: number } = {}) {
  const teacher = await freshTeacher(ctx.prisma, c.centre.id);
  const students = await freshStudents(ctx.prisma, c.centre.id, n);
  const row = await plannedLesson(ctx.prisma, {
    organisationId: c.centre.id,
    teacherId: teacher.id,
    courseId: c.course.id,
    startAt: inHours(hours),
    courseType: n === 1 ? 'ONE_ON_ONE' : 'GROUP',
    paymentType: over.paymentType ?? 'VOUCHER',
    termId: over.termId ?? null,
    studentIds: students.map((s) => s.id),
  });
  return {
    id: row.id,
    students,
    teacher,
    url: (studentId = students[0].id) => `/api/schedules/${row.id}/students/${studentId}/cancellation`,
  };
}

const line = (scheduleId: number, studentId: number) =>
  ctx.prisma.scheduleStudent.findUniqueOrThrow({ where: { scheduleId_studentId: { scheduleId, studentId } } });

describe('cancelling a student lesson at the desk', () => {
  it('posts exactly what the preview showed: a late family cancellation charges the lesson', async () => {
    const l = await lesson(2);
    const preview = await c.operator.get(l.url(), { by: 'FAMILY' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      by: 'FAMILY',
      late: true,
      noticeHours: 24,
      charge: '40.00',
      chargePercent: 100,
      currency: 'CAD',
      credit: false,
      returnCredit: false,
      classCancelled: true,
      teacherPaid: false,
      summary: 'Cancelling now (less than 24 hours before) charges CA$40.00 and gives no make-up lesson.',
    });
    const zh = await request(ctx.app)
      .get(l.url())
      .query({ by: 'FAMILY' })
      .set('Authorization', `Bearer ${c.tokens.operator}`)
      .set('Accept-Language', 'zh-CN');
    expect(zh.body.summary).toBe('现在取消（距上课不足 24 小时）：将收取 CA$40.00，并且不获得补课。');

    const res = await c.operator.post(l.url(), {
      by: 'FAMILY',
      reason: 'Sick',
      expectedCharge: preview.body.charge,
      expectedCredit: preview.body.credit,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ late: true, charge: '40.00', creditId: null, classCancelled: true });
    expect(res.body.summary).toBe(preview.body.summary);
    expect(await lessonLedger(ctx.prisma, l.id, l.students[0].id)).toEqual([['CLASS_CHARGE', '-40.00']]);
    expect(await line(l.id, l.students[0].id)).toMatchObject({
      cancelledBy: 'FAMILY',
      cancelLate: true,
      cancelReason: 'Sick',
      cancelledById: c.users.operator.id,
      chargePercent: 100,
    });
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: l.id } });
    expect(row).toMatchObject({ status: 'CANCELLED', cancelledBy: 'FAMILY', cancelLate: true, cancelReason: 'Sick' });
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { entityType: 'SCHEDULE', entityId: l.id, action: 'CANCEL' },
    });
    expect(audit?.actorId).toBe(c.users.operator.id);
    // The operators are told a family cancelled.
    const notices = await ctx.prisma.notice.findMany({ where: { type: 'LESSON_CANCELLED', entityId: l.id } });
    expect(notices.map((n) => n.userId).sort()).toEqual([c.users.admin.id, c.users.operator.id].sort());

    // Cancelled already: a 409, nothing posted twice.
    const again = await c.operator.post(l.url(), {
      by: 'FAMILY',
      expectedCharge: '40.00',
      expectedCredit: false,
    });
    expect(again.status).toBe(409);
    expect(await lessonLedger(ctx.prisma, l.id, l.students[0].id)).toHaveLength(1);
  });

  it('leaves a cancelled student out of the confirmation: no attendance, only the cancellation posted', async () => {
    const l = await lesson(-2, 2);
    const [gone, came] = l.students;
    const cancel = await c.operator.post(l.url(gone.id), {
      by: 'FAMILY',
      expectedCharge: '40.00',
      expectedCredit: false,
    });
    expect(cancel.status).toBe(200);
    const confirmed = await c.operator.post(`/api/schedules/${l.id}/confirm`, { students: [] });
    expect(confirmed.status).toBe(200);
    expect((await line(l.id, gone.id)).attendance).toBeNull();
    expect((await line(l.id, came.id)).attendance).toBe('ATTENDED');
    // The late cancellation's charge, once; the student who came is charged for the lesson.
    expect(await lessonLedger(ctx.prisma, l.id, gone.id)).toEqual([['CLASS_CHARGE', '-40.00']]);
    expect(await lessonLedger(ctx.prisma, l.id, came.id)).toEqual([['CLASS_CHARGE', '-40.00']]);
  });

  it('refuses (409) a confirmation of another outcome than shown, writing nothing', async () => {
    const l = await lesson(2);
    const res = await c.operator.post(l.url(), { by: 'FAMILY', expectedCharge: '0.00', expectedCredit: true });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(CANCELLATION_CHANGED_MESSAGE);
    expect((await line(l.id, l.students[0].id)).cancelledAt).toBeNull();
    expect(await lessonLedger(ctx.prisma, l.id, l.students[0].id)).toEqual([]);
    expect(await creditsOf(ctx.prisma, l.students[0].id)).toEqual([]);
  });

  it('undoes a cancellation: the line and the class restored, the credit revoked, the charge reversed', async () => {
    const l = await lesson(72, 2);
    const [cleo, dan] = l.students;
    const ok = await c.operator.post(l.url(cleo.id), { by: 'FAMILY', expectedCharge: '0.00', expectedCredit: true });
    expect(ok.status).toBe(200);
    expect(ok.body.classCancelled).toBe(false);
    const [credit] = await creditsOf(ctx.prisma, cleo.id);
    expect(credit).toMatchObject({ status: 'AVAILABLE', entries: ['GRANTED'] });
    const undo = await c.operator.delete(l.url(cleo.id));
    expect(undo.status).toBe(200);
    expect(await line(l.id, cleo.id)).toMatchObject({ cancelledAt: null, cancelledBy: null, chargePercent: null });
    expect((await creditsOf(ctx.prisma, cleo.id))[0]).toMatchObject({
      status: 'REVOKED',
      entries: ['GRANTED', 'REVOKED'],
    });
    expect((await c.operator.delete(l.url(cleo.id))).status).toBe(409);

    // Late (the class starts in 2 h) then undone: the charge is reversed; the one-on-one is planned again.
    const late = await lesson(2);
    const posted = await c.operator.post(late.url(), { by: 'FAMILY', expectedCharge: '40.00', expectedCredit: false });
    expect(posted.status).toBe(200);
    expect((await c.operator.delete(late.url())).status).toBe(200);
    expect(await lessonLedger(ctx.prisma, late.id, late.students[0].id)).toEqual([
      ['CLASS_CHARGE', '-40.00'],
      ['CHARGE_REVERSAL', '40.00'],
    ]);
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: late.id } })).status).toBe('PLANNED');

    // A credit already used for a make-up: the cancellation that earned it cannot be undone.
    const used = await lesson(72);
    const s = used.students[0].id;
    expect(
      (await c.operator.post(used.url(), { by: 'CENTRE', expectedCharge: '0.00', expectedCredit: true })).status,
    ).toBe(200);
    const [earned] = await creditsOf(ctx.prisma, s);
    const makeUp = await plannedLesson(ctx.prisma, {
      organisationId: c.centre.id,
      teacherId: used.teacher.id,
      courseId: c.course.id,
      startAt: inHours(96),
      courseType: 'GROUP',
      paymentType: 'VOUCHER',
      studentIds: [dan.id],
    });
    await ctx.prisma.$transaction(async (tx) => {
      await useCredit(tx, { creditId: earned.id, studentId: s, scheduleId: makeUp.id, userId: null });
      await tx.scheduleStudent.create({ data: { scheduleId: makeUp.id, studentId: s, makeUpCreditId: earned.id } });
    });
    const refused = await c.operator.delete(used.url());
    expect(refused.status).toBe(409);
    expect((await line(used.id, s)).cancelledAt).not.toBeNull();

    // Cancelling the make-up in time gives its credit back; undoing that takes it again.
    const back = await c.operator.post(`/api/schedules/${makeUp.id}/students/${s}/cancellation`, {
      by: 'FAMILY',
      expectedCharge: '0.00',
      expectedCredit: false,
    });
    expect(back.status).toBe(200);
    expect(back.body.creditId).toBe(earned.id);
    expect((await creditsOf(ctx.prisma, s))[0]).toMatchObject({ status: 'AVAILABLE', usedScheduleId: null });
    expect((await line(makeUp.id, s)).makeUpCreditId).toBeNull();
    expect(await lessonLedger(ctx.prisma, makeUp.id, s)).toEqual([]);
    expect((await c.operator.delete(`/api/schedules/${makeUp.id}/students/${s}/cancellation`)).status).toBe(200);
    expect((await creditsOf(ctx.prisma, s))[0]).toMatchObject({ status: 'USED', usedScheduleId: makeUp.id });
    expect((await line(makeUp.id, s)).makeUpCreditId).toBe(earned.id);
  });

  it('stops earning family credits at the quota, and says so before confirming', async () => {
    await setPolicy(ctx.prisma, c.centre.id, { makeUpQuota: 1 });
    try {
      const first = await lesson(100);
      const s = first.students[0];
      expect(
        (await c.operator.post(first.url(), { by: 'FAMILY', expectedCharge: '0.00', expectedCredit: true })).status,
      ).toBe(200);
      const second = await plannedLesson(ctx.prisma, {
        organisationId: c.centre.id,
        teacherId: first.teacher.id,
        courseId: c.course.id,
        startAt: inHours(101),
        courseType: 'ONE_ON_ONE',
        paymentType: 'VOUCHER',
        studentIds: [s.id],
      });
      const url = `/api/schedules/${second.id}/students/${s.id}/cancellation`;
      const preview = await c.operator.get(url, { by: 'FAMILY' });
      expect(preview.body).toMatchObject({ credit: false, quotaReached: true, charge: '0.00' });
      expect(preview.body.summary).toBe(
        "Cancelling now (at least 24 hours before) costs nothing and gives no make-up lesson (this term's 1 make-up lessons are used).",
      );
      expect((await c.operator.post(url, { by: 'FAMILY', expectedCharge: '0.00', expectedCredit: false })).status).toBe(
        200,
      );
      // A centre cancellation is outside the quota.
      const third = await lesson(102);
      expect((await c.operator.get(third.url(), { by: 'CENTRE' })).body).toMatchObject({
        credit: true,
        quotaReached: false,
      });
      expect((await creditsOf(ctx.prisma, s.id)).length).toBe(1);
    } finally {
      await setPolicy(ctx.prisma, c.centre.id, DEFAULT_POLICY);
    }
  });

  it('refuses a lesson of a class not planned (409), a student not on it and another centre’s class (404)', async () => {
    const l = await lesson(-5);
    expect((await c.operator.post(`/api/schedules/${l.id}/confirm`, {})).status).toBe(200);
    expect((await c.operator.get(l.url(), { by: 'CENTRE' })).status).toBe(409);
    const other = await lesson(30);
    expect((await c.operator.get(other.url(c.students[2].id), { by: 'CENTRE' })).status).toBe(404);
    const elsewhere = await createScheduleCentre(ctx);
    expect((await elsewhere.operator.get(other.url(), { by: 'CENTRE' })).status).toBe(404);
    expect(
      (await elsewhere.operator.post(other.url(), { by: 'CENTRE', expectedCharge: '0.00', expectedCredit: true }))
        .status,
    ).toBe(404);
    expect((await line(other.id, other.students[0].id)).cancelledAt).toBeNull();
  });

  it('refuses bad input with 400 naming the field, and callers without the right with 403', async () => {
    const l = await lesson(30);
    const bad = await c.operator.get(l.url(), { by: 'NOBODY' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['by']);
    const noExpected = await c.operator.post(l.url(), { by: 'FAMILY' });
    expect(noExpected.status).toBe(400);
    expect(fieldsOf(noExpected.body)).toEqual(['expectedCharge', 'expectedCredit']);
    expect((await c.ann.caller.get(l.url(), { by: 'FAMILY' })).status).toBe(403);
    expect((await c.ann.caller.delete(l.url())).status).toBe(403);
    expect((await line(l.id, l.students[0].id)).cancelledAt).toBeNull();
  });
});

describe('the policy', () => {
  it('is read by the desk, changed by admins only (audited), refused with the field named', async () => {
    expect((await c.operator.get('/api/lessons/policy')).body).toEqual(DEFAULT_POLICY);
    const changed = { ...DEFAULT_POLICY, noticeHours: 48, lateCancelPercent: 50 };
    expect((await c.operator.put('/api/lessons/policy', changed)).status).toBe(403);
    const saved = await c.admin.put('/api/lessons/policy', changed);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(changed);
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { entityType: 'ORGANISATION', entityId: c.centre.id, action: 'UPDATE' },
      orderBy: { id: 'desc' },
    });
    expect(audit).toMatchObject({
      actorId: c.users.admin.id,
      before: { noticeHours: 24, lateCancelPercent: 100 },
      after: { noticeHours: 48, lateCancelPercent: 50 },
    });
    const bad = await c.admin.put('/api/lessons/policy', { ...changed, noticeHours: 721 });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['noticeHours']);
    expect((await c.admin.put('/api/lessons/policy', DEFAULT_POLICY)).status).toBe(200);
  });
});

describe('make-up credits', () => {
  it('are posted EXPIRED by the job once their expiry passed, once', async () => {
    const l = await lesson(50);
    expect(
      (await c.operator.post(l.url(), { by: 'TEACHER', expectedCharge: '0.00', expectedCredit: true })).status,
    ).toBe(200);
    const [credit] = await creditsOf(ctx.prisma, l.students[0].id);
    // Credits of earlier tests expire before it: this one is still available a second before its expiry.
    await expireCredits(ctx.prisma, new Date(credit.expiresAt.getTime() - 1000));
    expect((await creditsOf(ctx.prisma, l.students[0].id))[0].status).toBe('AVAILABLE');
    const later = new Date(credit.expiresAt.getTime() + 1000);
    expect(await expireCredits(ctx.prisma, later)).toBeGreaterThanOrEqual(1);
    expect(await expireCredits(ctx.prisma, later)).toBe(0);
    expect((await creditsOf(ctx.prisma, l.students[0].id))[0]).toMatchObject({
      status: 'EXPIRED',
      entries: ['GRANTED', 'EXPIRED'],
    });
  });
});

describe('a whole class cancelled', () => {
  it('keeps who and why, charges nobody and credits every student (a make-up gets its credit back)', async () => {
    const l = await lesson(-2, 2);
    const [a, b] = l.students;
    // a was already cancelled on their own (family, late): they keep that outcome, no second credit.
    await ctx.prisma.scheduleStudent.update({
      where: { scheduleId_studentId: { scheduleId: l.id, studentId: a.id } },
      data: { cancelledAt: new Date(), cancelledBy: 'FAMILY', cancelLate: true },
    });
    const [makeUpStudent] = await freshStudents(ctx.prisma, c.centre.id, 1);
    const earnedBy = await lesson(-100);
    const credit = await ctx.prisma.makeUpCredit.create({
      data: {
        organisationId: c.centre.id,
        studentId: makeUpStudent.id,
        courseId: c.course.id,
        earnedScheduleId: earnedBy.id,
        cancelledBy: 'CENTRE',
        expiresAt: inHours(500),
        status: 'USED',
        usedScheduleId: l.id,
      },
    });
    await ctx.prisma.scheduleStudent.create({
      data: { scheduleId: l.id, studentId: makeUpStudent.id, makeUpCreditId: credit.id },
    });
    const res = await c.operator.post(`/api/schedules/${l.id}/cancel`, {
      cancelledBy: 'TEACHER',
      reason: 'Teacher ill',
    });
    expect(res.status).toBe(200);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: l.id } });
    expect(row).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'TEACHER',
      cancelReason: 'Teacher ill',
      teacherPaid: false,
    });
    expect(await creditsOf(ctx.prisma, a.id)).toEqual([]);
    expect((await creditsOf(ctx.prisma, b.id)).map((cr) => [cr.status, cr.cancelledBy, cr.quotaPeriod])).toEqual([
      ['AVAILABLE', 'TEACHER', null],
    ]);
    const back = await ctx.prisma.makeUpCredit.findUniqueOrThrow({ where: { id: credit.id } });
    expect(back).toMatchObject({ status: 'AVAILABLE', usedScheduleId: null });
    for (const s of [a, b, makeUpStudent]) expect(await lessonLedger(ctx.prisma, l.id, s.id)).toEqual([]);

    // The batch: the centre by default.
    const one = await lesson(40);
    const two = await lesson(41);
    const batch = await c.operator.post('/api/schedules/batch-cancel', { ids: [one.id, two.id], reason: 'Snow day' });
    expect(batch.status).toBe(200);
    expect(batch.body.cancelled).toEqual([one.id, two.id]);
    for (const x of [one, two]) {
      expect(await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: x.id } })).toMatchObject({
        cancelledBy: 'CENTRE',
        cancelReason: 'Snow day',
      });
      expect((await creditsOf(ctx.prisma, x.students[0].id)).map((cr) => cr.cancelledBy)).toEqual(['CENTRE']);
    }
  });
});

describe('the portal', () => {
  it("cancels the guardian's own child's lesson as the family, and finds no other household's child", async () => {
    const l = await lesson(2);
    const other = await lesson(2);
    const household = await createHousehold(ctx.prisma, c.centre.id, { name: 'Lee', studentIds: [l.students[0].id] });
    const guardian = await createGuardianUser(ctx, c.centre.id, household.id);
    const url = `/api/portal/lessons/${l.id}/students/${l.students[0].id}/cancellation`;
    const preview = await guardian.caller.get(url);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ by: 'FAMILY', late: true, charge: '40.00', credit: false });
    const res = await guardian.caller.post(url, { expectedCharge: '40.00', expectedCredit: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ by: 'FAMILY', charge: '40.00' });
    expect((await line(l.id, l.students[0].id)).cancelledById).toBe(guardian.user.id);

    const theirs = `/api/portal/lessons/${other.id}/students/${other.students[0].id}/cancellation`;
    expect((await guardian.caller.get(theirs)).status).toBe(404);
    expect((await guardian.caller.post(theirs, { expectedCharge: '40.00', expectedCredit: false })).status).toBe(404);
    expect((await line(other.id, other.students[0].id)).cancelledAt).toBeNull();
    // The desk's endpoints are not the family's.
    expect((await guardian.caller.get(other.url(), { by: 'FAMILY' })).status).toBe(403);
  });
});

describe("the family's confirmation", () => {
  let queue: MessageQueue;
  let mailDir: string;
  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(tmpdir(), 'lesson-mail-'));
    queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir }));
  });
  afterAll(async () => {
    await queue.stop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('reaches each guardian by their choices, in their language, with the consequence; an SMS reply gets no second SMS', async () => {
    const l = await lesson(2);
    const household = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [l.students[0].id] });
    await createGuardian(ctx.prisma, household, FAMILY_GUARDIANS.chineseMotherWithSms());
    await createGuardian(ctx.prisma, household, FAMILY_GUARDIANS.gran);
    await createGuardian(ctx.prisma, household, FAMILY_GUARDIANS.fatherWithoutEmail);
    const result = await ctx.prisma.$transaction((tx) =>
      cancelStudentLesson(tx, {
        organisationId: c.centre.id,
        scheduleId: l.id,
        studentId: l.students[0].id,
        by: 'FAMILY',
        reason: null,
        actorUserId: c.users.operator.id,
        source: 'DESK',
        queue,
      }),
    );
    expect(result.told.families).toBe(1);
    // Sent with the household's other lesson changes, five minutes after the first (issue 37).
    await runLessonChangeDigests(ctx.prisma, queue, new Date(Date.now() + 6 * 60_000));
    const messages = await ctx.prisma.message.findMany({
      where: { template: 'lesson-cancelled', entityId: l.students[0].id },
      orderBy: { id: 'asc' },
    });
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['SMS', '+14165550142'],
      ['EMAIL', 'gran@family.test'],
    ]);
    expect(messages[0].bodyText).toContain('将收取 CA$40.00');
    expect(messages[1].bodyText).toContain('charges CA$40.00 and gives no make-up lesson.');

    const bySms = await lesson(2);
    const theirs = await createHousehold(ctx.prisma, c.centre.id, { name: 'Sms', studentIds: [bySms.students[0].id] });
    await createGuardian(ctx.prisma, theirs, FAMILY_GUARDIANS.chineseMotherWithSms());
    await ctx.prisma.$transaction((tx) =>
      cancelStudentLesson(tx, {
        organisationId: c.centre.id,
        scheduleId: bySms.id,
        studentId: bySms.students[0].id,
        by: 'FAMILY',
        reason: null,
        actorUserId: null,
        source: 'SMS',
        queue,
      }),
    );
    await runLessonChangeDigests(ctx.prisma, queue, new Date(Date.now() + 6 * 60_000));
    expect(
      await ctx.prisma.message.count({ where: { template: 'lesson-cancelled', entityId: bySms.students[0].id } }),
    ).toBe(0);
    expect((await line(bySms.id, bySms.students[0].id)).cancelledById).toBeNull();
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('concurrency (PostgreSQL)', () => {
  it('posts one outcome for 10 concurrent cancellations of one lesson', async () => {
    const l = await lesson(2, 2);
    const s = l.students[0].id;
    await setPolicy(ctx.prisma, c.centre.id, { creditOnLateCancel: true });
    try {
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          c.operator.post(l.url(), { by: 'FAMILY', expectedCharge: '40.00', expectedCredit: true }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(await lessonLedger(ctx.prisma, l.id, s)).toEqual([['CLASS_CHARGE', '-40.00']]);
      expect((await creditsOf(ctx.prisma, s)).map((cr) => cr.entries)).toEqual([['GRANTED']]);
    } finally {
      await setPolicy(ctx.prisma, c.centre.id, DEFAULT_POLICY);
    }
  });
});

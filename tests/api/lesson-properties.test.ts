// Random sequences of lesson events (issue 22): cancellations by anyone, in time or late, their undo,
// confirmations with no-shows, and reopenings, over two group classes and a one-on-one of March 2025.
// A model kept here (integer cents, the policy's words) says what each lesson owes, which credits are
// live and what the teacher earns; after each sequence the database must agree: voucher debits =
// chargeable attendances + late-cancel and no-show charges, no credit used twice or after its expiry,
// balances equal their ledgers, payroll = taught x rate + the policy's paid cancellations.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelStudentLesson, undoStudentCancellation } from '../../server/features/lessons/cancel-lesson';
import { AppError } from '../../server/http/errors';
import {
  balanceOf,
  DEFAULT_POLICY,
  freshStudents,
  freshTeacher,
  plannedLesson,
  setPolicy,
} from '../support/lesson-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
const POLICY = { ...DEFAULT_POLICY, payTeacherLateCancel: true, noShowPercent: 50, makeUpQuota: 1 };
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  await setPolicy(ctx.prisma, c.centre.id, POLICY);
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const LESSON_CENTS = 4000; // 40.00 an hour, one hour
const PAY_CENTS = 3000;

type By = 'FAMILY' | 'CENTRE' | 'TEACHER';
type Op =
  | { type: 'CANCEL'; lesson: number; student: number; by: By; late: boolean }
  | { type: 'UNDO'; lesson: number; student: number }
  | { type: 'CONFIRM'; lesson: number; noShow: number | null }
  | { type: 'REOPEN'; lesson: number };

const lessonIx = fc.integer({ min: 0, max: 2 });
const studentIx = fc.integer({ min: 0, max: 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('CANCEL' as const),
    lesson: lessonIx,
    student: studentIx,
    by: fc.constantFrom<By>('FAMILY', 'CENTRE', 'TEACHER'),
    late: fc.boolean(),
  }),
  fc.record({ type: fc.constant('UNDO' as const), lesson: lessonIx, student: studentIx }),
  fc.record({ type: fc.constant('CONFIRM' as const), lesson: lessonIx, noShow: fc.option(studentIx) }),
  fc.record({ type: fc.constant('REOPEN' as const), lesson: lessonIx }),
);

interface ModelLine {
  cancelled: null | { by: By; late: boolean; percent: number; credit: boolean };
  attendance: 'ATTENDED' | 'NO_SHOW' | null;
}
interface ModelLesson {
  id: number;
  oneOnOne: boolean;
  status: 'PLANNED' | 'COMPLETED' | 'CANCELLED';
  teacherPaid: boolean;
  startAt: Date;
  lines: Map<number, ModelLine>;
}

const refused = async (work: () => Promise<unknown>) => {
  try {
    await work();
    return false;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return true;
    throw error;
  }
};

describe('lesson event properties', () => {
  it('keep charges, credits, balances and pay in line with the policy', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const teacher = await freshTeacher(ctx.prisma, c.centre.id);
        const students = await freshStudents(ctx.prisma, c.centre.id, 2);
        const ids = students.map((s) => s.id);
        const lessons: ModelLesson[] = [];
        for (let i = 0; i < 3; i++) {
          const oneOnOne = i === 2;
          const startAt = new Date(Date.UTC(2025, 2, 3 + i, 15));
          const row = await plannedLesson(ctx.prisma, {
            organisationId: c.centre.id,
            teacherId: teacher.id,
            courseId: c.course.id,
            startAt,
            courseType: oneOnOne ? 'ONE_ON_ONE' : 'GROUP',
            paymentType: 'VOUCHER',
            studentIds: oneOnOne ? [ids[0]] : ids,
          });
          const lines = new Map<number, ModelLine>();
          for (const id of oneOnOne ? [ids[0]] : ids) lines.set(id, { cancelled: null, attendance: null });
          lessons.push({ id: row.id, oneOnOne, status: 'PLANNED', teacherPaid: false, startAt, lines });
        }
        const familyCredits = (studentId: number) =>
          lessons.filter((l) => {
            const line = l.lines.get(studentId);
            return line?.cancelled?.by === 'FAMILY' && line.cancelled.credit;
          }).length;

        for (const step of ops) {
          const lesson = lessons[step.lesson];
          if (step.type === 'CANCEL') {
            const studentId = lesson.oneOnOne ? ids[0] : ids[step.student];
            const line = lesson.lines.get(studentId) as ModelLine;
            const ok = lesson.status === 'PLANNED' && line.cancelled === null;
            const now = new Date(lesson.startAt.getTime() - (step.late ? 2 : 48) * HOUR);
            const wasRefused = await refused(() =>
              ctx.prisma.$transaction((tx) =>
                cancelStudentLesson(tx, {
                  organisationId: c.centre.id,
                  scheduleId: lesson.id,
                  studentId,
                  by: step.by,
                  reason: null,
                  actorUserId: c.users.operator.id,
                  source: 'DESK',
                  now,
                }),
              ),
            );
            expect(wasRefused, JSON.stringify(step)).toBe(!ok);
            if (!ok) continue;
            const family = step.by === 'FAMILY';
            const credit = family ? !step.late && familyCredits(studentId) < POLICY.makeUpQuota : true;
            line.cancelled = { by: step.by, late: step.late, percent: family && step.late ? 100 : 0, credit };
            if (lesson.oneOnOne) {
              lesson.status = 'CANCELLED';
              lesson.teacherPaid = family && step.late && POLICY.payTeacherLateCancel;
            }
          } else if (step.type === 'UNDO') {
            const studentId = lesson.oneOnOne ? ids[0] : ids[step.student];
            const line = lesson.lines.get(studentId) as ModelLine;
            const ok = line.cancelled !== null && lesson.status !== 'COMPLETED';
            const wasRefused = await refused(() =>
              ctx.prisma.$transaction((tx) =>
                undoStudentCancellation(tx, {
                  organisationId: c.centre.id,
                  scheduleId: lesson.id,
                  studentId,
                  actorUserId: c.users.operator.id,
                }),
              ),
            );
            expect(wasRefused, JSON.stringify(step)).toBe(!ok);
            if (!ok) continue;
            line.cancelled = null;
            if (lesson.status === 'CANCELLED') {
              lesson.status = 'PLANNED';
              lesson.teacherPaid = false;
            }
          } else if (step.type === 'CONFIRM') {
            const noShow = step.noShow === null ? null : lesson.oneOnOne ? ids[0] : ids[step.noShow];
            const res = await c.operator.post(`/api/schedules/${lesson.id}/confirm`, {
              students: noShow === null ? [] : [{ studentId: noShow, attendance: 'NO_SHOW' }],
            });
            if (lesson.status !== 'PLANNED') {
              expect(res.status, JSON.stringify(step)).toBe(409);
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            lesson.status = 'COMPLETED';
            for (const [id, line] of lesson.lines) line.attendance = id === noShow ? 'NO_SHOW' : 'ATTENDED';
          } else {
            const res = await c.operator.post(`/api/schedules/${lesson.id}/reopen`, {});
            if (lesson.status !== 'COMPLETED') {
              expect(res.status, JSON.stringify(step)).not.toBe(200);
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            lesson.status = 'PLANNED';
          }
        }

        // Voucher debits = chargeable attendances + late-cancel and no-show charges, per lesson and student.
        for (const lesson of lessons) {
          for (const [studentId, line] of lesson.lines) {
            const due = line.cancelled
              ? (LESSON_CENTS * line.cancelled.percent) / 100
              : lesson.status !== 'COMPLETED'
                ? 0
                : line.attendance === 'NO_SHOW'
                  ? (LESSON_CENTS * POLICY.noShowPercent) / 100
                  : LESSON_CENTS;
            const sum = await ctx.prisma.voucherLedgerEntry.aggregate({
              where: { scheduleId: lesson.id, studentId },
              _sum: { amount: true },
            });
            expect(Math.round(Number(sum._sum.amount ?? 0) * 100) + 0, `${lesson.id}/${studentId}`).toBe(
              due === 0 ? 0 : -due,
            );
            // Credits: live exactly for the cancelled lines that earned one.
            const credit = await ctx.prisma.makeUpCredit.findUnique({
              where: { earnedScheduleId_studentId: { earnedScheduleId: lesson.id, studentId } },
              select: { status: true, entries: { select: { kind: true } } },
            });
            const live = credit !== null && credit.status !== 'REVOKED';
            expect(live, `credit of ${lesson.id}/${studentId}`).toBe(line.cancelled?.credit ?? false);
            // No credit used twice: every USED follows a GRANTED or RETURNED.
            const kinds = credit?.entries.map((e) => e.kind) ?? [];
            expect(kinds.filter((k) => k === 'USED').length).toBeLessThanOrEqual(
              kinds.filter((k) => k === 'RETURNED').length + 1,
            );
          }
        }
        for (const id of ids) {
          const balance = await balanceOf(ctx.prisma, id);
          expect(balance.cached).toBe(balance.ledger);
        }
        // Payroll = taught x rate + the policy's paid cancellations.
        const taught = lessons.filter((l) => l.status === 'COMPLETED' || (l.status === 'CANCELLED' && l.teacherPaid));
        const review = await c.operator.get('/api/payroll/review', { month: '2025-03' });
        const row = (review.body.teachers as { teacher: { id: number }; amount: string }[]).find(
          (t) => t.teacher.id === teacher.id,
        );
        expect(Math.round(Number(row?.amount ?? 0) * 100)).toBe(taught.length * PAY_CENTS);
      }),
      { numRuns: 10 },
    );
  }, 120_000);

  it('never uses a credit after its expiry', async () => {
    const [student] = await freshStudents(ctx.prisma, c.centre.id, 1);
    const teacher = await freshTeacher(ctx.prisma, c.centre.id);
    const lesson = await plannedLesson(ctx.prisma, {
      organisationId: c.centre.id,
      teacherId: teacher.id,
      courseId: c.course.id,
      startAt: new Date(Date.UTC(2025, 2, 20, 15)),
      courseType: 'ONE_ON_ONE',
      paymentType: 'VOUCHER',
      studentIds: [student.id],
    });
    const result = await ctx.prisma.$transaction((tx) =>
      cancelStudentLesson(tx, {
        organisationId: c.centre.id,
        scheduleId: lesson.id,
        studentId: student.id,
        by: 'CENTRE',
        reason: null,
        actorUserId: null,
        source: 'DESK',
        now: new Date(Date.UTC(2025, 2, 1)),
      }),
    );
    const { useCredit } = await import('../../server/features/lessons/credits');
    const expired = await refused(() =>
      ctx.prisma.$transaction((tx) =>
        useCredit(tx, {
          creditId: result.creditId as number,
          studentId: student.id,
          scheduleId: lesson.id,
          userId: null,
        }),
      ),
    );
    expect(expired).toBe(true);
  });
});

// Random sequences of lesson events (issue 22): cancellations by anyone, in time or late, their undo,
// confirmations with no-shows, reopenings, make-up bookings with the credits earned (make-ups.ts, booked
// "on 10 March 2025": Date alone is faked around the booking, whose checks read the clock) and
// substitutions (cover/substitute.ts, through the API), over two group classes and a one-on-one of
// March 2025 and two empty group classes later that month (one with a single seat) that make-ups go
// into. A model kept here (integer cents, the policy's words) says what each lesson owes, which credits
// are live or used and for which lesson, and what each teacher earns; after each sequence the database
// must agree: voucher debits = chargeable attendances + late-cancel and no-show charges (a make-up is
// never charged), no credit used twice or after its expiry, balances equal their ledgers, payroll =
// taught x rate + the policy's paid cancellations, to the teacher who taught (the substitute, at their
// rate), not the planned one.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancelStudentLesson, undoStudentCancellation } from '../../server/features/lessons/cancel-lesson';
import { bookMakeUp } from '../../server/features/lessons/make-ups';
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
const PAY_CENTS = 3000; // the class's teacher rate, for a teacher without a rate of their own
const SUBSTITUTE_PAY_CENTS = 3500; // the substitute's own rate
/** When the make-ups are booked: after every cancellation of the sequence, before the later classes. */
const BOOKED_AT = new Date(Date.UTC(2025, 2, 10, 9));
const LESSONS = 5;
const ONE_ON_ONE = 2;
/** The later classes a make-up goes into; the last has a single seat. */
const MAKE_UP_CLASSES = [3, 4];

type By = 'FAMILY' | 'CENTRE' | 'TEACHER';
type Op =
  | { type: 'CANCEL'; lesson: number; student: number; by: By; late: boolean }
  | { type: 'UNDO'; lesson: number; student: number }
  | { type: 'CONFIRM'; lesson: number; noShow: number | null }
  | { type: 'REOPEN'; lesson: number }
  | { type: 'MAKE_UP'; student: number; pick: number; lesson: number }
  | { type: 'SUBSTITUTE'; lesson: number; teacher: number };

const lessonIx = fc.integer({ min: 0, max: LESSONS - 1 });
const studentIx = fc.integer({ min: 0, max: 1 });
// Cancellations and make-ups weigh more: a make-up needs a credit earned earlier in the sequence.
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('CANCEL' as const),
      lesson: lessonIx,
      student: studentIx,
      by: fc.constantFrom<By>('FAMILY', 'CENTRE', 'TEACHER'),
      late: fc.boolean(),
    }),
  },
  fc.record({ type: fc.constant('UNDO' as const), lesson: lessonIx, student: studentIx }),
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('CONFIRM' as const), lesson: lessonIx, noShow: fc.option(studentIx) }),
  },
  fc.record({ type: fc.constant('REOPEN' as const), lesson: lessonIx }),
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('MAKE_UP' as const),
      student: studentIx,
      pick: fc.nat({ max: 3 }),
      lesson: fc.integer({ min: ONE_ON_ONE, max: LESSONS - 1 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('SUBSTITUTE' as const),
      lesson: lessonIx,
      teacher: fc.integer({ min: 0, max: 1 }),
    }),
  },
);

interface ModelLine {
  cancelled: null | { by: By; late: boolean; percent: number; credit: boolean };
  attendance: 'ATTENDED' | 'NO_SHOW' | null;
  /** The credit (its key) that pays this make-up lesson. */
  makeUp: string | null;
  /** The make-up credit this line's cancellation gave back. */
  returned: string | null;
}
interface ModelLesson {
  id: number;
  oneOnOne: boolean;
  capacity: number | null;
  status: 'PLANNED' | 'COMPLETED' | 'CANCELLED';
  teacherPaid: boolean;
  /** Index of the teacher who teaches it (0 planned, 1 the substitute) and the pay rate it carries. */
  teacher: number;
  payCents: number;
  startAt: Date;
  lines: Map<number, ModelLine>;
}
/** A make-up credit, keyed by `<lesson index>:<student id>` of the lesson that earned it. */
interface ModelCredit {
  studentId: number;
  status: 'AVAILABLE' | 'USED';
  usedFor: number | null;
}

const refused = async (work: () => Promise<unknown>, statuses = [409]) => {
  try {
    await work();
    return false;
  } catch (error) {
    if (error instanceof AppError && statuses.includes(error.status)) return true;
    throw error;
  }
};

/** Runs `work` with Date (only) at `at`: the make-up booking compares classes and credits with the clock. */
async function bookedAt<T>(at: Date, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

describe('lesson event properties', () => {
  it('keep charges, credits, balances and pay in line with the policy', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const teachers = [await freshTeacher(ctx.prisma, c.centre.id), await freshTeacher(ctx.prisma, c.centre.id)];
        // Each teacher has a rate of their own: the planned one the class's, the substitute a higher one
        // (a planned teacher without one: see the known case below).
        await ctx.prisma.teacher.update({ where: { id: teachers[0].id }, data: { hourlyRate: '30.00' } });
        await ctx.prisma.teacher.update({ where: { id: teachers[1].id }, data: { hourlyRate: '35.00' } });
        const teacherPay = [PAY_CENTS, SUBSTITUTE_PAY_CENTS];
        const students = await freshStudents(ctx.prisma, c.centre.id, 2);
        const ids = students.map((s) => s.id);
        const lessons: ModelLesson[] = [];
        for (let i = 0; i < LESSONS; i++) {
          const oneOnOne = i === ONE_ON_ONE;
          const later = MAKE_UP_CLASSES.includes(i);
          const startAt = new Date(Date.UTC(2025, 2, later ? 17 + i : 3 + i, 15));
          const studentIds = later ? [] : oneOnOne ? [ids[0]] : ids;
          const capacity = i === LESSONS - 1 ? 1 : null;
          const row = await plannedLesson(ctx.prisma, {
            organisationId: c.centre.id,
            teacherId: teachers[0].id,
            courseId: c.course.id,
            startAt,
            courseType: oneOnOne ? 'ONE_ON_ONE' : 'GROUP',
            paymentType: 'VOUCHER',
            studentIds,
          });
          if (capacity !== null) await ctx.prisma.schedule.update({ where: { id: row.id }, data: { capacity } });
          const lines = new Map<number, ModelLine>();
          for (const id of studentIds)
            lines.set(id, { cancelled: null, attendance: null, makeUp: null, returned: null });
          lessons.push({
            id: row.id,
            oneOnOne,
            capacity,
            status: 'PLANNED',
            teacherPaid: false,
            teacher: 0,
            payCents: PAY_CENTS,
            startAt,
            lines,
          });
        }
        const credits = new Map<string, ModelCredit>();
        const creditKey = (lessonIndex: number, studentId: number) => `${lessonIndex}:${studentId}`;
        const creditId = async (key: string) => {
          const [lessonIndex, studentId] = key.split(':').map(Number);
          const row = await ctx.prisma.makeUpCredit.findUniqueOrThrow({
            where: { earnedScheduleId_studentId: { earnedScheduleId: lessons[lessonIndex].id, studentId } },
            select: { id: true },
          });
          return row.id;
        };
        const familyCredits = (studentId: number) =>
          lessons.filter((l) => {
            const line = l.lines.get(studentId);
            return line?.cancelled?.by === 'FAMILY' && line.cancelled.credit;
          }).length;

        for (const step of ops) {
          const lesson = lessons[step.lesson];
          if (step.type === 'CANCEL') {
            const studentId = lesson.oneOnOne ? ids[0] : ids[step.student];
            const line = lesson.lines.get(studentId);
            const ok = lesson.status === 'PLANNED' && line !== undefined && line.cancelled === null;
            const now = new Date(lesson.startAt.getTime() - (step.late ? 2 : 48) * HOUR);
            const wasRefused = await refused(
              () =>
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
              [404, 409],
            );
            expect(wasRefused, JSON.stringify(step)).toBe(!ok);
            if (!ok || !line) continue;
            const family = step.by === 'FAMILY';
            if (line.makeUp !== null) {
              // A make-up cancelled: nothing charged, no new credit; its credit back unless the family was late.
              line.cancelled = { by: step.by, late: step.late, percent: 0, credit: false };
              if (!(family && step.late)) {
                const back = credits.get(line.makeUp) as ModelCredit;
                back.status = 'AVAILABLE';
                back.usedFor = null;
                line.returned = line.makeUp;
                line.makeUp = null;
              }
              continue;
            }
            const credit = family ? !step.late && familyCredits(studentId) < POLICY.makeUpQuota : true;
            line.cancelled = { by: step.by, late: step.late, percent: family && step.late ? 100 : 0, credit };
            if (credit)
              credits.set(creditKey(step.lesson, studentId), { studentId, status: 'AVAILABLE', usedFor: null });
            if (lesson.oneOnOne) {
              lesson.status = 'CANCELLED';
              lesson.teacherPaid = family && step.late && POLICY.payTeacherLateCancel;
            }
          } else if (step.type === 'UNDO') {
            const studentId = lesson.oneOnOne ? ids[0] : ids[step.student];
            const line = lesson.lines.get(studentId);
            const earned = credits.get(creditKey(step.lesson, studentId));
            const ok =
              line !== undefined &&
              line.cancelled !== null &&
              lesson.status !== 'COMPLETED' &&
              earned?.status !== 'USED' &&
              (line.returned === null || credits.get(line.returned)?.status === 'AVAILABLE');
            const wasRefused = await refused(
              () =>
                ctx.prisma.$transaction((tx) =>
                  undoStudentCancellation(tx, {
                    organisationId: c.centre.id,
                    scheduleId: lesson.id,
                    studentId,
                    actorUserId: c.users.operator.id,
                    // Undone on the day make-ups are booked: a make-up credit taken again is not past its expiry.
                    now: BOOKED_AT,
                  }),
                ),
              [404, 409],
            );
            expect(wasRefused, JSON.stringify(step)).toBe(!ok);
            if (!ok || !line) continue;
            line.cancelled = null;
            if (earned) credits.delete(creditKey(step.lesson, studentId)); // revoked
            if (line.returned !== null) {
              const again = credits.get(line.returned) as ModelCredit;
              again.status = 'USED';
              again.usedFor = step.lesson;
              line.makeUp = line.returned;
              line.returned = null;
            }
            if (lesson.status === 'CANCELLED') {
              lesson.status = 'PLANNED';
              lesson.teacherPaid = false;
            }
          } else if (step.type === 'CONFIRM') {
            const absent = step.noShow === null ? null : lesson.oneOnOne ? ids[0] : ids[step.noShow];
            // A no-show only of a student in the class (a later class holds only its make-ups).
            const noShow = absent !== null && lesson.lines.has(absent) ? absent : null;
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
          } else if (step.type === 'REOPEN') {
            const res = await c.operator.post(`/api/schedules/${lesson.id}/reopen`, {});
            if (lesson.status !== 'COMPLETED') {
              expect(res.status, JSON.stringify(step)).not.toBe(200);
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            lesson.status = 'PLANNED';
          } else if (step.type === 'MAKE_UP') {
            const studentId = ids[step.student];
            const mine = [...credits].filter(([, credit]) => credit.studentId === studentId);
            if (mine.length === 0) continue;
            const [key, credit] = mine[step.pick % mine.length];
            const seatsTaken = [...lesson.lines.values()].filter((l) => l.cancelled === null).length;
            const seatFree = lesson.oneOnOne
              ? seatsTaken === 0
              : lesson.capacity === null || seatsTaken < lesson.capacity;
            const ok =
              credit.status === 'AVAILABLE' && lesson.status === 'PLANNED' && !lesson.lines.has(studentId) && seatFree;
            const id = await creditId(key);
            const auth = {
              userId: c.users.operator.id,
              login: c.users.operator.login,
              organisationId: c.centre.id,
              authorities: ['ROLE_OPERATOR' as const],
            };
            const wasRefused = await refused(
              () =>
                bookedAt(BOOKED_AT, () =>
                  bookMakeUp(ctx.prisma, auth, studentId, { creditId: id, scheduleId: lesson.id }),
                ),
              [400, 409],
            );
            expect(wasRefused, JSON.stringify({ step, credit })).toBe(!ok);
            if (!ok) continue;
            credit.status = 'USED';
            credit.usedFor = step.lesson;
            lesson.lines.set(studentId, { cancelled: null, attendance: null, makeUp: key, returned: null });
          } else {
            const res = await c.operator.post(`/api/schedules/${lesson.id}/substitute`, {
              teacherId: teachers[step.teacher].id,
            });
            if (lesson.status !== 'PLANNED' || lesson.teacher === step.teacher) {
              expect(res.status, JSON.stringify(step)).not.toBe(200);
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            lesson.teacher = step.teacher;
            lesson.payCents = teacherPay[step.teacher];
          }
        }

        // Voucher debits = chargeable attendances + late-cancel and no-show charges, per lesson and student.
        for (const lesson of lessons) {
          for (const [studentId, line] of lesson.lines) {
            const due = line.cancelled
              ? (LESSON_CENTS * line.cancelled.percent) / 100
              : line.makeUp !== null || lesson.status !== 'COMPLETED'
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
              select: {
                status: true,
                expiresAt: true,
                usedSchedule: { select: { id: true, startAt: true } },
                booking: { select: { scheduleId: true } },
                entries: { select: { kind: true } },
              },
            });
            const live = credit !== null && credit.status !== 'REVOKED';
            expect(live, `credit of ${lesson.id}/${studentId}`).toBe(line.cancelled?.credit ?? false);
            // The credit's state and the lesson it pays, as the model says; never a lesson after its expiry.
            const modelled = credits.get(creditKey(lessons.indexOf(lesson), studentId));
            if (live && modelled && credit) {
              const usedFor = modelled.usedFor === null ? null : lessons[modelled.usedFor].id;
              expect(credit.status, `credit of ${lesson.id}/${studentId}`).toBe(modelled.status);
              expect(credit.usedSchedule?.id ?? null).toBe(usedFor);
              const payingLine = [...lessons].find(
                (l) => l.lines.get(studentId)?.makeUp === creditKey(lessons.indexOf(lesson), studentId),
              );
              expect(credit.booking?.scheduleId ?? null).toBe(payingLine?.id ?? null);
              if (credit.usedSchedule)
                expect(credit.usedSchedule.startAt.getTime()).toBeLessThan(credit.expiresAt.getTime());
            }
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
        // Payroll = taught x rate + the policy's paid cancellations, to the teacher who taught.
        const review = await c.operator.get('/api/payroll/review', { month: '2025-03' });
        for (const [index, teacher] of teachers.entries()) {
          const paid = lessons.filter(
            (l) => l.teacher === index && (l.status === 'COMPLETED' || (l.status === 'CANCELLED' && l.teacherPaid)),
          );
          const row = (review.body.teachers as { teacher: { id: number }; amount: string }[]).find(
            (t) => t.teacher.id === teacher.id,
          );
          expect(Math.round(Number(row?.amount ?? 0) * 100), `teacher ${index}`).toBe(
            paid.reduce((sum, l) => sum + l.payCents, 0),
          );
        }
      }),
      {
        numRuns: Number(process.env.LESSON_PROPERTY_RUNS ?? 60),
        examples: [
          // A substitute and back: the planned teacher is paid their rate again, the substitute theirs.
          [
            [
              { type: 'SUBSTITUTE', lesson: 0, teacher: 1 },
              { type: 'SUBSTITUTE', lesson: 0, teacher: 0 },
              { type: 'SUBSTITUTE', lesson: 1, teacher: 1 },
              { type: 'CONFIRM', lesson: 0, noShow: null },
              { type: 'CONFIRM', lesson: 1, noShow: null },
            ],
          ],
          // A make-up into the single seat, cancelled in time (credit back), the seat booked again.
          [
            [
              { type: 'CANCEL', lesson: 0, student: 0, by: 'CENTRE', late: false },
              { type: 'CANCEL', lesson: 1, student: 1, by: 'FAMILY', late: false },
              { type: 'MAKE_UP', student: 0, pick: 0, lesson: 4 },
              { type: 'MAKE_UP', student: 1, pick: 0, lesson: 4 },
              { type: 'CANCEL', lesson: 4, student: 0, by: 'FAMILY', late: false },
              { type: 'MAKE_UP', student: 1, pick: 0, lesson: 4 },
              { type: 'UNDO', lesson: 4, student: 0 },
              { type: 'MAKE_UP', student: 0, pick: 0, lesson: 3 },
              { type: 'CONFIRM', lesson: 3, noShow: 0 },
              { type: 'CONFIRM', lesson: 4, noShow: null },
            ],
          ],
        ],
      },
    );
  }, 120_000);

  // Known bug (reported, not fixed: it needs a column): a substitute with a rate of their own overwrites
  // the class's teacherHourlyRate, and giving the class back to a planned teacher without a rate of
  // their own keeps the substitute's rate (the planned rate is stored nowhere), so the planned teacher
  // is paid 35.00 instead of 30.00. Marked `fails`: it starts failing once the rate is restored.
  it('pays the planned teacher without a rate of their own the class rate after a substitute and back', async () => {
    const [planned, substitute] = [
      await freshTeacher(ctx.prisma, c.centre.id),
      await freshTeacher(ctx.prisma, c.centre.id),
    ];
    await ctx.prisma.teacher.update({ where: { id: substitute.id }, data: { hourlyRate: '35.00' } });
    const [student] = await freshStudents(ctx.prisma, c.centre.id, 1);
    const lesson = await plannedLesson(ctx.prisma, {
      organisationId: c.centre.id,
      teacherId: planned.id,
      courseId: c.course.id,
      startAt: new Date(Date.UTC(2025, 2, 25, 15)),
      courseType: 'GROUP',
      paymentType: 'VOUCHER',
      studentIds: [student.id],
    });
    for (const teacher of [substitute, planned])
      expect((await c.operator.post(`/api/schedules/${lesson.id}/substitute`, { teacherId: teacher.id })).status).toBe(
        200,
      );
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: lesson.id } });
    expect(row.teacherId).toBe(planned.id);
    expect(row.teacherHourlyRate?.toFixed(2)).toBe('30.00');
  });

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

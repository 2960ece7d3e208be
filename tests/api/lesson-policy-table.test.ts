// Every combination of who cancels (family, centre, teacher) x in time or late x one-on-one or group x
// VOUCHER or TERM, under the default policy and a lenient one (half charged, a credit for a late
// cancellation, the teacher paid for it), plus the no-show at confirmation: the voucher ledger entry,
// the make-up credit and the teacher's pay in the month's payroll figures, each worked out here from
// the policy's words (40.00 an hour for the student, 30.00 for the teacher, one hour), never read back
// from the server's arithmetic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelStudentLesson } from '../../server/features/lessons/cancel-lesson';
import type { TLessonPolicy } from '../../src/contracts/lessons';
import {
  balanceOf,
  creditsOf,
  DEFAULT_POLICY,
  freshStudents,
  freshTeacher,
  lessonLedger,
  plannedLesson,
  setPolicy,
} from '../support/lesson-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

const LENIENT: TLessonPolicy = {
  ...DEFAULT_POLICY,
  lateCancelPercent: 50,
  creditOnLateCancel: true,
  payTeacherLateCancel: true,
  noShowPercent: 50,
};
const policies = { default: DEFAULT_POLICY, lenient: LENIENT } as const;
const START = new Date('2025-03-10T15:00:00Z');
const HOUR = 3_600_000;

/** The teacher's pay in March 2025's review ('0.00' when absent from it). */
async function payOf(teacherId: number) {
  const res = await c.operator.get('/api/payroll/review', { month: '2025-03' });
  expect(res.status).toBe(200);
  const row = (res.body.teachers as { teacher: { id: number }; amount: string }[]).find(
    (t) => t.teacher.id === teacherId,
  );
  return row?.amount ?? '0.00';
}

const cents = (percent: number) => ((4000 * percent) / 100 / 100).toFixed(2);

describe.each(Object.entries(policies))('the %s policy', (_name, policy) => {
  beforeAll(() => setPolicy(ctx.prisma, c.centre.id, policy));

  const cases = (['FAMILY', 'CENTRE', 'TEACHER'] as const).flatMap((by) =>
    [false, true].flatMap((late) =>
      (['ONE_ON_ONE', 'GROUP'] as const).flatMap((courseType) =>
        (['VOUCHER', 'TERM'] as const).map((paymentType) => ({ by, late, courseType, paymentType })),
      ),
    ),
  );

  it.each(cases)(
    '$by cancels, late: $late, $courseType, $paymentType',
    async ({ by, late, courseType, paymentType }) => {
      const teacher = await freshTeacher(ctx.prisma, c.centre.id);
      const students = await freshStudents(ctx.prisma, c.centre.id, courseType === 'GROUP' ? 2 : 1);
      const lesson = await plannedLesson(ctx.prisma, {
        organisationId: c.centre.id,
        teacherId: teacher.id,
        courseId: c.course.id,
        startAt: START,
        courseType,
        paymentType,
        studentIds: students.map((s) => s.id),
      });
      const now = new Date(START.getTime() - (late ? 2 : 48) * HOUR);
      const [student] = students;
      const result = await ctx.prisma.$transaction((tx) =>
        cancelStudentLesson(tx, {
          organisationId: c.centre.id,
          scheduleId: lesson.id,
          studentId: student.id,
          by,
          reason: 'Table case',
          actorUserId: c.users.operator.id,
          source: 'DESK',
          now,
        }),
      );

      // The policy in words: a family's late cancellation costs its share and earns a credit only when
      // the policy says so; in time it earns one; the centre and the teacher never charge, always credit.
      const family = by === 'FAMILY';
      const percent = family && late ? policy.lateCancelPercent : 0;
      const earns = family ? (late ? policy.creditOnLateCancel : policy.creditOnTimelyCancel) : true;
      const voucher = paymentType === 'VOUCHER';
      const oneOnOne = courseType === 'ONE_ON_ONE';
      expect(result).toMatchObject({
        late,
        charge: voucher ? cents(percent) : null,
        classCancelled: oneOnOne,
        teacherPaid: oneOnOne && family && late && policy.payTeacherLateCancel,
      });

      // A group class goes on and is taught: the others attend, the cancelled student is not charged again.
      if (!oneOnOne) expect((await c.operator.post(`/api/schedules/${lesson.id}/confirm`, {})).status).toBe(200);

      expect(await lessonLedger(ctx.prisma, lesson.id, student.id)).toEqual(
        voucher && percent ? [['CLASS_CHARGE', `-${cents(percent)}`]] : [],
      );
      if (!oneOnOne)
        expect(await lessonLedger(ctx.prisma, lesson.id, students[1].id)).toEqual(
          voucher ? [['CLASS_CHARGE', '-40.00']] : [],
        );
      const credits = await creditsOf(ctx.prisma, student.id);
      expect(credits.map((cr) => [cr.status, cr.cancelledBy, cr.earnedScheduleId, cr.entries])).toEqual(
        earns ? [['AVAILABLE', by, lesson.id, ['GRANTED']]] : [],
      );
      if (earns) {
        expect(result.creditId).toBe(credits[0].id);
        // Only a family's credit counts against the term's quota.
        expect(credits[0].quotaPeriod).toBe(family ? '2025-Q1' : null);
      }
      const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: lesson.id } });
      expect(row.status).toBe(oneOnOne ? 'CANCELLED' : 'COMPLETED');
      const taught = !oneOnOne;
      const paidCancellation = oneOnOne && family && late && policy.payTeacherLateCancel;
      expect(await payOf(teacher.id)).toBe(taught || paidCancellation ? '30.00' : '0.00');
      const balance = await balanceOf(ctx.prisma, student.id);
      expect(balance.cached).toBe(balance.ledger);
    },
  );

  it.each(['VOUCHER', 'TERM'] as const)(
    'a no-show at confirmation (%s): the policy share, no credit, the teacher paid',
    async (paymentType) => {
      const teacher = await freshTeacher(ctx.prisma, c.centre.id);
      const [student] = await freshStudents(ctx.prisma, c.centre.id, 1);
      const lesson = await plannedLesson(ctx.prisma, {
        organisationId: c.centre.id,
        teacherId: teacher.id,
        courseId: c.course.id,
        startAt: START,
        courseType: 'ONE_ON_ONE',
        paymentType,
        studentIds: [student.id],
      });
      const res = await c.operator.post(`/api/schedules/${lesson.id}/confirm`, {
        students: [{ studentId: student.id, attendance: 'NO_SHOW' }],
      });
      expect(res.status).toBe(200);
      expect(await lessonLedger(ctx.prisma, lesson.id, student.id)).toEqual(
        paymentType === 'VOUCHER' ? [['CLASS_CHARGE', `-${cents(policy.noShowPercent)}`]] : [],
      );
      expect(await creditsOf(ctx.prisma, student.id)).toEqual([]);
      expect(await payOf(teacher.id)).toBe('30.00');
    },
  );
});

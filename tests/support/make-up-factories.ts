// Make-up credits for tests (issue 22): a lesson of the student cancelled by the centre, with the credit
// it earned granted through the kernel (server/features/lessons/credits.ts), as a cancellation posts it.
import { grantCredit } from '../../server/features/lessons/credits';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { classBody, hoursFromNow, type ScheduleCentre } from './schedule-factories';

/** A class of the centre (via the API), `hours` from now, one hour long; one-on-one of students[0] unless overridden. */
export async function lessonAt(c: ScheduleCentre, hours: number, over: Parameters<typeof classBody>[1] = {}) {
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, { startAt: hoursFromNow(hours), endAt: hoursFromNow(hours + 1), ...over }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule.id as number;
}

let earned = 0;
/**
 * A make-up credit of `studentId` for `courseId` (Mathematics unless given): a one-on-one lesson of the
 * past days (each its own hour, so they never clash) whose line was cancelled by the centre, and the
 * credit it earned, expiring in `expiresInDays`.
 */
export async function grantedCredit(
  prisma: PrismaClient,
  c: ScheduleCentre,
  studentId: number,
  { courseId = c.course.id, expiresInDays = 60 } = {},
) {
  const earnedScheduleId = await lessonAt(c, -48 - 2 * ++earned, { courseId, students: [{ studentId }] });
  return prisma.$transaction(async (tx) => {
    await tx.scheduleStudent.update({
      where: { scheduleId_studentId: { scheduleId: earnedScheduleId, studentId } },
      data: { cancelledAt: new Date(), cancelledBy: 'CENTRE', cancelReason: 'Snow day' },
    });
    const credit = await grantCredit(tx, {
      organisationId: c.centre.id,
      studentId,
      courseId,
      earnedScheduleId,
      cancelledBy: 'CENTRE',
      late: false,
      quotaPeriod: null,
      expiresAt: new Date(Date.now() + expiresInDays * 86_400_000),
      userId: c.users.operator.id,
    });
    return { id: credit.id, earnedScheduleId };
  });
}

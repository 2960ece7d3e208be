// A whole class cancelled by the centre or the teacher (issue 22): never charged, and every student
// whose lesson was not already cancelled on its own earns a make-up credit outside the family quota,
// or, for a make-up booked into it, gets that make-up's credit back. Called by the class cancellation
// (one class or a batch) in its transaction, after the class's status is CANCELLED and before its
// charges are re-synced.
import type { Prisma } from '../../generated/prisma/client';
import { grantCredit, returnCredit } from './credits';
import { isLate, loadPolicy } from './policy';

type Tx = Prisma.TransactionClient;

export interface WholeClassInput {
  organisationId: number;
  scheduleIds: readonly number[];
  by: 'CENTRE' | 'TEACHER';
  actorUserId: number | null;
  now?: Date;
}

/** Grants or gives back the credits of the cancelled classes; returns how many students were credited. */
export async function creditCancelledClasses(tx: Tx, input: WholeClassInput): Promise<number> {
  const now = input.now ?? new Date();
  if (!input.scheduleIds.length) return 0;
  const policy = await loadPolicy(tx, input.organisationId);
  const classes = await tx.schedule.findMany({
    where: { id: { in: [...input.scheduleIds] }, organisationId: input.organisationId },
    select: {
      id: true,
      courseId: true,
      startAt: true,
      students: { where: { cancelledAt: null }, select: { studentId: true, makeUpCreditId: true } },
    },
    orderBy: { id: 'asc' },
  });
  let credited = 0;
  for (const row of classes) {
    const late = isLate(policy, now, row.startAt);
    for (const line of row.students) {
      if (line.makeUpCreditId !== null) {
        await returnCredit(tx, { creditId: line.makeUpCreditId, userId: input.actorUserId, now });
        // The credit is free to book another make-up (one line per credit).
        await tx.scheduleStudent.update({
          where: { scheduleId_studentId: { scheduleId: row.id, studentId: line.studentId } },
          data: { makeUpCreditId: null },
        });
      } else {
        await grantCredit(tx, {
          organisationId: input.organisationId,
          studentId: line.studentId,
          courseId: row.courseId,
          earnedScheduleId: row.id,
          cancelledBy: input.by,
          late,
          quotaPeriod: null,
          expiresAt: new Date(now.getTime() + policy.makeUpExpiryDays * 86_400_000),
          userId: input.actorUserId,
        });
      }
      credited += 1;
    }
  }
  return credited;
}

/** The fields a whole-class cancellation stores on the class. */
export async function classCancellationFields(
  tx: Tx,
  organisationId: number,
  startAt: Date,
  by: 'CENTRE' | 'TEACHER',
  reason: string | null | undefined,
  now = new Date(),
) {
  const policy = await loadPolicy(tx, organisationId);
  return {
    cancelledBy: by,
    cancelLate: isLate(policy, now, startAt),
    cancelReason: reason?.trim() || null,
    teacherPaid: false,
  };
}

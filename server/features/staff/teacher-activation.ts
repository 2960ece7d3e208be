import { DELETED_TEACHER_MESSAGE } from '../../../src/contracts/teachers';
import { recordAudit } from '../../audit/record-audit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { assertNoIncompleteSchedules } from './incomplete-schedules';
import { findTeacher, teacherAudit } from './save-teacher';
import { type SinView, teacherInclude, toTeacher } from './teacher-view';

/**
 * Activation of the teacher's login; deactivating bumps tokenVersion so their tokens stop working and
 * revokes their calendar feed.
 */
export async function setTeacherActivated(
  { prisma, auth, view }: { prisma: PrismaClient; auth: AuthContext; view: SinView },
  id: number,
  activated: boolean,
) {
  const current = await findTeacher(prisma, auth, id);
  if (current.deletedAt) {
    throw new AppError('conflict', activated ? DELETED_TEACHER_MESSAGE : 'This teacher was deleted already');
  }
  if (current.user.activated !== activated) {
    await prisma.$transaction(async (tx: Prisma.TransactionClient) => {
      const { count } = await tx.user.updateMany({
        where: { id: current.userId, activated: !activated },
        data: { activated, ...(activated ? {} : { tokenVersion: { increment: 1 } }) },
      });
      // Deactivating also revokes the calendar feed (its URL carries student names and addresses);
      // reactivating does not bring the old URL back: the teacher or the desk makes a new one.
      if (count && !activated) await tx.teacher.update({ where: { id }, data: { calendarToken: null } });
      // Only the request that made the change records it (two at once: one wins).
      if (count) {
        await recordAudit(tx, auth, [
          {
            entity: 'TEACHER',
            entityId: id,
            action: 'UPDATE',
            before: { activated: !activated },
            after: { activated },
          },
        ]);
      }
    });
  }
  const row = await prisma.teacher.findUniqueOrThrow({ where: { id }, include: teacherInclude });
  return toTeacher(row, view);
}

/** Deleting deactivates the teacher for good: it cannot be undone (spec section 4). */
export async function deleteTeacher(prisma: PrismaClient, auth: AuthContext, id: number): Promise<undefined> {
  const current = await findTeacher(prisma, auth, id);
  if (current.deletedAt) throw new AppError('conflict', 'This teacher was deleted already');
  await prisma.$transaction(async (tx: Prisma.TransactionClient) => {
    await assertNoIncompleteSchedules(tx, id);
    await tx.teacher.update({ where: { id }, data: { deletedAt: new Date(), calendarToken: null } });
    await tx.user.update({
      where: { id: current.userId },
      data: { activated: false, tokenVersion: { increment: 1 } },
    });
    await recordAudit(tx, auth, [
      {
        entity: 'TEACHER',
        entityId: id,
        action: 'DELETE',
        before: teacherAudit(current),
        after: null,
      },
    ]);
  });
  return undefined;
}

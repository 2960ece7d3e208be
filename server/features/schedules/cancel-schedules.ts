import type { z } from 'zod';
import type { TNotifyChoice } from '../../../src/contracts/class-notices';
import type { ZBatchCancelReply } from '../../../src/contracts/schedules';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import type { ServerText } from '../../i18n/text';
import type { MessageQueue } from '../../messaging/queue';
import { classCancellationFields, creditCancelledClasses } from '../lessons/class-cancellation';
import { scheduleSiteWhere } from '../locations/sites';
import { afterClassChange, classesNow, lockClass } from './class-change';
import { tellClassChange } from './class-notices';
import { recordRevisions } from './schedule-revisions';
import { scheduleSelect, toSchedule } from './schedule-view';

interface CancelOptions {
  notify?: TNotifyChoice;
  queue?: MessageQueue;
  /** Who cancels the class (issue 22): the centre unless the teacher; never charged, a credit each. */
  cancelledBy?: 'CENTRE' | 'TEACHER';
  reason?: string | null;
}

const notPlanned = (status: string): ServerText =>
  status === 'COMPLETED'
    ? 'Only a planned class can be cancelled: this one was taught and confirmed (reopen it first)'
    : 'This class was cancelled already';

/**
 * Cancels a class. A COMPLETED one (confirmed by mistake, or not held after all) keeps a revision of
 * its previous values and its voucher charges are reversed; a cancelled one is a 409. Who cancels
 * (the centre by default, or the teacher) and why are kept on the class; every student whose lesson
 * was not cancelled on its own earns a make-up credit, or gets back the credit of a make-up (issue 22).
 */
export async function cancelSchedule(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  { notify, queue, cancelledBy = 'CENTRE', reason }: CancelOptions = {},
) {
  const organisationId = organisationOf(auth);
  const { row, told } = await prisma.$transaction(async (tx) => {
    await lockClass(tx, id, organisationId);
    const before = await classesNow(tx, [id]);
    const current = before.find((r) => r.organisationId === organisationId);
    if (!current) throw notFound('Class', id);
    if (current.status === 'CANCELLED') throw new AppError('conflict', notPlanned(current.status));
    await recordRevisions(tx, [current], 'update', auth.userId);
    const fields = await classCancellationFields(tx, organisationId, current.startAt, cancelledBy, reason);
    await tx.schedule.update({ where: { id }, data: { status: 'CANCELLED', ...fields } });
    await creditCancelledClasses(tx, { organisationId, scheduleIds: [id], by: cancelledBy, actorUserId: auth.userId });
    await afterClassChange(tx, auth, {
      action: 'CANCEL',
      before: [current],
      reason: 'Class cancelled',
      notifyTeacher: notify?.teacher,
    });
    const told = await tellClassChange(tx, queue, auth, { before: [current], notify });
    return { row: await tx.schedule.findUniqueOrThrow({ where: { id }, select: scheduleSelect }), told };
  });
  return { ...toSchedule(row), told };
}

/** Cancels the selected PLANNED classes in one transaction and says, per id, why one was left as is. */
export async function cancelSchedules(
  prisma: PrismaClient,
  auth: AuthContext,
  ids: number[],
  { notify, queue, cancelledBy = 'CENTRE', reason }: CancelOptions = {},
): Promise<z.infer<typeof ZBatchCancelReply>> {
  const organisationId = organisationOf(auth);
  const unique = [...new Set(ids)];
  return prisma.$transaction(async (tx) => {
    const found = await tx.schedule.findMany({
      // Another site's class is "not found" for a site-limited operator (issue 23).
      where: { id: { in: unique }, organisationId, ...scheduleSiteWhere(auth) },
      select: { id: true, status: true },
    });
    const byId = new Map(found.map((row) => [row.id, row.status]));
    const notCancelled: { id: number; reason: string }[] = [];
    const cancelled: number[] = [];
    for (const id of unique) {
      const status = byId.get(id);
      if (!status) notCancelled.push({ id, reason: 'Not found in this centre' });
      else if (status !== 'PLANNED') notCancelled.push({ id, reason: notPlanned(status) });
      else cancelled.push(id);
    }
    let told = { teachers: 0, families: 0 };
    if (cancelled.length) {
      const before = await classesNow(tx, cancelled);
      for (const row of before) {
        const fields = await classCancellationFields(tx, organisationId, row.startAt, cancelledBy, reason);
        await tx.schedule.update({ where: { id: row.id }, data: { status: 'CANCELLED', ...fields } });
      }
      await creditCancelledClasses(tx, {
        organisationId,
        scheduleIds: cancelled,
        by: cancelledBy,
        actorUserId: auth.userId,
      });
      await afterClassChange(tx, auth, {
        action: 'CANCEL',
        before,
        reason: 'Class changed',
        notifyTeacher: notify?.teacher,
      });
      told = await tellClassChange(tx, queue, auth, { before, notify });
    }
    return { cancelled, notCancelled, told };
  });
}

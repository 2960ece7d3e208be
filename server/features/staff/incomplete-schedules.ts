import { DateTime } from 'luxon';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { t } from '../../i18n/text';

/**
 * Refuses to delete a teacher who still has incomplete (PLANNED) classes (DECISIONS.md "Schedules"):
 * 409 saying how many and the next one's date and time in the centre's zone (or, when all of them
 * are past, the earliest still awaiting confirmation). Runs in the deletion's transaction.
 */
export async function assertNoIncompleteSchedules(tx: Prisma.TransactionClient, teacherId: number): Promise<void> {
  const planned = { teacherId, status: 'PLANNED' as const };
  const count = await tx.schedule.count({ where: planned });
  if (count === 0) return;
  const now = new Date();
  const next = await tx.schedule.findFirst({
    where: { ...planned, startAt: { gte: now } },
    orderBy: { startAt: 'asc' },
    select: { startAt: true },
  });
  const earliest = next
    ? null
    : await tx.schedule.findFirst({ where: planned, orderBy: { startAt: 'asc' }, select: { startAt: true } });
  const { organisation } = await tx.teacher.findUniqueOrThrow({
    where: { id: teacherId },
    select: { organisation: { select: { timeZone: true } } },
  });
  const when = (at: Date) => DateTime.fromJSDate(at, { zone: organisation.timeZone }).toFormat('ccc d LLL yyyy HH:mm');
  const classes = count === 1 ? t('1 planned class') : t('{count} planned classes', { count });
  const which = next
    ? t('the next on {when}', { when: when(next.startAt) })
    : t('the earliest on {when}, awaiting confirmation', { when: when((earliest as { startAt: Date }).startAt) });
  throw new AppError(
    'conflict',
    t('This teacher has {classes} ({which}): cancel them or give them to another teacher first', { classes, which }),
    { errorKey: 'teacherhasclasses' },
  );
}

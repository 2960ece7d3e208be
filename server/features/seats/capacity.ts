// Seats of a class (issue 22): a student whose lesson is not cancelled takes a seat (make-up bookings
// included); a class without a capacity has no limit. Call under the class's lock (lockClass) so two
// bookings cannot both take the last seat.
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { t } from '../../i18n/text';

type Tx = Prisma.TransactionClient;

export function seatsTaken(tx: Tx, scheduleId: number): Promise<number> {
  return tx.scheduleStudent.count({ where: { scheduleId, cancelledAt: null } });
}

/** Seats still free in the class (null: no limit). */
export async function seatsFree(tx: Tx, scheduleId: number): Promise<number | null> {
  const row = await tx.schedule.findUniqueOrThrow({ where: { id: scheduleId }, select: { capacity: true } });
  if (row.capacity === null) return null;
  return Math.max(0, row.capacity - (await seatsTaken(tx, scheduleId)));
}

/** Refuses (409) one more student in a full class, unless the desk overrides the capacity. */
export async function assertSeatFree(tx: Tx, scheduleId: number, { override = false } = {}) {
  if (override) return;
  const row = await tx.schedule.findUniqueOrThrow({ where: { id: scheduleId }, select: { capacity: true } });
  if (row.capacity === null) return;
  const taken = await seatsTaken(tx, scheduleId);
  if (taken >= row.capacity)
    throw new AppError(
      'conflict',
      t('This class is full ({taken} of {capacity} seats taken)', { taken, capacity: row.capacity }),
    );
}

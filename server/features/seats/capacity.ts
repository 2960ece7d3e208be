// Seats of a class (issue 22): a student whose lesson is not cancelled takes a seat (make-up bookings
// included); a class without a capacity has no limit. Call under the class's lock (lockClass) so two
// bookings cannot both take the last seat.
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { t } from '../../i18n/text';
import { centreTimeZone } from '../schedules/list-schedules';
import { localParts } from '../schedules/series-expansion';

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

/** Seats taken in each of the classes (students whose lesson is not cancelled). */
export async function seatsTakenOf(tx: Tx, scheduleIds: number[]): Promise<Map<number, number>> {
  const rows = await tx.scheduleStudent.groupBy({
    by: ['scheduleId'],
    where: { scheduleId: { in: scheduleIds }, cancelledAt: null },
    _count: { _all: true },
  });
  return new Map(scheduleIds.map((id) => [id, rows.find((r) => r.scheduleId === id)?._count._all ?? 0]));
}

/** The 409 of a class enrolled beyond its seats, naming the class (course, local day and time). */
export async function overCapacity(
  tx: Tx,
  organisationId: number,
  klass: { courseName: string; startAt: Date },
  taken: number,
  capacity: number,
) {
  const { date, time } = localParts(klass.startAt, await centreTimeZone(tx, organisationId));
  return new AppError(
    'conflict',
    t('{course} on {date} at {time} has {capacity} seats: {taken} students would take them', {
      course: klass.courseName,
      date,
      time,
      capacity,
      taken,
    }),
    { errorKey: 'overCapacity' },
  );
}

/**
 * After an enrolment change of `scheduleIds`: refuses (409 naming the first class) a class with more
 * seats taken than it has, unless overridden. `before` (seats taken before the change, capacity before)
 * lets an edit that neither adds a student nor lowers the capacity through (a class already overfilled
 * by an override stays editable).
 */
export async function assertEnrolmentFits(
  tx: Tx,
  organisationId: number,
  scheduleIds: number[],
  {
    override = false,
    before,
  }: { override?: boolean; before?: Map<number, { taken: number; capacity: number | null }> } = {},
) {
  if (override || scheduleIds.length === 0) return;
  const classes = await tx.schedule.findMany({
    where: { id: { in: scheduleIds }, capacity: { not: null } },
    select: { id: true, capacity: true, startAt: true, course: { select: { name: true } } },
    orderBy: { startAt: 'asc' },
  });
  if (classes.length === 0) return;
  const taken = await seatsTakenOf(
    tx,
    classes.map((c) => c.id),
  );
  for (const c of classes) {
    const now = taken.get(c.id) ?? 0;
    const capacity = c.capacity as number;
    if (now <= capacity) continue;
    const was = before?.get(c.id);
    if (was && now <= was.taken && was.capacity !== null && capacity >= was.capacity) continue;
    throw await overCapacity(tx, organisationId, { courseName: c.course.name, startAt: c.startAt }, now, capacity);
  }
}

import type { Prisma } from '../../generated/prisma/client';
import { addDays, localParts, type Occurrence } from './series-expansion';

/**
 * The start instants of the classes a teacher is not available for: outside every weekly window (read
 * as local wall clock in `zone`) or overlapping a time off. A teacher without any window has not set
 * their availability, which is no reason to warn. A warning only: the class is saved all the same.
 */
export async function outsideAvailability(
  db: Prisma.TransactionClient,
  teacherId: number,
  classes: Occurrence[],
  zone: string,
): Promise<string[]> {
  if (classes.length === 0) return [];
  const first = Math.min(...classes.map((c) => c.startAt.getTime()));
  const last = Math.max(...classes.map((c) => c.endAt.getTime()));
  // One after the other: `db` may be a transaction's client, which runs one query at a time (pg
  // deprecates overlapping queries on one client).
  const windows = await db.teacherAvailability.findMany({
    where: { teacherId },
    select: { weekday: true, startTime: true, endTime: true },
  });
  const timeOff = await db.teacherTimeOff.findMany({
    where: { teacherId, startAt: { lt: new Date(last) }, endAt: { gt: new Date(first) } },
    select: { startAt: true, endAt: true },
  });
  const inWindow = (c: Occurrence) => {
    const start = localParts(c.startAt, zone);
    const end = localParts(c.endAt, zone);
    // A class ending at midnight ends at '24:00' of its own day.
    const endTime =
      end.date === start.date ? end.time : end.time === '00:00' && end.date === addDays(start.date, 1) ? '24:00' : null;
    if (endTime === null) return false;
    return windows.some((w) => w.weekday === start.weekday && w.startTime <= start.time && endTime <= w.endTime);
  };
  const offDuty = (c: Occurrence) => timeOff.some((t) => t.startAt < c.endAt && t.endAt > c.startAt);
  return classes.filter((c) => (windows.length > 0 && !inWindow(c)) || offDuty(c)).map((c) => c.startAt.toISOString());
}

// What the schedule downloads read: the centre's classes starting in a range of days (in the centre's
// zone), filtered as the table view filters, in start order, fetched in batches so that a month of a
// large centre is never held in memory at once.
import type { TScheduleFilters } from '../../../src/contracts/schedules';
import type { Prisma } from '../../generated/prisma/client';
import { endOfDayIn, startOfDayIn, wallClockIn } from '../courses/zoned-dates';

/** Rows read per query while a file is written. */
export const DOWNLOAD_BATCH = 500;

export type DownloadFilters = Omit<TScheduleFilters, 'from' | 'to'>;

/**
 * Classes of the centre starting on the days `from`..`to` (inclusive, centre's zone) that match the
 * filters; `sites` (a site-limited operator's locations, issue 23) keeps those at the sites only.
 */
export function downloadWhere(
  organisationId: number,
  timeZone: string,
  from: string,
  to: string,
  filters: DownloadFilters,
  sites: number[] | null = null,
): Prisma.ScheduleWhereInput {
  const atSites = sites ? [{ locationId: { in: sites } }] : [];
  const atLocation = filters.locationId ? [{ locationId: filters.locationId }] : [];
  return {
    organisationId,
    ...(atSites.length || atLocation.length ? { AND: [...atSites, ...atLocation] } : {}),
    roomId: filters.roomId,
    startAt: { gte: startOfDayIn(from, timeZone), lt: endOfDayIn(to, timeZone) },
    status: filters.status,
    teacherId: filters.teacherId,
    courseId: filters.courseId,
    notificationStatus: filters.notificationStatus,
    ...(filters.studentId ? { students: { some: { studentId: filters.studentId } } } : {}),
  };
}

/** `where`, limited to the classes after `last` in (startAt, id) order. */
function after(where: Prisma.ScheduleWhereInput, last: { startAt: Date; id: number } | undefined) {
  if (!last) return where;
  return { AND: [where, { OR: [{ startAt: { gt: last.startAt } }, { startAt: last.startAt, id: { gt: last.id } }] }] };
}

/** Start order, then id: the order of every download and of its keyset cursor. */
export const startOrder = [{ startAt: 'asc' }, { id: 'asc' }] satisfies Prisma.ScheduleOrderByWithRelationInput[];

/**
 * The matching classes in start order, `DOWNLOAD_BATCH` at a time with a keyset cursor on
 * (startAt, id), which the (organisationId, startAt, id) index serves: `read` is given the batch's
 * where. The first batch is read before this resolves, so that a database failure is still an
 * ordinary error reply rather than a cut file.
 */
export async function scheduleBatches<Row extends { startAt: Date; id: number }>(
  where: Prisma.ScheduleWhereInput,
  read: (where: Prisma.ScheduleWhereInput, take: number) => Promise<Row[]>,
): Promise<AsyncIterable<Row>> {
  const first = await read(where, DOWNLOAD_BATCH);
  return {
    async *[Symbol.asyncIterator]() {
      let batch = first;
      while (batch.length > 0) {
        yield* batch;
        if (batch.length < DOWNLOAD_BATCH) return;
        batch = await read(after(where, batch[batch.length - 1]), DOWNLOAD_BATCH);
      }
    },
  };
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar day of `instant` in `timeZone`, 'YYYY-MM-DD'. */
export function localDate(instant: Date, timeZone: string): string {
  return wallClockIn(instant, timeZone).toISOString().slice(0, 10);
}

/** The English weekday name of `instant` in `timeZone` ("Monday"). */
export function localWeekday(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(instant);
}

/** Hours between two instants as a number with up to 2 decimals (1.5 for 90 minutes). */
export function hoursBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 36_000) / 100;
}

/** A person's name as "First Last". */
export function personName(person: { firstName: string | null; lastName: string | null }, fallback = ''): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || fallback;
}

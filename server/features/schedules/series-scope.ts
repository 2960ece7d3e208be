import type { TEditScope } from '../../../src/contracts/schedules';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { notFound } from '../../http/tenancy';
import { type RevisionRow, revisionSelect } from './schedule-revisions';
import { addDays, atLocal, daysBetween, localParts } from './series-expansion';

type Db = Prisma.TransactionClient;

export const targetSelect = {
  ...revisionSelect,
  seriesId: true,
  series: { select: { timeZone: true } },
} as const satisfies Prisma.ScheduleSelect;
export type TargetRow = RevisionRow & { seriesId: number | null; series: { timeZone: string } | null };

/** The class being edited, of the caller's centre (404 otherwise); a cancelled class stays as it is. */
export async function editedClass(db: Db, organisationId: number, id: number): Promise<TargetRow> {
  // Edits of one series wait for each other (issue 20, finding 5: three identical "all" edits at once
  // deadlocked on PostgreSQL): the series row is locked first, then the class, in that order by every
  // edit, so their later row locks never cross.
  await db.$queryRaw`
    SELECT s."id" FROM "ScheduleSeries" s JOIN "Schedule" c ON c."seriesId" = s."id"
    WHERE c."id" = ${id} AND c."organisationId" = ${organisationId} FOR NO KEY UPDATE OF s`;
  await db.$queryRaw`SELECT "id" FROM "Schedule" WHERE "id" = ${id} AND "organisationId" = ${organisationId} FOR NO KEY UPDATE`;
  const row = await db.schedule.findFirst({ where: { id, organisationId }, select: targetSelect });
  if (!row) throw notFound('Class', id);
  if (row.status === 'CANCELLED') throw new AppError('conflict', 'A cancelled class cannot be changed');
  return row;
}

/**
 * The classes a change with `scope` applies to: the edited class first, then for 'following' the
 * PLANNED classes of its series starting after it, for 'all' every PLANNED class of its series. Taught
 * (COMPLETED) and cancelled classes of a series keep their times and fields; only the class edited
 * itself may be a completed one.
 */
export async function scopeTargets(db: Db, current: TargetRow, scope: TEditScope): Promise<TargetRow[]> {
  if (scope === 'this' || current.seriesId === null) return [current];
  const others = await db.schedule.findMany({
    where: {
      seriesId: current.seriesId,
      status: 'PLANNED',
      id: { not: current.id },
      ...(scope === 'following' ? { startAt: { gt: current.startAt } } : {}),
    },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: targetSelect,
  });
  return [current, ...others];
}

/**
 * The new times of each target when the edited class moves from its times to [startAt, endAt): the
 * edited class takes them as given; every other class keeps its own local day, shifted by as many
 * whole local days as the edited class moved, at the new local wall-clock start and end times. So
 * "every Monday 16:00 becomes every Tuesday 17:00" holds across daylight-saving changes.
 */
export function retime(targets: TargetRow[], startAt: Date, endAt: Date, zone: string) {
  const [current] = targets;
  const before = localParts(current.startAt, zone);
  const start = localParts(startAt, zone);
  const end = localParts(endAt, zone);
  const dayShift = daysBetween(before.date, start.date);
  const endDays = daysBetween(start.date, end.date);
  return targets.map((row) => {
    if (row.id === current.id) return { startAt, endAt };
    const day = addDays(localParts(row.startAt, zone).date, dayShift);
    return { startAt: atLocal(day, start.time, zone), endAt: atLocal(addDays(day, endDays), end.time, zone) };
  });
}

/** Whether the class's times change. */
export const timesChange = (row: { startAt: Date; endAt: Date }, startAt: Date, endAt: Date) =>
  row.startAt.getTime() !== startAt.getTime() || row.endAt.getTime() !== endAt.getTime();

export interface NewTimes {
  id: number;
  startAt: Date;
  endAt: Date;
  teacherStartAt: Date;
  teacherEndAt: Date;
}

/** Writes each class's new times in one statement (a series of 400 is one round trip, not 400). */
export async function saveTimes(db: Db, rows: NewTimes[]) {
  if (rows.length === 0) return;
  const iso = (pick: (r: NewTimes) => Date) => rows.map((r) => pick(r).toISOString());
  await db.$executeRaw`
    UPDATE "Schedule" AS s
    SET "startAt" = u.s::timestamptz, "endAt" = u.e::timestamptz,
        "teacherStartAt" = u.ts::timestamptz, "teacherEndAt" = u.te::timestamptz, "updatedAt" = now()
    FROM unnest(${rows.map((r) => r.id)}::int[], ${iso((r) => r.startAt)}::text[], ${iso((r) => r.endAt)}::text[],
                ${iso((r) => r.teacherStartAt)}::text[], ${iso((r) => r.teacherEndAt)}::text[]) AS u(id, s, e, ts, te)
    WHERE s.id = u.id`;
}

/** Records an operator's override, with its reason, on the classes saved over a clash. */
export async function markOverridden(db: Db, ids: number[], reason: string | undefined) {
  if (ids.length === 0 || reason === undefined) return;
  await db.schedule.updateMany({
    where: { id: { in: ids } },
    data: { conflictOverride: true, conflictReason: reason },
  });
}

import type { TPayrollBlocker } from '../../../src/contracts/payroll';
import { Prisma } from '../../generated/prisma/client';
import { paidClassSql } from '../money/class-amounts';
import type { MonthRange } from './months';

type Db = Prisma.TransactionClient;

/** At most this many blockers of each kind are listed; the count covers all of them. */
export const BLOCKER_LIST_LIMIT = 500;

/** The teacher's display name, as personName() builds it (first and last name, else the login). */
export const teacherNameSql = Prisma.sql`COALESCE(NULLIF(TRIM(CONCAT_WS(' ', NULLIF(u."firstName", ''), NULLIF(u."lastName", ''))), ''), u."login")`;

/** Classes of the month (by the teacher start's local month) of the centre, alias `s`. */
export const inMonthSql = (organisationId: number, range: MonthRange) =>
  Prisma.sql`s."organisationId" = ${organisationId} AND s."teacherStartAt" >= ${range.start} AND s."teacherStartAt" < ${range.end}`;

interface ClassRow {
  id: number;
  teacherId: number;
  teacherName: string;
  teacherStartAt: Date;
  course: string;
  total: number;
}

const blocker = (kind: TPayrollBlocker['kind'], teacherId: number, teacherName: string): TPayrollBlocker => ({
  kind,
  teacher: { id: teacherId, name: teacherName },
  scheduleId: null,
  startAt: null,
  course: null,
  rates: [],
  rateChanges: [],
  revisions: 0,
  actions: [],
  changedAt: null,
});

const classBlocker = (kind: TPayrollBlocker['kind'], row: ClassRow): TPayrollBlocker => ({
  ...blocker(kind, row.teacherId, row.teacherName),
  scheduleId: row.id,
  startAt: row.teacherStartAt.toISOString(),
  course: row.course,
});

/**
 * What blocks a clean close of an open month: its classes still PLANNED; teachers whose completed
 * classes carry more than one hourly rate or whose hourly rate was changed inside the month (the
 * audit); classes changed after they were completed (their ScheduleRevision rows: every change to a
 * completed class keeps one). `updatedAt` is not used: sending a class's feedback email touches it.
 */
export async function findBlockers(db: Db, organisationId: number, range: MonthRange) {
  const inMonth = inMonthSql(organisationId, range);
  const joins = Prisma.sql`JOIN "Course" c ON c."id" = s."courseId"
    JOIN "Teacher" t ON t."id" = s."teacherId" JOIN "User" u ON u."id" = t."userId"`;
  const unconfirmed = await db.$queryRaw<ClassRow[]>`
    SELECT s."id", s."teacherId", ${teacherNameSql} AS "teacherName", s."teacherStartAt", c."name" AS "course",
           (COUNT(*) OVER ())::int AS "total"
    FROM "Schedule" s ${joins}
    WHERE ${inMonth} AND s."status" = 'PLANNED'
    ORDER BY s."teacherStartAt", s."id" LIMIT ${BLOCKER_LIST_LIMIT}`;
  const mixedRates = await db.$queryRaw<{ teacherId: number; teacherName: string; rates: (string | null)[] }[]>`
    SELECT s."teacherId", MIN(${teacherNameSql}) AS "teacherName",
           array_agg(DISTINCT s."teacherHourlyRate"::text) AS "rates"
    FROM "Schedule" s JOIN "Teacher" t ON t."id" = s."teacherId" JOIN "User" u ON u."id" = t."userId"
    WHERE ${inMonth} AND ${paidClassSql}
    GROUP BY s."teacherId"
    HAVING COUNT(DISTINCT COALESCE(s."teacherHourlyRate"::text, '')) > 1
    ORDER BY s."teacherId"`;
  const rateChanges = await db.$queryRaw<
    { teacherId: number; teacherName: string; at: Date; from: string | null; to: string | null }[]
  >`
    SELECT a."entityId" AS "teacherId", ${teacherNameSql} AS "teacherName", a."at",
           a."before" ->> 'hourlyRate' AS "from", a."after" ->> 'hourlyRate' AS "to"
    FROM "AuditEvent" a
    JOIN "Teacher" t ON t."id" = a."entityId" AND t."organisationId" = a."organisationId"
    JOIN "User" u ON u."id" = t."userId"
    WHERE a."organisationId" = ${organisationId} AND a."entityType" = 'TEACHER' AND a."action" = 'UPDATE'
      AND a."at" >= ${range.start} AND a."at" < ${range.end} AND (a."after" -> 'hourlyRate') IS NOT NULL
    ORDER BY a."at", a."id"`;
  const changed = await db.$queryRaw<(ClassRow & { revisions: number; actions: string[]; changedAt: Date })[]>`
    SELECT s."id", s."teacherId", MIN(${teacherNameSql}) AS "teacherName", s."teacherStartAt", MIN(c."name") AS "course",
           COUNT(r."id")::int AS "revisions", array_agg(DISTINCT r."action") AS "actions",
           MAX(r."changedAt") AS "changedAt", (COUNT(*) OVER ())::int AS "total"
    FROM "ScheduleRevision" r JOIN "Schedule" s ON s."id" = r."scheduleId" ${joins}
    WHERE ${inMonth} AND s."status" <> 'PLANNED'
    GROUP BY s."id"
    ORDER BY s."teacherStartAt", s."id" LIMIT ${BLOCKER_LIST_LIMIT}`;

  const rateBlockers = new Map<number, TPayrollBlocker>();
  const rateBlocker = (teacherId: number, teacherName: string) => {
    let found = rateBlockers.get(teacherId);
    if (!found) {
      found = blocker('RATE_CHANGE', teacherId, teacherName);
      rateBlockers.set(teacherId, found);
    }
    return found;
  };
  for (const row of mixedRates) {
    rateBlocker(row.teacherId, row.teacherName).rates = [...row.rates].sort((a, b) =>
      a === null ? -1 : b === null ? 1 : Number(a) - Number(b),
    );
  }
  for (const row of rateChanges) {
    rateBlocker(row.teacherId, row.teacherName).rateChanges.push({
      at: row.at.toISOString(),
      from: row.from,
      to: row.to,
    });
  }
  const blockers: TPayrollBlocker[] = [
    ...unconfirmed.map((row) => classBlocker('UNCONFIRMED_CLASS', row)),
    ...[...rateBlockers.values()].sort((a, b) => a.teacher.name.localeCompare(b.teacher.name)),
    ...changed.map((row) => ({
      ...classBlocker('CHANGED_AFTER_CONFIRMATION', row),
      revisions: row.revisions,
      actions: [...row.actions].sort(),
      changedAt: row.changedAt.toISOString(),
    })),
  ];
  const count = (unconfirmed[0]?.total ?? 0) + rateBlockers.size + (changed[0]?.total ?? 0);
  return { blockers, count };
}

/** One line per blocker, for the 409 of a close that did not acknowledge them. */
export function describeBlocker(b: TPayrollBlocker): string {
  const day = b.startAt?.slice(0, 10);
  if (b.kind === 'UNCONFIRMED_CLASS') return `class ${b.scheduleId} (${day}, ${b.teacher.name}) is not confirmed`;
  if (b.kind === 'CHANGED_AFTER_CONFIRMATION')
    return `class ${b.scheduleId} (${day}, ${b.teacher.name}) was changed after confirmation`;
  const rates = b.rates.length ? `classes at ${b.rates.map((r) => r ?? 'no rate').join(', ')}` : '';
  const changes = b.rateChanges.map((c) => `${c.from ?? 'none'} to ${c.to ?? 'none'} on ${c.at.slice(0, 10)}`);
  return `${b.teacher.name}'s hourly rate changed in the month (${[rates, ...changes].filter(Boolean).join('; ')})`;
}

// The lines of the teacher salary report, in SQL. For a range of the centre's calendar days:
//  - CLASS: a COMPLETED class whose teacher start falls in the range, in a month that is not closed:
//    teacher pay = ROUND(rate x minutes / 60, 2) (money/class-amounts.ts);
//  - CLOSED: a payroll line of a closed month (the snapshot of what was paid), start in the range;
//  - ADJUSTMENT: a change to a class of a closed month, posted to the open month `periodStart` (the
//    first day of that month) when periodStart is in the range.
// A class belongs to the month of its teacher start's local date. A class paid in a closed month and
// moved since into an open one is paid by the open month like any of its classes: the move posted an
// adjustment taking the closed line's pay back (payroll/payroll-sync.ts), so it is paid once, as the
// payroll close of the open month counts it. Totals are one aggregate over these
// lines (GROUP BY ROLLUP per teacher); pages and files read the lines in one order: teacher name,
// teacher, time, kind, id.
import type { TSalaryLine, TSalaryTotals } from '../../../src/contracts/reports';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { toDbDate } from '../../http/list';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { paidClassSql, teacherHoursSql, teacherPaySql } from '../money/class-amounts';

export interface SalaryScope {
  organisationId: number;
  timeZone: string;
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
  /** Only these teachers' lines (all teachers when left out). */
  teacherIds?: number[];
  /** Only the lines of classes at these locations (every class, with or without one, when left out). */
  locationIds?: number[];
}

const SOURCES = { 1: 'CLASS', 2: 'CLOSED', 3: 'ADJUSTMENT' } as const;

const teacherName = Prisma.sql`COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u."firstName", u."lastName")), ''), u.login)`;

/** The closed months that overlap the range, as instants [from, until) on the centre's clock. */
async function closedSpans(prisma: PrismaClient, scope: SalaryScope) {
  const periods = await prisma.payrollPeriod.findMany({
    where: {
      organisationId: scope.organisationId,
      startDate: { lte: toDbDate(scope.to) ?? undefined },
      endDate: { gte: toDbDate(scope.from) ?? undefined },
    },
    select: { startDate: true, endDate: true },
  });
  return periods.map((p) => ({
    from: startOfDayIn(p.startDate.toISOString().slice(0, 10), scope.timeZone).toISOString(),
    until: endOfDayIn(p.endDate.toISOString().slice(0, 10), scope.timeZone).toISOString(),
  }));
}

/** `WITH lines AS (...)`: every line of the scope. */
async function linesCte(prisma: PrismaClient, scope: SalaryScope): Promise<Prisma.Sql> {
  const fromAt = startOfDayIn(scope.from, scope.timeZone).toISOString();
  const untilAt = endOfDayIn(scope.to, scope.timeZone).toISOString();
  const org = scope.organisationId;
  const teacher = (column: Prisma.Sql) =>
    scope.teacherIds === undefined ? Prisma.empty : Prisma.sql`AND ${column} = ANY(${scope.teacherIds}::int[])`;
  const spans = await closedSpans(prisma, scope);
  const inClosedMonth = spans.length
    ? Prisma.join(
        spans.map(
          (span) =>
            Prisma.sql`(s."teacherStartAt" >= ${span.from}::timestamptz AND s."teacherStartAt" < ${span.until}::timestamptz)`,
        ),
        ' OR ',
      )
    : Prisma.sql`FALSE`;
  const atLocation =
    scope.locationIds === undefined
      ? Prisma.empty
      : Prisma.sql`WHERE a."locationId" = ANY(${scope.locationIds}::int[])`;
  // Each line carries its class's location (now: a closed line of a class moved since follows the class).
  return Prisma.sql`WITH all_lines AS (
    SELECT 1 AS kind, s."locationId", s.id AS "refId", s.id AS "scheduleId", s."teacherId",
      s."teacherStartAt" AS "sortAt", s."teacherStartAt" AS "startAt", s."teacherEndAt" AS "endAt",
      ${teacherHoursSql} AS hours, s."teacherHourlyRate" AS rate, ${teacherPaySql} AS amount, NULL::text AS reason
    FROM "Schedule" s
    WHERE s."organisationId" = ${org}::int AND ${paidClassSql}
      AND s."teacherStartAt" >= ${fromAt}::timestamptz AND s."teacherStartAt" < ${untilAt}::timestamptz
      ${teacher(Prisma.sql`s."teacherId"`)}
      AND NOT (${inClosedMonth})
    UNION ALL
    SELECT 2, s."locationId", l.id, l."scheduleId", l."teacherId", l."startAt", l."startAt",
      l."startAt" + make_interval(mins => ROUND(l.hours * 60)::int), l.hours, l.rate, l.amount, NULL
    FROM "PayrollLine" l JOIN "PayrollPeriod" p ON p.id = l."periodId" JOIN "Schedule" s ON s.id = l."scheduleId"
    WHERE p."organisationId" = ${org}::int
      AND p."startDate" <= ${scope.to}::date AND p."endDate" >= ${scope.from}::date
      AND l."startAt" >= ${fromAt}::timestamptz AND l."startAt" < ${untilAt}::timestamptz
      ${teacher(Prisma.sql`l."teacherId"`)}
    UNION ALL
    SELECT 3, s."locationId", a.id, a."scheduleId", a."teacherId", a."periodStart"::timestamp AT TIME ZONE ${scope.timeZone}::text,
      s."teacherStartAt", s."teacherEndAt", a.hours, NULL::numeric, a.amount, a.reason
    FROM "PayrollAdjustment" a JOIN "Schedule" s ON s.id = a."scheduleId"
    WHERE a."organisationId" = ${org}::int
      AND a."periodStart" >= ${scope.from}::date AND a."periodStart" <= ${scope.to}::date
      ${teacher(Prisma.sql`a."teacherId"`)}
  ),
  lines AS (SELECT * FROM all_lines a ${atLocation})`;
}

interface TotalsRow {
  teacherId: number | null;
  name: string | null;
  lines: number;
  hours: string;
  amount: string;
}

export interface SalaryTotals {
  totals: TSalaryTotals;
  teachers: (TSalaryTotals & { teacher: { id: number; name: string } })[];
}

/** Per teacher (by name) and overall, in one aggregate pass over the lines. */
export async function salaryTotals(prisma: PrismaClient, scope: SalaryScope): Promise<SalaryTotals> {
  const rows = await prisma.$queryRaw<TotalsRow[]>`${await linesCte(prisma, scope)}
    SELECT x."teacherId", ${teacherName} AS name, count(*)::int AS lines,
      ROUND(COALESCE(sum(x.hours), 0), 2)::text AS hours,
      ROUND(COALESCE(sum(x.amount), 0), 2)::text AS amount
    FROM lines x JOIN "Teacher" t ON t.id = x."teacherId" JOIN "User" u ON u.id = t."userId"
    GROUP BY ROLLUP ((x."teacherId", u."firstName", u."lastName", u.login))
    ORDER BY GROUPING(x."teacherId"), lower(${teacherName}), x."teacherId"`;
  const overall = rows.find((r) => r.teacherId === null);
  const figures = (r: TotalsRow | undefined) => ({
    lines: r?.lines ?? 0,
    hours: r?.hours ?? '0.00',
    amount: r?.amount ?? '0.00',
  });
  return {
    totals: figures(overall),
    teachers: rows
      .filter((r) => r.teacherId !== null)
      .map((r) => ({ teacher: { id: Number(r.teacherId), name: r.name ?? '' }, ...figures(r) })),
  };
}

/** Teacher pay per class location (null: classes with no location), over the same lines as the totals. */
export async function salaryByLocation(
  prisma: PrismaClient,
  scope: SalaryScope,
): Promise<{ locationId: number | null; amount: string }[]> {
  return prisma.$queryRaw`${await linesCte(prisma, scope)}
    SELECT x."locationId", ROUND(COALESCE(sum(x.amount), 0), 2)::text AS amount
    FROM lines x GROUP BY x."locationId"`;
}

interface LineRow {
  kind: 1 | 2 | 3;
  scheduleId: number;
  teacherId: number;
  teacherName: string;
  date: string;
  classDate: string;
  startAt: Date;
  endAt: Date;
  courseId: number;
  courseName: string;
  students: number;
  hours: string;
  rate: string | null;
  amount: string;
  reason: string | null;
}

export type SalaryLine = Omit<TSalaryLine, 'id' | 'startAt' | 'endAt'> & { startAt: Date; endAt: Date };

/** Lines in report order, `take` from `skip` (all of them when take is left out). */
export async function salaryLines(
  prisma: PrismaClient,
  scope: SalaryScope,
  { skip = 0, take }: { skip?: number; take?: number } = {},
): Promise<SalaryLine[]> {
  const limit = take === undefined ? Prisma.empty : Prisma.sql`LIMIT ${take}::int OFFSET ${skip}::int`;
  const order = Prisma.sql`lower(o."teacherName"), o."teacherId", o."sortAt", o.kind, o."refId"`;
  const rows = await prisma.$queryRaw<LineRow[]>`${await linesCte(prisma, scope)},
    ordered AS (
      SELECT x.*, ${teacherName} AS "teacherName"
      FROM lines x JOIN "Teacher" t ON t.id = x."teacherId" JOIN "User" u ON u.id = t."userId"
    ),
    page AS (SELECT o.* FROM ordered o ORDER BY ${order} ${limit})
    SELECT o.kind, o."scheduleId", o."teacherId", o."teacherName",
      to_char(o."sortAt" AT TIME ZONE ${scope.timeZone}::text, 'YYYY-MM-DD') AS date,
      to_char(o."startAt" AT TIME ZONE ${scope.timeZone}::text, 'YYYY-MM-DD') AS "classDate",
      o."startAt", o."endAt", c.id AS "courseId", c.name AS "courseName",
      (SELECT count(*)::int FROM "ScheduleStudent" ss WHERE ss."scheduleId" = o."scheduleId") AS students,
      o.hours::numeric(14, 2)::text AS hours, o.rate::numeric(14, 2)::text AS rate,
      o.amount::numeric(14, 2)::text AS amount, o.reason
    FROM page o JOIN "Schedule" s ON s.id = o."scheduleId" JOIN "Course" c ON c.id = s."courseId"
    ORDER BY ${order}`;
  return rows.map((r) => ({
    source: SOURCES[r.kind],
    teacher: { id: r.teacherId, name: r.teacherName },
    date: r.date,
    scheduleId: r.scheduleId,
    classDate: r.classDate,
    startAt: new Date(r.startAt),
    endAt: new Date(r.endAt),
    course: { id: r.courseId, name: r.courseName },
    students: r.students,
    hours: r.hours,
    rate: r.rate,
    amount: r.amount,
    reason: r.reason,
  }));
}

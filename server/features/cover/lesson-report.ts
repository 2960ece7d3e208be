// The lesson-policy report of /report (issue 22). Every student line of a class starting in the
// centre's local days from..to is an event when it was cancelled (the line's own cancellation, else the
// whole class's) or marked NO_SHOW; they are counted per local month, student and teacher (the class's
// teacher: the substitute when one taught). Make-up credits outstanding are those AVAILABLE and not
// expired now, each valued at what its earning lesson costs that student (hourly rate x minutes / 60,
// to the cent, per credit before the sum).

import type { z } from 'zod';
import {
  LESSON_REPORT_ROWS,
  type TEventCounts,
  type TLessonReport,
  type ZLessonReportQuery,
} from '../../../src/contracts/cover';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { reportLocations } from '../reports/report-scope';
import { centreTimeZone } from '../schedules/list-schedules';
import { teacherNamed } from './substitute';

type Query = z.output<typeof ZLessonReportQuery>;

interface EventRow {
  month: string;
  studentId: number;
  teacherId: number;
  byFamily: number;
  late: number;
  byCentre: number;
  byTeacher: number;
  noShows: number;
}

const zero = (): TEventCounts => ({ byFamily: 0, late: 0, byCentre: 0, byTeacher: 0, noShows: 0 });
const add = (into: TEventCounts, row: EventRow) => {
  into.byFamily += row.byFamily;
  into.late += row.late;
  into.byCentre += row.byCentre;
  into.byTeacher += row.byTeacher;
  into.noShows += row.noShows;
};
const weight = (c: TEventCounts) => c.byFamily + c.byCentre + c.byTeacher + c.noShows;

export async function lessonReport(prisma: PrismaClient, auth: AuthContext, query: Query): Promise<TLessonReport> {
  const organisationId = organisationOf(auth);
  const zone = await centreTimeZone(prisma, organisationId);
  const start = startOfDayIn(query.from, zone);
  const end = endOfDayIn(query.to, zone);
  const now = new Date();
  // Issue 23: a location asked for, or a site-limited operator's sites.
  const locationIds = await reportLocations(prisma, auth, query.locationId);
  const atSites = locationIds ? Prisma.sql`AND s."locationId" = ANY(${locationIds}::int[])` : Prisma.empty;
  const [rows, [credits]] = await prisma.$transaction([
    prisma.$queryRaw<EventRow[]>`
      WITH lines AS (
        SELECT to_char(s."startAt" AT TIME ZONE ${zone}, 'YYYY-MM') AS month, ss."studentId", s."teacherId",
               CASE WHEN ss."cancelledAt" IS NOT NULL THEN ss."cancelledBy"::text
                    WHEN s.status = 'CANCELLED' THEN s."cancelledBy"::text END AS who,
               CASE WHEN ss."cancelledAt" IS NOT NULL THEN ss."cancelLate" ELSE s."cancelLate" END AS late,
               (ss."cancelledAt" IS NULL AND s.status <> 'CANCELLED' AND ss.attendance::text = 'NO_SHOW') AS "noShow"
          FROM "Schedule" s JOIN "ScheduleStudent" ss ON ss."scheduleId" = s.id
         WHERE s."organisationId" = ${organisationId}
           AND s."startAt" >= ${start} AND s."startAt" < ${end} ${atSites}
      )
      SELECT month, "studentId", "teacherId",
             (count(*) FILTER (WHERE who = 'FAMILY'))::int AS "byFamily",
             (count(*) FILTER (WHERE who = 'FAMILY' AND late))::int AS late,
             (count(*) FILTER (WHERE who = 'CENTRE'))::int AS "byCentre",
             (count(*) FILTER (WHERE who = 'TEACHER'))::int AS "byTeacher",
             (count(*) FILTER (WHERE "noShow"))::int AS "noShows"
        FROM lines
       WHERE who IS NOT NULL OR "noShow"
       GROUP BY month, "studentId", "teacherId"`,
    prisma.$queryRaw<{ count: number; value: string }[]>`
      SELECT count(*)::int AS count,
             COALESCE(SUM(ROUND(COALESCE(ss."hourlyRate", s."hourlyRate", 0)
               * ROUND(EXTRACT(EPOCH FROM (s."endAt" - s."startAt")) / 60) / 60, 2)), 0)::numeric(14, 2)::text AS value
        FROM "MakeUpCredit" c
        JOIN "Schedule" s ON s.id = c."earnedScheduleId"
        LEFT JOIN "ScheduleStudent" ss ON ss."scheduleId" = c."earnedScheduleId" AND ss."studentId" = c."studentId"
       WHERE c."organisationId" = ${organisationId} AND c.status = 'AVAILABLE' AND c."expiresAt" > ${now}
             ${atSites}`,
  ]);
  const totals = zero();
  const months = new Map<string, TEventCounts>();
  const students = new Map<number, TEventCounts>();
  const teachers = new Map<number, TEventCounts>();
  for (const row of rows) {
    add(totals, row);
    for (const [map, key] of [
      [months, row.month],
      [students, row.studentId],
      [teachers, row.teacherId],
    ] as const) {
      const counts = (map as Map<string | number, TEventCounts>).get(key) ?? zero();
      add(counts, row);
      (map as Map<string | number, TEventCounts>).set(key, counts);
    }
  }
  const top = <K>(map: Map<K, TEventCounts>) =>
    [...map.entries()].sort((a, b) => weight(b[1]) - weight(a[1])).slice(0, LESSON_REPORT_ROWS);
  const topStudents = top(students);
  const topTeachers = top(teachers);
  const [studentRows, teacherRows] = await Promise.all([
    prisma.student.findMany({
      where: { id: { in: topStudents.map(([id]) => id) } },
      select: { id: true, firstName: true, lastName: true },
    }),
    prisma.teacher.findMany({
      where: { id: { in: topTeachers.map(([id]) => id) } },
      select: { id: true, user: { select: { firstName: true, lastName: true, login: true } } },
    }),
  ]);
  const studentName = new Map(studentRows.map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]));
  const teacherName = new Map(teacherRows.map((t) => [t.id, teacherNamed(t).name]));
  return {
    from: query.from,
    to: query.to,
    timeZone: zone,
    totals,
    months: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, c]) => ({ month, ...c })),
    students: topStudents.map(([id, c]) => ({ student: { id, name: studentName.get(id) ?? String(id) }, ...c })),
    teachers: topTeachers.map(([id, c]) => ({ teacher: { id, name: teacherName.get(id) ?? String(id) }, ...c })),
    creditsOutstanding: { count: credits?.count ?? 0, value: credits?.value ?? '0.00' },
  };
}

import type { z } from 'zod';
import {
  MAX_CALENDAR_EVENTS,
  MAX_CLASS_HOURS,
  RANGE_SUMMARY_TOP,
  type TScheduleEvent,
  type TScheduleFilters,
  type TScheduleListQuery,
  type TScheduleRangeReply,
  type TScheduleRangeSummary,
  type ZScheduleRangeQuery,
} from '../../../src/contracts/schedules';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { cappedTotal, countTake, pageArgs, sortArgs } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { scheduleSiteWhere, sitesOf } from '../locations/sites';
import { scheduleSelect, toSchedule } from './schedule-view';

export async function centreTimeZone(db: Prisma.TransactionClient, organisationId: number): Promise<string> {
  const centre = await db.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { timeZone: true } });
  return centre.timeZone;
}

/**
 * The filters of the table view, the downloads and the student dashboard: every one is a column of an
 * index on Schedule (organisationId first) or ScheduleStudent(studentId, scheduleId); from/to are
 * whole days of the centre's zone.
 */
export function scheduleWhere(
  organisationId: number,
  filters: Partial<TScheduleFilters>,
  timeZone: string,
): Prisma.ScheduleWhereInput {
  const startAt: Prisma.DateTimeFilter = {};
  if (filters.from) startAt.gte = startOfDayIn(filters.from, timeZone);
  if (filters.to) startAt.lt = endOfDayIn(filters.to, timeZone);
  return {
    organisationId,
    id: filters.id,
    status: filters.status,
    teacherId: filters.teacherId,
    courseId: filters.courseId,
    locationId: filters.locationId,
    roomId: filters.roomId,
    notificationStatus: filters.notificationStatus,
    ...(filters.studentId ? { students: { some: { studentId: filters.studentId } } } : {}),
    ...(filters.from || filters.to ? { startAt } : {}),
  };
}

/**
 * Where a class is held (issue 23), for the list and the calendar: selected beside the view builder's
 * own fields (its fields win where both name one), so each row says its location and room.
 */
const placeSelect = {
  locationId: true,
  location: { select: { id: true, name: true, address: true } },
  room: { select: { id: true, name: true } },
} as const satisfies Prisma.ScheduleSelect;
const listSelect = { ...placeSelect, ...scheduleSelect } as const;
type Placed = Prisma.ScheduleGetPayload<{ select: typeof placeSelect }>;

/** A list row with its location, room and the address it is held at (unless the view builder gave them). */
function toListRow(row: Prisma.ScheduleGetPayload<{ select: typeof listSelect }>) {
  const schedule = toSchedule(row);
  const place = row as Placed;
  return {
    ...schedule,
    location: schedule.location !== undefined ? schedule.location : named(place.location),
    room: schedule.room !== undefined ? schedule.room : named(place.room),
    place: schedule.place !== undefined ? schedule.place : row.address || place.location?.address || null,
  };
}
const named = (record: { id: number; name: string } | null) => (record ? { id: record.id, name: record.name } : null);

export async function listSchedules(prisma: PrismaClient, auth: AuthContext, query: TScheduleListQuery) {
  const organisationId = organisationOf(auth);
  const where = {
    ...scheduleWhere(organisationId, query, await centreTimeZone(prisma, organisationId)),
    // A site-limited operator lists their sites' classes only (a locationId filter narrows further).
    AND: [scheduleSiteWhere(auth)],
  };
  // Latest first unless the user sorts by a column; id breaks ties so pages never overlap.
  const orderBy = query.sortField
    ? sortArgs(query.sortField, query.sortOrder, 'startAt')
    : sortArgs('startAt', 'descend', 'startAt');
  // Counted up to the cap (issue 24): the unfiltered list of a big centre is hundreds of thousands.
  const take = countTake(query);
  const [rows, counted] = await prisma.$transaction([
    prisma.schedule.findMany({ where, orderBy, ...pageArgs(query), select: listSelect }),
    // In the page's order: the LIMIT walks the index the page reads (Prisma orders by id otherwise).
    prisma.schedule.count({ where, orderBy, take }),
  ]);
  return { data: rows.map(toListRow), ...cappedTotal(counted, take), success: true as const };
}

export async function getSchedule(prisma: PrismaClient, auth: AuthContext, id: number) {
  const row = await prisma.schedule.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: scheduleSelect,
  });
  if (!row) throw notFound('Class', id);
  return toSchedule(row);
}

type RangeQuery = z.output<typeof ZScheduleRangeQuery>;

interface EventRow {
  id: number;
  status: TScheduleEvent['status'];
  startAt: Date;
  endAt: Date;
  seriesId: number | null;
  locationId: number | null;
  courseId: number;
  courseName: string;
  teacherId: number;
  teacherName: string;
  teacherColour: string | null;
  originalTeacherId: number | null;
  originalTeacherName: string | null;
  roomId: number | null;
  roomName: string | null;
  studentNames: string[];
}

/** A person's "First Last" as personName() writes it (blank parts left out), else their login. */
const nameOf = (user: Prisma.Sql) =>
  Prisma.sql`COALESCE(NULLIF(concat_ws(' ', NULLIF(${user}."firstName", ''), NULLIF(${user}."lastName", '')), ''), ${user}.login)`;

/**
 * The calendar's events overlapping [start, end). Cancelled classes are left out (the table view lists
 * them). A class lasts at most MAX_CLASS_HOURS, so "starts after start - MAX_CLASS_HOURS" bounds the
 * index range scan on (organisationId, startAt), (organisationId, teacherId, startAt), (roomId, startAt)
 * or (locationId, startAt). One statement with its joins (issue 23): a week of 50 rooms is thousands of
 * classes, and Prisma's nested selects would read their students, teachers and rooms with an IN list of
 * every class id; here the statement is the same size whatever the range holds, and a site-limited
 * operator's sites are one array parameter.
 */
export async function scheduleRange(
  prisma: PrismaClient,
  auth: AuthContext,
  query: RangeQuery,
): Promise<TScheduleRangeReply> {
  const where = rangeWhere(auth, query);
  const limit = calendarEventLimit();
  // Counted up to one past the limit first (an index range of at most limit + 1 rows): a range of a
  // big centre is summarised instead of listed, so the reply never grows with the centre.
  const [{ counted }] = await prisma.$queryRaw<{ counted: number }[]>`
    SELECT count(*)::int AS counted FROM (SELECT 1 FROM "Schedule" s WHERE ${where} LIMIT ${limit + 1}) AS capped`;
  if (counted > limit) return rangeSummary(prisma, auth, where, limit);
  const rows = await prisma.$queryRaw<EventRow[]>`
    SELECT s.id, s.status::text AS status, s."startAt", s."endAt", s."seriesId", s."locationId",
      c.id AS "courseId", c.name AS "courseName",
      t.id AS "teacherId", ${nameOf(Prisma.sql`u`)} AS "teacherName", t.colour AS "teacherColour",
      ot.id AS "originalTeacherId", CASE WHEN ot.id IS NULL THEN NULL ELSE ${nameOf(Prisma.sql`ou`)} END AS "originalTeacherName",
      r.id AS "roomId", r.name AS "roomName",
      COALESCE((
        SELECT array_agg(concat_ws(' ', NULLIF(st."firstName", ''), NULLIF(st."lastName", ''))
          ORDER BY st."firstName", ss."studentId")
        FROM "ScheduleStudent" ss JOIN "Student" st ON st.id = ss."studentId"
        WHERE ss."scheduleId" = s.id
      ), ARRAY[]::text[]) AS "studentNames"
    FROM "Schedule" s
    JOIN "Course" c ON c.id = s."courseId"
    JOIN "Teacher" t ON t.id = s."teacherId"
    JOIN "User" u ON u.id = t."userId"
    LEFT JOIN "Teacher" ot ON ot.id = s."originalTeacherId"
    LEFT JOIN "User" ou ON ou.id = ot."userId"
    LEFT JOIN "Room" r ON r.id = s."roomId"
    WHERE ${where}
    ORDER BY s."startAt", s.id`;
  return rows.map(toRangeEvent);
}

/** The most classes a range lists (MAX_CALENDAR_EVENTS; CALENDAR_EVENT_LIMIT overrides it, tests use a small one). */
export function calendarEventLimit(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.CALENDAR_EVENT_LIMIT);
  return Number.isInteger(value) && value > 0 ? value : MAX_CALENDAR_EVENTS;
}

/** The range's classes per local day and its busiest teachers and locations (RANGE_SUMMARY_TOP each). */
async function rangeSummary(
  prisma: PrismaClient,
  auth: AuthContext,
  where: Prisma.Sql,
  limit: number,
): Promise<TScheduleRangeSummary> {
  const zone = await centreTimeZone(prisma, organisationOf(auth));
  const [days, teachers, locations] = await prisma.$transaction([
    prisma.$queryRaw<{ date: string; classes: number }[]>`
      SELECT to_char(s."startAt" AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS date, count(*)::int AS classes
      FROM "Schedule" s WHERE ${where} GROUP BY 1 ORDER BY 1`,
    prisma.$queryRaw<{ id: number; name: string; classes: number }[]>`
      SELECT t.id, ${nameOf(Prisma.sql`u`)} AS name, count(*)::int AS classes
      FROM "Schedule" s JOIN "Teacher" t ON t.id = s."teacherId" JOIN "User" u ON u.id = t."userId"
      WHERE ${where} GROUP BY t.id, u.id ORDER BY classes DESC, t.id LIMIT ${RANGE_SUMMARY_TOP}`,
    prisma.$queryRaw<{ id: number; name: string; classes: number }[]>`
      SELECT l.id, l.name, count(*)::int AS classes
      FROM "Schedule" s JOIN "Location" l ON l.id = s."locationId"
      WHERE ${where} GROUP BY l.id ORDER BY classes DESC, l.id LIMIT ${RANGE_SUMMARY_TOP}`,
  ]);
  const total = days.reduce((sum, day) => sum + day.classes, 0);
  return { tooMany: true, limit, total, days, teachers, locations };
}

/** The range's classes: not cancelled, overlapping [start, end), with the query's filters and the caller's sites. */
function rangeWhere(auth: AuthContext, query: RangeQuery): Prisma.Sql {
  const start = new Date(query.start);
  const end = new Date(query.end);
  const sites = sitesOf(auth);
  const filters = [
    query.teacherId === undefined ? Prisma.empty : Prisma.sql`AND s."teacherId" = ${query.teacherId}`,
    query.courseId === undefined ? Prisma.empty : Prisma.sql`AND s."courseId" = ${query.courseId}`,
    query.locationId === undefined ? Prisma.empty : Prisma.sql`AND s."locationId" = ${query.locationId}`,
    query.roomId === undefined ? Prisma.empty : Prisma.sql`AND s."roomId" = ${query.roomId}`,
    query.studentId === undefined
      ? Prisma.empty
      : Prisma.sql`AND EXISTS (SELECT 1 FROM "ScheduleStudent" f WHERE f."scheduleId" = s.id AND f."studentId" = ${query.studentId})`,
    sites ? Prisma.sql`AND s."locationId" = ANY(${sites}::int[])` : Prisma.empty,
  ];
  return Prisma.sql`s."organisationId" = ${organisationOf(auth)}
      AND s.status IN ('PLANNED', 'COMPLETED')
      AND s."startAt" > ${new Date(start.getTime() - MAX_CLASS_HOURS * 3_600_000)}
      AND s."startAt" < ${end}
      AND s."endAt" > ${start}
      ${Prisma.join(filters, ' ')}`;
}

/** A row of the range as the calendar's event (what toEvent makes of a class, with where it is). */
function toRangeEvent(row: EventRow): TScheduleEvent {
  return {
    id: row.id,
    status: row.status,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    course: { id: row.courseId, name: row.courseName },
    teacher: { id: row.teacherId, name: row.teacherName, colour: row.teacherColour },
    // Only while a substitute teaches (the calendar's events stay as they were otherwise).
    ...(row.originalTeacherId !== null
      ? { originalTeacher: { id: row.originalTeacherId, name: row.originalTeacherName ?? '' } }
      : {}),
    studentNames: row.studentNames,
    seriesId: row.seriesId,
    // Where each class is: the room view draws its rooms as columns.
    locationId: row.locationId,
    room: row.roomId !== null ? { id: row.roomId, name: row.roomName ?? '' } : null,
  };
}

import type { TScheduleConflict } from '../../../src/contracts/errors';
import { SCHEDULE_CONFLICT_MESSAGE } from '../../../src/contracts/messages';
import { MAX_CLASS_HOURS } from '../../../src/contracts/schedules';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';

/** A class about to be saved: its times, its teacher, its students and its room (issue 23). */
export interface PlannedClass {
  startAt: Date;
  endAt: Date;
  teacherId: number;
  studentIds: number[];
  /** The room it is booked into; none: no room clash is possible. */
  roomId?: number | null;
}

/** At most this many clashes are listed (a year-long series against a full timetable could list hundreds). */
const MAX_LISTED = 100;
/** At most this many are read, enough to mark every clashing class of the longest series as overridden. */
const MAX_READ = 5000;

export interface Clash extends TScheduleConflict {
  /** The index of the clashing class in the list checked. */
  index: number;
}

interface ClashRow {
  n: bigint | number;
  who: 'teacher' | 'student' | 'room';
  personId: number;
  personName: string;
  scheduleId: number;
  courseName: string;
  otherStartAt: Date;
  otherEndAt: Date;
}

/**
 * Every clash of `classes` with other PLANNED or COMPLETED classes of the same teacher, student or room,
 * in one SQL statement whatever the number of classes (a series of 156 is one round trip):
 * - teacher: one range scan of the (teacherId, startAt) index per class (a LATERAL join);
 * - room: the same, on the (roomId, startAt) index, for the classes booked into a room;
 * - students: their classes in the series' whole time span, through ScheduleStudent(studentId, ...),
 *   joined to the classes in memory of the database.
 * Overlap is other.start < end AND other.end > start; since a class lasts at most MAX_CLASS_HOURS,
 * other.start > start - MAX_CLASS_HOURS bounds the scans. Classes in `excluded` (the ones being
 * rewritten) never clash with themselves.
 */
export async function findConflicts(
  db: Prisma.TransactionClient,
  classes: PlannedClass[],
  excluded: number[] = [],
): Promise<Clash[]> {
  if (classes.length === 0) return [];
  const starts = classes.map((c) => c.startAt.toISOString());
  const ends = classes.map((c) => c.endAt.toISOString());
  const teachers = classes.map((c) => c.teacherId);
  const rooms = classes.map((c) => c.roomId ?? null);
  const pairIndex: number[] = [];
  const pairStudent: number[] = [];
  classes.forEach((c, i) => {
    for (const id of c.studentIds) {
      pairIndex.push(i + 1);
      pairStudent.push(id);
    }
  });
  const minStart = new Date(Math.min(...classes.map((c) => c.startAt.getTime())) - MAX_CLASS_HOURS * 3_600_000);
  const maxEnd = new Date(Math.max(...classes.map((c) => c.endAt.getTime())));
  const rows = await db.$queryRaw<ClashRow[]>`
    WITH o AS MATERIALIZED (
      SELECT u.n, u.s::timestamptz AS s, u.e::timestamptz AS e, u.t, u.r
      FROM unnest(${starts}::text[], ${ends}::text[], ${teachers}::int[], ${rooms}::int[]) WITH ORDINALITY AS u(s, e, t, r, n)
    ),
    pairs AS MATERIALIZED (
      SELECT p.n, p.sid FROM unnest(${pairIndex}::int[], ${pairStudent}::int[]) AS p(n, sid)
    ),
    candidates AS MATERIALIZED (
      SELECT ss."studentId", x.id, x."courseId", x."startAt", x."endAt"
      FROM "ScheduleStudent" ss JOIN "Schedule" x ON x.id = ss."scheduleId"
      WHERE ss."studentId" IN (SELECT DISTINCT sid FROM pairs)
        AND x.status IN ('PLANNED', 'COMPLETED')
        AND x."startAt" > ${minStart.toISOString()}::timestamptz
        AND x."startAt" < ${maxEnd.toISOString()}::timestamptz
        AND x.id <> ALL(${excluded}::int[])
    ),
    clashes AS (
      SELECT o.n, 'teacher' AS who, o.t AS "personId", x.id, x."courseId", x."startAt", x."endAt"
      FROM o CROSS JOIN LATERAL (
        SELECT y.id, y."courseId", y."startAt", y."endAt" FROM "Schedule" y
        WHERE y."teacherId" = o.t
          AND y."startAt" > o.s - make_interval(hours => ${MAX_CLASS_HOURS}::int)
          AND y."startAt" < o.e AND y."endAt" > o.s
          AND y.status IN ('PLANNED', 'COMPLETED')
          AND y.id <> ALL(${excluded}::int[])
      ) x
      UNION ALL
      SELECT o.n, 'room', o.r, x.id, x."courseId", x."startAt", x."endAt"
      FROM o CROSS JOIN LATERAL (
        SELECT y.id, y."courseId", y."startAt", y."endAt" FROM "Schedule" y
        WHERE y."roomId" = o.r
          AND y."startAt" > o.s - make_interval(hours => ${MAX_CLASS_HOURS}::int)
          AND y."startAt" < o.e AND y."endAt" > o.s
          AND y.status IN ('PLANNED', 'COMPLETED')
          AND y.id <> ALL(${excluded}::int[])
      ) x
      WHERE o.r IS NOT NULL
      UNION ALL
      SELECT o.n, 'student', c."studentId", c.id, c."courseId", c."startAt", c."endAt"
      FROM pairs p JOIN o ON o.n = p.n
      JOIN candidates c ON c."studentId" = p.sid AND c."startAt" < o.e AND c."endAt" > o.s
    )
    SELECT k.n, k.who, k."personId", k.id AS "scheduleId", co.name AS "courseName",
      k."startAt" AS "otherStartAt", k."endAt" AS "otherEndAt",
      CASE WHEN k.who = 'teacher'
        THEN (SELECT COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u."firstName", u."lastName")), ''), u.login)
              FROM "Teacher" t JOIN "User" u ON u.id = t."userId" WHERE t.id = k."personId")
        WHEN k.who = 'room'
        THEN (SELECT CONCAT(l.name, ' · ', r.name) FROM "Room" r JOIN "Location" l ON l.id = r."locationId"
              WHERE r.id = k."personId")
        ELSE (SELECT TRIM(CONCAT_WS(' ', s."firstName", s."lastName")) FROM "Student" s WHERE s.id = k."personId")
      END AS "personName"
    FROM (SELECT * FROM clashes ORDER BY n, who DESC, "startAt", id LIMIT ${MAX_READ}::int) k
    JOIN "Course" co ON co.id = k."courseId"
    ORDER BY k.n, k.who DESC, k."startAt", k.id`;
  return rows.map((row) => {
    const own = classes[Number(row.n) - 1];
    return {
      index: Number(row.n) - 1,
      startAt: own.startAt.toISOString(),
      endAt: own.endAt.toISOString(),
      who: row.who,
      personId: row.personId,
      personName: row.personName,
      scheduleId: row.scheduleId,
      courseName: row.courseName,
      otherStartAt: new Date(row.otherStartAt).toISOString(),
      otherEndAt: new Date(row.otherEndAt).toISOString(),
    };
  });
}

/** Advisory lock namespaces: one lock per teacher, student and room whose timetable a save checks. */
const TEACHER_LOCKS = 7001;
const STUDENT_LOCKS = 7002;
const ROOM_LOCKS = 7003;

/**
 * Serialises saves that touch the same teacher, student or room until the transaction ends, so two
 * operators booking the same person or room at once cannot both pass the check. Taken in one fixed
 * order (teachers, then students, then rooms, by id) so that two saves never wait on each other.
 */
async function lockTimetables(db: Prisma.TransactionClient, classes: PlannedClass[]) {
  const teachers = [...new Set(classes.map((c) => c.teacherId))].sort((a, b) => a - b);
  const students = [...new Set(classes.flatMap((c) => c.studentIds))].sort((a, b) => a - b);
  const rooms = [...new Set(classes.flatMap((c) => (c.roomId ? [c.roomId] : [])))].sort((a, b) => a - b);
  const spaces = [
    ...teachers.map(() => TEACHER_LOCKS),
    ...students.map(() => STUDENT_LOCKS),
    ...rooms.map(() => ROOM_LOCKS),
  ];
  await db.$queryRaw`
    SELECT count(*)::int AS locked FROM (
      SELECT pg_advisory_xact_lock(k.space, k.id)
      FROM (SELECT * FROM unnest(${spaces}::int[], ${[...teachers, ...students, ...rooms]}::int[]) WITH ORDINALITY AS u(space, id, n)
            ORDER BY n) k
    ) l`;
}

export interface Override {
  reason: string;
}

/**
 * Refuses clashes (409 with the list) unless the operator overrides them; returns the indexes of the
 * classes that clash, so the override and its reason are recorded on exactly those classes.
 */
export async function checkConflicts(
  db: Prisma.TransactionClient,
  classes: PlannedClass[],
  override: Override | undefined,
  excluded: number[] = [],
): Promise<Set<number>> {
  await lockTimetables(db, classes);
  const clashes = await findConflicts(db, classes, excluded);
  if (clashes.length && !override) {
    const conflicts = clashes.slice(0, MAX_LISTED).map(({ index: _index, ...conflict }) => conflict);
    throw new AppError('conflict', SCHEDULE_CONFLICT_MESSAGE, { conflicts, errorKey: 'scheduleconflict' });
  }
  return new Set(clashes.map((c) => c.index));
}

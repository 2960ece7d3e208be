import { createHash } from 'node:crypto';
import type { TSchedule, TScheduleEvent } from '../../../src/contracts/schedules';
import type { Prisma } from '../../generated/prisma/client';
import { money } from '../../http/list';
import { termLabel } from '../courses/list-terms';

const personName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

const teacherSelect = {
  id: true,
  colour: true,
  user: { select: { firstName: true, lastName: true, login: true } },
} as const satisfies Prisma.TeacherSelect;

export const scheduleSelect = {
  id: true,
  status: true,
  courseType: true,
  course: { select: { id: true, name: true } },
  teacher: { select: teacherSelect },
  originalTeacher: { select: teacherSelect },
  location: { select: { id: true, name: true, address: true } },
  room: { select: { id: true, name: true } },
  address: true,
  startAt: true,
  endAt: true,
  teacherStartAt: true,
  teacherEndAt: true,
  term: { select: { id: true, name: true, startDate: true, endDate: true } },
  hourlyRate: true,
  teacherHourlyRate: true,
  price: true,
  paymentType: true,
  comments: true,
  confirmedAt: true,
  confirmedBy: { select: { firstName: true, lastName: true, login: true } },
  confirmedOnBehalf: true,
  notificationStatus: true,
  conflictOverride: true,
  conflictReason: true,
  seriesId: true,
  capacity: true,
  _count: {
    select: {
      students: { where: { cancelledAt: null } },
      waitlist: { where: { status: 'WAITING' } },
    },
  },
  students: {
    orderBy: [{ student: { firstName: 'asc' } }, { studentId: 'asc' }],
    select: {
      studentId: true,
      attendance: true,
      hourlyRate: true,
      cancelledAt: true,
      cancelledBy: true,
      cancelLate: true,
      makeUpCreditId: true,
      student: {
        select: { studentId: true, firstName: true, lastName: true, referrer: { select: { name: true } } },
      },
    },
  },
} as const satisfies Prisma.ScheduleSelect;

export type ScheduleRow = Prisma.ScheduleGetPayload<{ select: typeof scheduleSelect }>;

/** Whole hours and the remaining minutes between two instants (derived, never typed). */
export function durationOf(start: Date, end: Date) {
  const minutes = Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

export function namedTeacherWithColour(teacher: ScheduleRow['teacher']) {
  return { id: teacher.id, name: personName(teacher.user) || teacher.user.login, colour: teacher.colour };
}

/**
 * Where a class is held, as people read it (issue 23): its own free text (a lesson elsewhere) or else
 * its location's address.
 */
export function placeOf(row: { address: string | null; location: { address: string | null } | null }) {
  return row.address?.trim() || row.location?.address?.trim() || null;
}

/**
 * The place as one line for a calendar feed or a notice: with a room, "Location · Room, address";
 * without, the place alone (a one-site centre's text stays what it was).
 */
export function placeLine(row: {
  address: string | null;
  location: { name: string; address: string | null } | null;
  room: { name: string } | null;
}) {
  const room = row.room ? (row.location ? `${row.location.name} · ${row.room.name}` : row.room.name) : null;
  return [room, placeOf(row)].filter(Boolean).join(', ') || null;
}

export function toSchedule(row: ScheduleRow): TSchedule {
  const referrers = [...new Set(row.students.map((s) => s.student.referrer?.name).filter((n): n is string => !!n))];
  return {
    id: row.id,
    status: row.status,
    courseType: row.courseType,
    course: row.course,
    teacher: namedTeacherWithColour(row.teacher),
    originalTeacher: row.originalTeacher
      ? { id: row.originalTeacher.id, name: personName(row.originalTeacher.user) || row.originalTeacher.user.login }
      : null,
    location: row.location ? { id: row.location.id, name: row.location.name } : null,
    room: row.room,
    place: placeOf(row),
    address: row.address,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    teacherStartAt: row.teacherStartAt.toISOString(),
    teacherEndAt: row.teacherEndAt.toISOString(),
    duration: durationOf(row.startAt, row.endAt),
    teacherDuration: durationOf(row.teacherStartAt, row.teacherEndAt),
    term: row.term ? { id: row.term.id, label: termLabel(row.term) } : null,
    hourlyRate: money(row.hourlyRate),
    teacherHourlyRate: money(row.teacherHourlyRate),
    price: money(row.price),
    paymentType: row.paymentType,
    comments: row.comments,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    confirmedBy: row.confirmedBy ? personName(row.confirmedBy) || row.confirmedBy.login : null,
    confirmedOnBehalf: row.confirmedOnBehalf,
    notificationStatus: row.notificationStatus,
    conflictOverride: row.conflictOverride,
    conflictReason: row.conflictReason,
    referrerName: referrers.length ? referrers.join(', ') : null,
    seriesId: row.seriesId,
    students: row.students.map((s) => ({
      id: s.studentId,
      studentId: s.student.studentId,
      name: personName(s.student),
      attendance: s.attendance,
      hourlyRate: money(s.hourlyRate),
      referrerName: s.student.referrer?.name ?? null,
      cancelledBy: s.cancelledAt ? s.cancelledBy : null,
      cancelLate: s.cancelLate,
      makeUp: s.makeUpCreditId !== null,
    })),
    capacity: row.capacity,
    seatsTaken: row._count.students,
    waitlistCount: row._count.waitlist,
    makeUpCount: row.students.filter((s) => s.makeUpCreditId !== null).length,
    version: scheduleVersion({
      status: row.status,
      startAt: row.startAt,
      endAt: row.endAt,
      teacherStartAt: row.teacherStartAt,
      teacherEndAt: row.teacherEndAt,
      teacherId: row.teacher.id,
      courseId: row.course.id,
      students: row.students,
    }),
  };
}

export interface VersionedFields {
  status: string;
  startAt: Date;
  endAt: Date;
  teacherStartAt: Date;
  teacherEndAt: Date;
  teacherId: number;
  courseId: number;
  students: readonly { studentId: number; attendance: string | null }[];
}

/**
 * A class's version as the teacher's page keeps it: a hash of what a confirmation depends on. Derived
 * rather than `updatedAt`, which raw series edits leave alone and feedback status changes move.
 */
export function scheduleVersion(row: VersionedFields): string {
  const students = [...row.students]
    .sort((a, b) => a.studentId - b.studentId)
    .map((s) => `${s.studentId}:${s.attendance ?? ''}`);
  const times = [row.startAt, row.endAt, row.teacherStartAt, row.teacherEndAt].map((d) => d.getTime());
  const text = [row.status, ...times, row.teacherId, row.courseId, ...students].join('|');
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * A class as a teacher sees it: the students' names and attendance, never money or referrers (rates
 * and prices are the centre's business).
 */
export function toTeacherSchedule(row: ScheduleRow): TSchedule {
  const schedule = toSchedule(row);
  return {
    ...schedule,
    hourlyRate: null,
    teacherHourlyRate: null,
    price: null,
    referrerName: null,
    conflictReason: null,
    students: schedule.students.map((s) => ({ ...s, hourlyRate: null, referrerName: null })),
  };
}

export const eventSelect = {
  id: true,
  status: true,
  startAt: true,
  endAt: true,
  seriesId: true,
  course: { select: { id: true, name: true } },
  teacher: { select: teacherSelect },
  originalTeacher: { select: teacherSelect },
  students: {
    orderBy: [{ student: { firstName: 'asc' } }, { studentId: 'asc' }],
    select: { student: { select: { firstName: true, lastName: true } } },
  },
} as const satisfies Prisma.ScheduleSelect;

export function toEvent(row: Prisma.ScheduleGetPayload<{ select: typeof eventSelect }>): TScheduleEvent {
  return {
    id: row.id,
    status: row.status,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    course: row.course,
    teacher: namedTeacherWithColour(row.teacher),
    // Only while a substitute teaches (the calendar's events stay as they were otherwise).
    ...(row.originalTeacher
      ? {
          originalTeacher: {
            id: row.originalTeacher.id,
            name: personName(row.originalTeacher.user) || row.originalTeacher.user.login,
          },
        }
      : {}),
    studentNames: row.students.map((s) => personName(s.student)),
    seriesId: row.seriesId,
  };
}

// A teacher's classes as an iCalendar feed (RFC 5545) at a secret URL that Google Calendar, Apple
// Calendar and Outlook subscribe to. Times are written in UTC ("...Z"): every client shows them in its
// own zone, and no VTIMEZONE is needed for the instants to be exact across daylight-saving changes.
import type { Response } from 'express';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { namedTeacher } from '../courses/references';
import { personName } from './download-rows';
import { placeLine } from './schedule-view';

/** The feed covers classes from this many days back ... */
export const FEED_PAST_DAYS = 60;
/** ... to this many days ahead. */
export const FEED_FUTURE_DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * The same reply for a token never made, replaced or revoked, and for a feed whose owner may no longer
 * have it (a deleted or deactivated teacher, a household none of whose guardians may sign in).
 */
export const unknownCalendar = () => new AppError('not_found', 'This calendar was not found');

/** UID of a class's event: stable across edits, so clients update the event instead of adding one. */
export const eventUid = (scheduleId: number) => `schedule-${scheduleId}@levelup`;

/** The classes a feed shows: planned or completed, from FEED_PAST_DAYS before `now` to FEED_FUTURE_DAYS after. */
export const feedWindow = (now: Date): Prisma.ScheduleWhereInput => ({
  status: { in: ['PLANNED', 'COMPLETED'] },
  startAt: {
    gte: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
    lt: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
  },
});

/** What a feed's event reads of a class (each feed adds whom it names). */
export const feedClassSelect = {
  id: true,
  status: true,
  startAt: true,
  endAt: true,
  address: true,
  location: { select: { name: true, address: true } },
  room: { select: { name: true } },
  updatedAt: true,
  course: { select: { name: true } },
} as const satisfies Prisma.ScheduleSelect;
type FeedClass = Prisma.ScheduleGetPayload<{ select: typeof feedClassSelect }>;

/**
 * A feed's iCalendar text: one confirmed event per class, in UTC, with the class's address; the
 * summary and description are the feed's own (`words`).
 */
export function feedText<C extends FeedClass>(
  head: { name: string; product: string },
  classes: C[],
  now: Date,
  words: (lesson: C) => { summary: string; description: string | null },
): string {
  const calendar = ical({
    name: head.name,
    prodId: { company: 'Level Up', product: head.product, language: 'EN' },
    ttl: 60 * 60, // clients that honour it refresh hourly
  });
  for (const lesson of classes) {
    calendar.createEvent({
      id: eventUid(lesson.id),
      start: lesson.startAt,
      end: lesson.endAt,
      stamp: now,
      lastModified: lesson.updatedAt,
      // The class's place (issue 23): its own address or its location's, with the room.
      location: placeLine(lesson),
      status: ICalEventStatus.CONFIRMED,
      ...words(lesson),
    });
  }
  return calendar.toString();
}

/** A feed's text as the reply. */
export function sendIcs(res: Response, text: string): undefined {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.send(text);
  return undefined;
}

/** The iCalendar text of the teacher holding `token` (the feed path's `<token>.ics`). */
export async function calendarFeedText(prisma: PrismaClient, fileName: string, now = new Date()): Promise<string> {
  const token = fileName.replace(/\.ics$/, '');
  const teacher = await prisma.teacher.findFirst({
    // Only an active teacher's feed answers (deactivating also revokes the token; this covers a login
    // deactivated any other way).
    where: { calendarToken: token, deletedAt: null, user: { activated: true } },
    select: {
      id: true,
      organisationId: true,
      user: { select: { firstName: true, lastName: true, login: true } },
      organisation: { select: { name: true } },
    },
  });
  if (!teacher) throw unknownCalendar();
  const classes = await prisma.schedule.findMany({
    where: { organisationId: teacher.organisationId, teacherId: teacher.id, ...feedWindow(now) },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: {
      ...feedClassSelect,
      students: {
        select: { student: { select: { firstName: true, lastName: true, studentId: true } } },
        orderBy: [{ student: { lastName: 'asc' } }, { student: { firstName: 'asc' } }, { studentId: 'asc' }],
      },
    },
  });
  const name = `${namedTeacher({ id: teacher.id, user: teacher.user }).name} · ${teacher.organisation.name}`;
  return feedText({ name, product: 'Schedules' }, classes, now, (schedule) => {
    const students = schedule.students.map(({ student }) => personName(student, student.studentId));
    return {
      summary: students.length ? `${schedule.course.name}: ${students.join(', ')}` : schedule.course.name,
      description: schedule.status === 'COMPLETED' ? 'Completed' : null,
    };
  });
}

export async function sendCalendarFeed(prisma: PrismaClient, fileName: string, res: Response): Promise<undefined> {
  return sendIcs(res, await calendarFeedText(prisma, fileName));
}

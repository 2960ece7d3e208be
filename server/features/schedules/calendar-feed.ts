// A teacher's classes as an iCalendar feed (RFC 5545) at a secret URL that Google Calendar, Apple
// Calendar and Outlook subscribe to. Times are written in UTC ("...Z"): every client shows them in its
// own zone, and no VTIMEZONE is needed for the instants to be exact across daylight-saving changes.
import type { Response } from 'express';
import ical, { ICalEventStatus } from 'ical-generator';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { namedTeacher } from '../courses/references';
import { personName } from './download-rows';

/** The feed covers classes from this many days back ... */
export const FEED_PAST_DAYS = 60;
/** ... to this many days ahead. */
export const FEED_FUTURE_DAYS = 365;
const DAY_MS = 86_400_000;

/** The same reply for a token never made, replaced or revoked, and for a deleted or deactivated teacher. */
const unknownCalendar = () => new AppError('not_found', 'This calendar was not found');

/** UID of a class's event: stable across edits, so clients update the event instead of adding one. */
export const eventUid = (scheduleId: number) => `schedule-${scheduleId}@levelup`;

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
    where: {
      organisationId: teacher.organisationId,
      teacherId: teacher.id,
      status: { in: ['PLANNED', 'COMPLETED'] },
      startAt: {
        gte: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
        lt: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
      },
    },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      status: true,
      startAt: true,
      endAt: true,
      address: true,
      updatedAt: true,
      course: { select: { name: true } },
      students: {
        select: { student: { select: { firstName: true, lastName: true, studentId: true } } },
        orderBy: [{ student: { lastName: 'asc' } }, { student: { firstName: 'asc' } }, { studentId: 'asc' }],
      },
    },
  });
  const calendar = ical({
    name: `${namedTeacher({ id: teacher.id, user: teacher.user }).name} · ${teacher.organisation.name}`,
    prodId: { company: 'Level Up', product: 'Schedules', language: 'EN' },
    ttl: 60 * 60, // clients that honour it refresh hourly
  });
  for (const schedule of classes) {
    const students = schedule.students.map(({ student }) => personName(student, student.studentId));
    calendar.createEvent({
      id: eventUid(schedule.id),
      start: schedule.startAt,
      end: schedule.endAt,
      stamp: now,
      lastModified: schedule.updatedAt,
      summary: students.length ? `${schedule.course.name}: ${students.join(', ')}` : schedule.course.name,
      location: schedule.address || null,
      description: schedule.status === 'COMPLETED' ? 'Completed' : null,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

export async function sendCalendarFeed(prisma: PrismaClient, fileName: string, res: Response): Promise<undefined> {
  const text = await calendarFeedText(prisma, fileName);
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.send(text);
  return undefined;
}

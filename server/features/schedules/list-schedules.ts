import type { z } from 'zod';
import {
  MAX_CLASS_HOURS,
  type TScheduleFilters,
  type TScheduleListQuery,
  type ZScheduleRangeQuery,
} from '../../../src/contracts/schedules';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { eventSelect, scheduleSelect, toEvent, toSchedule } from './schedule-view';

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
    notificationStatus: filters.notificationStatus,
    ...(filters.studentId ? { students: { some: { studentId: filters.studentId } } } : {}),
    ...(filters.from || filters.to ? { startAt } : {}),
  };
}

export async function listSchedules(prisma: PrismaClient, auth: AuthContext, query: TScheduleListQuery) {
  const organisationId = organisationOf(auth);
  const where = scheduleWhere(organisationId, query, await centreTimeZone(prisma, organisationId));
  // Latest first unless the user sorts by a column; id breaks ties so pages never overlap.
  const orderBy = query.sortField
    ? sortArgs(query.sortField, query.sortOrder, 'startAt')
    : sortArgs('startAt', 'descend', 'startAt');
  const [rows, total] = await prisma.$transaction([
    prisma.schedule.findMany({ where, orderBy, ...pageArgs(query), select: scheduleSelect }),
    prisma.schedule.count({ where }),
  ]);
  return { data: rows.map(toSchedule), total, success: true as const };
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

/**
 * The calendar's events overlapping [start, end). Cancelled classes are left out (the table view lists
 * them). A class lasts at most MAX_CLASS_HOURS, so "starts after start - MAX_CLASS_HOURS" bounds the
 * index range scan on (organisationId, startAt) or (organisationId, teacherId, startAt).
 */
export async function scheduleRange(prisma: PrismaClient, auth: AuthContext, query: RangeQuery) {
  const start = new Date(query.start);
  const end = new Date(query.end);
  const rows = await prisma.schedule.findMany({
    where: {
      organisationId: organisationOf(auth),
      status: { in: ['PLANNED', 'COMPLETED'] },
      teacherId: query.teacherId,
      courseId: query.courseId,
      ...(query.studentId ? { students: { some: { studentId: query.studentId } } } : {}),
      startAt: { gt: new Date(start.getTime() - MAX_CLASS_HOURS * 3_600_000), lt: end },
      endAt: { gt: start },
    },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: eventSelect,
  });
  return rows.map(toEvent);
}

// A child's lessons for the family: upcoming (soonest first) or past (newest first), with the child's
// attendance and whether the feedback was submitted. No rates, no staff comments.
import type { z } from 'zod';
import type { portalEndpoints, TPortalLesson } from '../../../src/contracts/portal';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs } from '../../http/list';
import { placeOf } from '../schedules/schedule-view';
import { portalChild, teacherName, teacherNameSelect } from './household-of';

type Query = z.output<typeof portalEndpoints.lessons.query>;

export const portalLessonSelect = {
  id: true,
  startAt: true,
  endAt: true,
  status: true,
  address: true,
  location: { select: { name: true, address: true } },
  room: { select: { name: true } },
  course: { select: { name: true } },
  teacher: teacherNameSelect,
  feedback: { select: { submittedAt: true } },
} as const satisfies Prisma.ScheduleSelect;
type LessonRow = Prisma.ScheduleGetPayload<{ select: typeof portalLessonSelect }>;

export function toPortalLesson(row: LessonRow, attendance: TPortalLesson['attendance']): TPortalLesson {
  return {
    id: row.id,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    status: row.status,
    course: row.course.name,
    teacher: teacherName(row.teacher.user),
    address: row.address,
    location: row.location?.name ?? null,
    room: row.room?.name ?? null,
    place: placeOf(row),
    attendance,
    hasFeedback: Boolean(row.feedback?.submittedAt),
  };
}

export async function portalLessons(prisma: PrismaClient, auth: AuthContext, id: number, query: Query) {
  const { scope, child } = await portalChild(prisma, auth, id);
  const now = new Date();
  const where: Prisma.ScheduleStudentWhereInput = {
    studentId: child.id,
    schedule: {
      organisationId: scope.organisationId,
      startAt: query.when === 'upcoming' ? { gte: now } : { lt: now },
    },
  };
  const order = query.when === 'upcoming' ? 'asc' : 'desc';
  const [rows, total] = await prisma.$transaction([
    prisma.scheduleStudent.findMany({
      where,
      orderBy: [{ schedule: { startAt: order } }, { scheduleId: order }],
      ...pageArgs(query),
      select: { attendance: true, cancelledAt: true, cancelledBy: true, schedule: { select: portalLessonSelect } },
    }),
    prisma.scheduleStudent.count({ where }),
  ]);
  return {
    data: rows.map((r) => ({
      ...toPortalLesson(r.schedule, r.attendance),
      cancelledBy: r.cancelledAt ? r.cancelledBy : null,
    })),
    total,
    success: true as const,
  };
}

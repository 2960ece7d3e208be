// The lists around feedback: the dashboard's classes with missing or failed feedback, and a teacher's
// completed classes still waiting for their feedback.
import type { z } from 'zod';
import type { operatorFeedbackEndpoints, TFeedbackIssue } from '../../../src/contracts/feedback';
import type { TSchedule } from '../../../src/contracts/schedules';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import { locationScope, locationWhere } from '../locations/site-checks';
import { teacherOfUser } from '../schedules/confirm-schedule';
import { scheduleSelect, toTeacherSchedule } from '../schedules/schedule-view';
import { personName } from './class-feedback';
import { NEEDS_FEEDBACK } from './feedback-status';

type PageQuery = z.output<typeof operatorFeedbackEndpoints.issues.query>;

const DUE_DAYS = 60;
const DUE_LIMIT = 50;

/** Classes whose feedback is missing or whose emails failed, oldest first ((organisationId, notificationStatus, startAt) index). */
export async function feedbackIssues(prisma: PrismaClient, auth: AuthContext, query: PageQuery) {
  const where = {
    organisationId: organisationOf(auth),
    notificationStatus: { in: [NEEDS_FEEDBACK, 'SEND_FAILED' as const] },
    // The caller's sites, or the one location asked for (issue 23).
    ...locationWhere(locationScope(auth, query.locationId)),
  };
  const [rows, total] = await Promise.all([
    prisma.schedule.findMany({
      where,
      orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
      ...pageArgs(query),
      select: {
        id: true,
        startAt: true,
        notificationStatus: true,
        course: { select: { id: true, name: true } },
        teacher: { select: { id: true, user: { select: { firstName: true, lastName: true, login: true } } } },
      },
    }),
    prisma.schedule.count({ where }),
  ]);
  const data: TFeedbackIssue[] = rows.map((r) => ({
    id: r.id,
    startAt: r.startAt.toISOString(),
    course: r.course,
    teacher: { id: r.teacher.id, name: personName(r.teacher.user) },
    notificationStatus: r.notificationStatus as TFeedbackIssue['notificationStatus'],
  }));
  return { data, total, success: true as const };
}

/** The teacher's classes of the last 60 days that need feedback (the status's rule), newest first. */
export async function feedbackDue(prisma: PrismaClient, auth: AuthContext): Promise<TSchedule[]> {
  const teacher = await teacherOfUser(prisma, auth);
  if (!teacher) return [];
  const rows = await prisma.schedule.findMany({
    where: {
      organisationId: organisationOf(auth),
      teacherId: teacher.id,
      notificationStatus: NEEDS_FEEDBACK,
      startAt: { gte: new Date(Date.now() - DUE_DAYS * 86_400_000) },
    },
    orderBy: [{ startAt: 'desc' }, { id: 'desc' }],
    take: DUE_LIMIT,
    select: scheduleSelect,
  });
  return rows.map(toTeacherSchedule);
}

import { classState } from '../../../src/contracts/class-state';
import { type TDashboard, TODAY_CLASSES_LIMIT } from '../../../src/contracts/dashboard';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { locationScope, locationSql, locationWhere, teacherScopeWhere } from '../locations/site-checks';
import { dashboardWindows } from './dashboard-dates';

const nameOf = (p: { firstName: string | null; lastName: string | null }, fallback = '') =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || fallback;

/**
 * Today's classes (centre's zone) and the centre's totals. Each query reads one index range: today's
 * classes (organisationId, startAt, id), active students (organisationId, active, ...), teachers
 * (organisationId, deletedAt), courses (organisationId, name).
 */
export async function dashboardSummary(
  prisma: PrismaClient,
  auth: AuthContext,
  locationId?: number,
): Promise<TDashboard> {
  const organisationId = organisationOf(auth);
  // The caller's sites, or the one location asked for (issue 23): every figure is of those.
  const scope = locationScope(auth, locationId);
  const atScope = locationWhere(scope);
  const centre = await prisma.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { timeZone: true, lowBalanceThreshold: true },
  });
  const now = new Date();
  const w = dashboardWindows(centre.timeZone, now);
  const today = { organisationId, ...atScope, startAt: { gte: w.dayStart, lt: w.dayEnd } };
  const [classes, counts, activeStudents, activeTeachers, courses] = await Promise.all([
    prisma.schedule.findMany({
      where: { ...today, status: { in: ['PLANNED', 'COMPLETED'] } },
      orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
      take: TODAY_CLASSES_LIMIT,
      select: {
        id: true,
        startAt: true,
        endAt: true,
        status: true,
        course: { select: { id: true, name: true } },
        teacher: { select: { id: true, user: { select: { firstName: true, lastName: true, login: true } } } },
        originalTeacher: {
          select: { id: true, user: { select: { firstName: true, lastName: true, login: true } } },
        },
        students: {
          select: {
            reply: true,
            cancelledAt: true,
            student: { select: { id: true, firstName: true, lastName: true } },
          },
          orderBy: { studentId: 'asc' },
        },
      },
    }),
    prisma.$queryRaw<{ total: number; confirmed: number }[]>`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE "status" = 'COMPLETED'))::int AS confirmed
      FROM "Schedule"
      WHERE "organisationId" = ${organisationId} AND "startAt" >= ${w.dayStart} AND "startAt" < ${w.dayEnd}
        AND "status" IN ('PLANNED', 'COMPLETED') ${locationSql(Prisma.sql`"locationId"`, scope)}`,
    prisma.student.count({ where: { organisationId, active: true, ...atScope } }),
    prisma.teacher.count({ where: { organisationId, deletedAt: null, ...teacherScopeWhere(scope) } }),
    prisma.course.count({ where: { organisationId } }),
  ]);
  return {
    today: w.today,
    timeZone: centre.timeZone,
    lowBalanceThreshold: centre.lowBalanceThreshold.toFixed(2),
    totals: { activeStudents, activeTeachers, courses },
    classesToday: {
      total: counts[0]?.total ?? 0,
      confirmed: counts[0]?.confirmed ?? 0,
      data: classes.map((c) => ({
        id: c.id,
        startAt: c.startAt.toISOString(),
        endAt: c.endAt.toISOString(),
        status: c.status as 'PLANNED' | 'COMPLETED',
        confirmed: c.status === 'COMPLETED',
        awaitingConfirmation: ['AWAITING_CONFIRMATION', 'OVERDUE'].includes(classState(c, now)),
        course: c.course,
        teacher: { id: c.teacher.id, name: nameOf(c.teacher.user, c.teacher.user.login) },
        originalTeacher: c.originalTeacher
          ? { id: c.originalTeacher.id, name: nameOf(c.originalTeacher.user, c.originalTeacher.user.login) }
          : null,
        students: c.students.map(({ student, reply, cancelledAt }) => ({
          id: student.id,
          name: nameOf(student),
          reply,
          cancelled: cancelledAt !== null,
        })),
      })),
    },
  };
}

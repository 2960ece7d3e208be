import type { TDashboardCharts } from '../../../src/contracts/dashboard';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { locationScope, locationSql } from '../locations/site-checks';
import { teacherHoursSql } from '../money/class-amounts';
import { dashboardWindows } from './dashboard-dates';

/**
 * The three chart series, each one aggregate over an index range (never the whole history):
 * COMPLETED classes of the last 12 weeks by (organisationId, status, startAt) (index-only), PURCHASE
 * rows of the last 12 months by (organisationId, purchaseDate, id), and this month's COMPLETED
 * classes by (organisationId, status, startAt). Weeks and months are the centre's local ones; a week
 * or month without rows is 0.
 */
export async function dashboardCharts(
  prisma: PrismaClient,
  auth: AuthContext,
  locationId?: number,
): Promise<TDashboardCharts> {
  const organisationId = organisationOf(auth);
  // The caller's sites, or the one location asked for (issue 23): classes by their location, sales by
  // the student's.
  const scope = locationScope(auth, locationId);
  const classAt = locationSql(Prisma.sql`s."locationId"`, scope);
  const saleAt =
    scope === null
      ? Prisma.empty
      : Prisma.sql`AND EXISTS (SELECT 1 FROM "Student" st WHERE st.id = p."studentId" AND st."locationId" = ANY(${scope}::int[]))`;
  const { timeZone } = await prisma.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { timeZone: true },
  });
  const w = dashboardWindows(timeZone);
  const [weeks, months, hours] = await Promise.all([
    prisma.$queryRaw<{ week: string; classes: number }[]>`
      SELECT to_char(date_trunc('week', s."startAt" AT TIME ZONE ${timeZone}), 'YYYY-MM-DD') AS week,
        count(*)::int AS classes
      FROM "Schedule" s
      WHERE s."organisationId" = ${organisationId} AND s."status" = 'COMPLETED'
        AND s."startAt" >= ${w.weeksStart} AND s."startAt" < ${w.weeksEnd} ${classAt}
      GROUP BY 1`,
    prisma.$queryRaw<{ month: string; amount: string }[]>`
      SELECT to_char(p."purchaseDate", 'YYYY-MM') AS month, ROUND(SUM(p."voucherAmount"), 2)::text AS amount
      FROM "VoucherPurchase" p
      WHERE p."organisationId" = ${organisationId} AND p."type" = 'PURCHASE'
        AND p."purchaseDate" >= ${w.monthsFirstDay} AND p."purchaseDate" < ${w.monthsEndDay} ${saleAt}
      GROUP BY 1`,
    prisma.$queryRaw<{ teacherId: number; hours: string }[]>`
      SELECT s."teacherId", SUM(${teacherHoursSql})::numeric(12, 2)::text AS hours
      FROM "Schedule" s
      WHERE s."organisationId" = ${organisationId} AND s."status" = 'COMPLETED'
        AND s."startAt" >= ${w.monthStart} AND s."startAt" < ${w.monthEnd} ${classAt}
      GROUP BY s."teacherId"`,
  ]);
  const teachers = await prisma.teacher.findMany({
    where: { id: { in: hours.map((h) => h.teacherId) }, organisationId },
    select: { id: true, user: { select: { firstName: true, lastName: true, login: true } } },
  });
  const names = new Map(
    teachers.map((t) => [t.id, [t.user.firstName, t.user.lastName].filter(Boolean).join(' ') || t.user.login]),
  );
  const classesByWeek = new Map(weeks.map((r) => [r.week, r.classes]));
  const salesByMonth = new Map(months.map((r) => [r.month, r.amount]));
  return {
    classesPerWeek: w.weeks.map((weekStart) => ({ weekStart, classes: classesByWeek.get(weekStart) ?? 0 })),
    voucherSalesPerMonth: w.months.map((month) => ({ month, amount: salesByMonth.get(month) ?? '0.00' })),
    hoursPerTeacher: hours
      .map((h) => ({ teacherId: h.teacherId, name: names.get(h.teacherId) ?? '', hours: h.hours }))
      .sort((a, b) => Number(b.hours) - Number(a.hours) || a.name.localeCompare(b.name)),
  };
}

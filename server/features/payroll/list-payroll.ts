import type { TPayrollAdjustment } from '../../../src/contracts/payroll';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { personName } from '../schedules/download-rows';
import { checkMonth, firstDayOf, monthOfDate } from './months';
import { centreZone, periodSelect, toPeriod } from './payroll-review';

/** The closed periods of the centre, newest first (twelve a year at most: no paging). */
export async function listPeriods(prisma: PrismaClient, auth: AuthContext) {
  const rows = await prisma.payrollPeriod.findMany({
    where: { organisationId: organisationOf(auth) },
    select: periodSelect,
    orderBy: { startDate: 'desc' },
  });
  return { data: rows.map(toPeriod), total: rows.length, success: true as const };
}

const named = (user: { id: number; login: string; firstName: string | null; lastName: string | null }) => ({
  id: user.id,
  name: personName(user) || user.login,
});
const userSelect = { select: { id: true, login: true, firstName: true, lastName: true } } as const;

/** The adjustments posted into a month (each a change to a class of a closed period), oldest first. */
export async function listAdjustments(prisma: PrismaClient, auth: AuthContext, month: string) {
  const organisationId = organisationOf(auth);
  checkMonth(month, await centreZone(prisma, organisationId));
  const rows = await prisma.payrollAdjustment.findMany({
    where: { organisationId, periodStart: firstDayOf(month) },
    select: {
      id: true,
      hours: true,
      amount: true,
      reason: true,
      createdAt: true,
      scheduleId: true,
      teacher: { select: { id: true, user: userSelect } },
      schedule: { select: { teacherStartAt: true, course: { select: { name: true } } } },
      fromPeriod: { select: { startDate: true } },
      createdBy: userSelect,
    },
    orderBy: { id: 'asc' },
  });
  const data: TPayrollAdjustment[] = rows.map((row) => ({
    id: row.id,
    teacher: { id: row.teacher.id, name: named(row.teacher.user).name },
    scheduleId: row.scheduleId,
    classStartAt: row.schedule.teacherStartAt.toISOString(),
    course: row.schedule.course.name,
    fromMonth: monthOfDate(row.fromPeriod.startDate),
    month,
    hours: row.hours.toFixed(2),
    amount: row.amount.toFixed(2),
    reason: row.reason,
    createdBy: named(row.createdBy),
    createdAt: row.createdAt.toISOString(),
  }));
  const zero = new Prisma.Decimal(0);
  return {
    data,
    total: data.length,
    success: true as const,
    totals: {
      hours: rows.reduce((s, r) => s.plus(r.hours), zero).toFixed(2),
      amount: rows.reduce((s, r) => s.plus(r.amount), zero).toFixed(2),
    },
  };
}

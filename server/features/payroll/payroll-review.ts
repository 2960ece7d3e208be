import type { TPayrollPeriod, TPayrollReview } from '../../../src/contracts/payroll';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import { personName } from '../schedules/download-rows';
import { findBlockers } from './blockers';
import { checkMonth, firstDayOf, monthOfDate } from './months';
import { adjustmentFigures, classFigures, lineFigures, teacherTotals } from './payroll-figures';

type Db = Prisma.TransactionClient | PrismaClient;

export async function centreZone(db: Db, organisationId: number): Promise<string> {
  const centre = await db.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { timeZone: true } });
  return centre.timeZone;
}

export const periodSelect = {
  id: true,
  startDate: true,
  endDate: true,
  closedAt: true,
  comments: true,
  totalHours: true,
  totalAmount: true,
  closedBy: { select: { id: true, login: true, firstName: true, lastName: true } },
  _count: { select: { lines: true } },
} as const satisfies Prisma.PayrollPeriodSelect;
type PeriodRow = Prisma.PayrollPeriodGetPayload<{ select: typeof periodSelect }>;

export function toPeriod(row: PeriodRow): TPayrollPeriod {
  return {
    id: row.id,
    month: monthOfDate(row.startDate),
    startDate: isoDate(row.startDate) ?? '',
    endDate: isoDate(row.endDate) ?? '',
    closedAt: row.closedAt.toISOString(),
    closedBy: { id: row.closedBy.id, name: personName(row.closedBy) || row.closedBy.login },
    comments: row.comments,
    classes: row._count.lines,
    totalHours: row.totalHours.toFixed(2),
    totalAmount: row.totalAmount.toFixed(2),
  };
}

export function findPeriod(db: Db, organisationId: number, month: string) {
  return db.payrollPeriod.findUnique({
    where: { organisationId_startDate: { organisationId, startDate: firstDayOf(month) } },
    select: periodSelect,
  });
}

/**
 * A month's review. Open: its completed classes per teacher (live) and what blocks a clean close.
 * Closed: its lines per teacher as paid at close. Both: the adjustments posted into the month.
 */
export async function reviewMonth(prisma: PrismaClient, auth: AuthContext, month: string): Promise<TPayrollReview> {
  const organisationId = organisationOf(auth);
  const timeZone = await centreZone(prisma, organisationId);
  const range = checkMonth(month, timeZone);
  const period = await findPeriod(prisma, organisationId, month);
  const [classes, adjustments, blockers] = await Promise.all([
    period ? lineFigures(prisma, period.id) : classFigures(prisma, organisationId, range),
    adjustmentFigures(prisma, organisationId, month),
    period ? { blockers: [], count: 0 } : findBlockers(prisma, organisationId, range),
  ]);
  const over = range.end <= new Date();
  return {
    month,
    startDate: range.startDate,
    endDate: range.endDate,
    timeZone,
    status: period ? 'CLOSED' : 'OPEN',
    closable: !period && over,
    notClosableReason: period
      ? `${month} was closed on ${period.closedAt.toISOString().slice(0, 10)}`
      : over
        ? null
        : `${month} is not over yet (it ends on ${range.endDate})`,
    period: period ? toPeriod(period) : null,
    ...teacherTotals(classes, adjustments),
    blockers: blockers.blockers,
    blockerCount: blockers.count,
  };
}

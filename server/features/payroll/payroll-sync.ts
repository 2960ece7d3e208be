import { hasRight } from '../../../src/contracts/permissions';
import { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { hoursBetween, isPaidClass, teacherPay } from '../money/class-amounts';
import { firstDayOf, monthOf, monthOfDate, nextMonth } from './months';
import { lockPayrollForClassChange } from './payroll-lock';

type Tx = Prisma.TransactionClient;
const { Decimal } = Prisma;
type Decimal = Prisma.Decimal;

interface ClassRow {
  id: number;
  status: string;
  teacherPaid: boolean;
  teacherId: number;
  teacherStartAt: Date;
  teacherEndAt: Date;
  teacherHourlyRate: Prisma.Decimal | null;
}
interface Paid {
  hours: Decimal;
  amount: Decimal;
}

/** The first month after `month` that is not closed: where a change to a class of `month` is paid. */
export function nextOpenMonth(month: string, closed: ReadonlySet<string>): string {
  let candidate = nextMonth(month);
  while (closed.has(candidate)) candidate = nextMonth(candidate);
  return candidate;
}

/**
 * Called at the end of every transaction that changes classes (confirm, reopen, attendance, edit,
 * move, cancel), with the ids of the classes it touched. For each class of a CLOSED pay period
 * (it has a PayrollLine, or its teacher start falls in a closed month): when what it pays now
 * (teacher pay if COMPLETED or a cancellation that pays the teacher, else 0) differs from what was paid for it so far (its line + its
 * adjustments), it requires `payroll:close` (403 otherwise: the transaction rolls back) and posts a
 * PayrollAdjustment of the difference to the next open month. Classes of open months: nothing.
 *
 * Rules of this implementation: what a class pays now counts only while its month is closed (a class
 * moved out of a closed month into an open one is taken back here and paid by that month's close);
 * the comparison is per teacher (a closed class given to another teacher takes the pay back from the
 * first and pays the second); the adjustment goes to the first open month after the closed month
 * (never a closed one: the current month is always open). Cheap when the centre has no closed
 * period: the payroll lock (shared, no wait) and one indexed query.
 */
export async function syncPayrollAdjustments(tx: Tx, auth: AuthContext, scheduleIds: readonly number[]) {
  const ids = [...new Set(scheduleIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  const organisationId = organisationOf(auth);
  await lockPayrollForClassChange(tx, organisationId);
  const periods = await tx.payrollPeriod.findMany({ where: { organisationId }, select: { id: true, startDate: true } });
  if (!periods.length) return;

  // The caller holds these rows in most paths; locking them again here serialises two syncs of a class.
  const classes = await tx.$queryRaw<ClassRow[]>`
    SELECT "id", "status"::text AS "status", "teacherPaid", "teacherId", "teacherStartAt", "teacherEndAt", "teacherHourlyRate"
    FROM "Schedule" WHERE "id" = ANY(${ids}::int[]) AND "organisationId" = ${organisationId}
    ORDER BY "id" FOR NO KEY UPDATE`;
  if (!classes.length) return;
  const { timeZone } = await tx.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { timeZone: true },
  });
  const lines = await tx.payrollLine.findMany({
    where: { scheduleId: { in: ids } },
    select: { scheduleId: true, teacherId: true, hours: true, amount: true, periodId: true },
    orderBy: { id: 'asc' },
  });
  const adjustments = await tx.payrollAdjustment.findMany({
    where: { scheduleId: { in: ids } },
    select: { scheduleId: true, teacherId: true, hours: true, amount: true, fromPeriodId: true },
    orderBy: { id: 'asc' },
  });
  const periodByMonth = new Map(periods.map((p) => [monthOfDate(p.startDate), p.id]));
  const monthByPeriod = new Map(periods.map((p) => [p.id, monthOfDate(p.startDate)]));
  const closed = new Set(periodByMonth.keys());

  const posts: Prisma.PayrollAdjustmentCreateManyInput[] = [];
  for (const row of classes) {
    const month = monthOf(row.teacherStartAt, timeZone);
    const closedPeriodId = periodByMonth.get(month);
    const classLines = lines.filter((l) => l.scheduleId === row.id);
    const classAdjustments = adjustments.filter((a) => a.scheduleId === row.id);
    if (closedPeriodId === undefined && !classLines.length && !classAdjustments.length) continue;

    const paid = new Map<number, Paid>();
    const add = (teacherId: number, hours: Decimal, amount: Decimal) => {
      const was = paid.get(teacherId) ?? { hours: new Decimal(0), amount: new Decimal(0) };
      paid.set(teacherId, { hours: was.hours.plus(hours), amount: was.amount.plus(amount) });
    };
    for (const l of classLines) add(l.teacherId, l.hours, l.amount);
    for (const a of classAdjustments) add(a.teacherId, a.hours, a.amount);
    const dueNow = closedPeriodId !== undefined && isPaidClass(row);
    const due: Paid = dueNow
      ? { hours: hoursBetween(row.teacherStartAt, row.teacherEndAt), amount: teacherPay(row) }
      : { hours: new Decimal(0), amount: new Decimal(0) };

    // The closed period the class belongs to: its month's, else where it was last paid.
    const fromPeriodId =
      closedPeriodId ?? classAdjustments.at(-1)?.fromPeriodId ?? (classLines.at(-1)?.periodId as number);
    const fromMonth = monthByPeriod.get(fromPeriodId) ?? month;
    const teachers = new Set([...paid.keys(), row.teacherId]);
    for (const teacherId of [...teachers].sort((a, b) => a - b)) {
      const was = paid.get(teacherId) ?? { hours: new Decimal(0), amount: new Decimal(0) };
      const now = teacherId === row.teacherId ? due : { hours: new Decimal(0), amount: new Decimal(0) };
      const hours = now.hours.minus(was.hours);
      const amount = now.amount.minus(was.amount);
      if (hours.isZero() && amount.isZero()) continue;
      if (!hasRight(auth.authorities, 'payroll:close')) {
        throw new AppError(
          'forbidden',
          t('This class belongs to the closed pay period {month}: only an admin can change it', { month: fromMonth }),
        );
      }
      posts.push({
        organisationId,
        teacherId,
        scheduleId: row.id,
        fromPeriodId,
        periodStart: firstDayOf(nextOpenMonth(fromMonth, closed)),
        hours,
        amount,
        reason: `Class ${row.id} of the closed period ${fromMonth} changed: it pays ${now.amount.toFixed(2)} (${now.hours.toFixed(2)} h) now, ${was.amount.toFixed(2)} (${was.hours.toFixed(2)} h) was paid`,
        createdById: auth.userId,
      });
    }
  }
  if (posts.length) await tx.payrollAdjustment.createMany({ data: posts });
}

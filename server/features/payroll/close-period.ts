import { COLUMN_MAX } from '../../../src/contracts/common';
import type { TPayrollCloseBody, TPayrollPeriod } from '../../../src/contracts/payroll';
import { recordAudit } from '../../audit/record-audit';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import { t, textList } from '../../i18n/text';
import { paidClassSql, teacherHoursSql, teacherPaySql } from '../money/class-amounts';
import { describeBlocker, findBlockers, inMonthSql } from './blockers';
import { checkMonth, firstDayOf, type MonthRange } from './months';
import { lockPayrollForClose } from './payroll-lock';
import { centreZone, findPeriod, periodSelect, toPeriod } from './payroll-review';

function alreadyClosed(month: string, closedAt?: Date): AppError {
  const message = closedAt
    ? t('{month} was already closed on {date}: a pay period closes once', {
        month,
        date: closedAt.toISOString().slice(0, 10),
      })
    : t('{month} was already closed: a pay period closes once', { month });
  return fieldError('month', message, { code: 'conflict' });
}

/**
 * The closed period of `range` and one line per COMPLETED class of the month (teacher hours x the
 * class's teacher hourly rate, the one definition), with its totals, in the caller's transaction
 * (the caller holds the payroll lock and has checked blockers). closePeriod and the demo seed use it.
 */
export async function writeClosedPeriod(
  tx: Prisma.TransactionClient,
  {
    organisationId,
    closedById,
    range,
    comments,
    closedAt,
  }: { organisationId: number; closedById: number; range: MonthRange; comments: string | null; closedAt?: Date },
) {
  // Issue 20, finding 4: each line and the month's total must fit Decimal(12,2); refused (400 on
  // month, nothing written) rather than overflowing. Rates are capped (RATE_MAX), a month's sum is not.
  const [pay] = await tx.$queryRaw<{ total: string | null; largest: string | null }[]>`
    SELECT SUM(${teacherPaySql})::text AS total, MAX(${teacherPaySql})::text AS largest
    FROM "Schedule" s
    WHERE ${inMonthSql(organisationId, range)} AND ${paidClassSql}`;
  if (new Prisma.Decimal(pay?.total ?? 0).gt(COLUMN_MAX) || new Prisma.Decimal(pay?.largest ?? 0).gt(COLUMN_MAX))
    throw fieldError(
      'month',
      t(
        'The pay of {month} would total {amount}: a month of pay totals at most 9,999,999,999.99 (check the teacher rates of its classes)',
        { month: range.month, amount: new Prisma.Decimal(pay?.total ?? 0).toFixed(2) },
      ),
    );
  const period = await tx.payrollPeriod.create({
    data: {
      organisationId,
      startDate: firstDayOf(range.month),
      endDate: new Date(`${range.endDate}T00:00:00Z`),
      closedById,
      comments,
      totalHours: 0,
      totalAmount: 0,
      ...(closedAt ? { closedAt } : {}),
    },
    select: { id: true },
  });
  await tx.$executeRaw`
    INSERT INTO "PayrollLine" ("periodId", "scheduleId", "teacherId", "startAt", "hours", "rate", "amount")
    SELECT ${period.id}, s."id", s."teacherId", s."teacherStartAt", ${teacherHoursSql},
           COALESCE(s."teacherHourlyRate", 0), ${teacherPaySql}
    FROM "Schedule" s
    WHERE ${inMonthSql(organisationId, range)} AND ${paidClassSql}
    ORDER BY s."teacherStartAt", s."id"`;
  const sums = await tx.payrollLine.aggregate({
    where: { periodId: period.id },
    _sum: { hours: true, amount: true },
    _count: true,
  });
  const totalHours = sums._sum.hours ?? new Prisma.Decimal(0);
  const totalAmount = sums._sum.amount ?? new Prisma.Decimal(0);
  await tx.payrollPeriod.update({ where: { id: period.id }, data: { totalHours, totalAmount } });
  return { period, sums, totalHours, totalAmount };
}

/**
 * Closes a month that is over, in one transaction: the period, one line per COMPLETED class of the
 * month (teacher hours x the class's teacher hourly rate, the one definition) and the audit event.
 * Blockers must be acknowledged (409 listing them otherwise). The centre's payroll lock serialises
 * closes and class changes; the unique (organisationId, startDate) is the last guard against a
 * second period.
 */
export async function closePeriod(
  prisma: PrismaClient,
  auth: AuthContext,
  body: Omit<TPayrollCloseBody, 'acknowledgeBlockers'> & { acknowledgeBlockers: boolean },
): Promise<TPayrollPeriod> {
  const organisationId = organisationOf(auth);
  const timeZone = await centreZone(prisma, organisationId);
  const range = checkMonth(body.month, timeZone, { mustBeOver: true });
  const periodId = await prisma
    .$transaction(
      async (tx: Prisma.TransactionClient) => {
        await lockPayrollForClose(tx, organisationId);
        const existing = await findPeriod(tx, organisationId, body.month);
        if (existing) throw alreadyClosed(body.month, existing.closedAt);
        const { blockers, count } = await findBlockers(tx, organisationId, range);
        if (count > 0 && !body.acknowledgeBlockers) {
          const listed = blockers.slice(0, 20).map((b) => t('- {blocker}', { blocker: describeBlocker(b) }));
          const more = count > listed.length ? [t('- and {count} more', { count: count - listed.length })] : [];
          const summary = t(
            count === 1
              ? '1 issue blocks a clean close of {month}: review it, or close with acknowledgeBlockers: true'
              : '{count} issues block a clean close of {month}: review them, or close with acknowledgeBlockers: true',
            { count, month: body.month },
          );
          throw new AppError('conflict', textList([summary, ...listed, ...more], '\n'), {
            fieldErrors: [{ field: 'acknowledgeBlockers', message: summary }],
          });
        }
        const { period, sums, totalHours, totalAmount } = await writeClosedPeriod(tx, {
          organisationId,
          closedById: auth.userId,
          range,
          comments: body.comments ?? null,
        });
        await recordAudit(tx, auth, [
          {
            entity: 'PAYROLL_PERIOD',
            entityId: period.id,
            action: 'CLOSE',
            before: null,
            after: {
              month: body.month,
              startDate: range.startDate,
              endDate: range.endDate,
              classes: sums._count,
              totalHours,
              totalAmount,
              blockers: count,
              acknowledgeBlockers: body.acknowledgeBlockers,
              comments: body.comments ?? null,
            },
          },
        ]);
        return period.id;
      },
      { timeout: 60_000, maxWait: 10_000 },
    )
    .catch((error: unknown) => {
      // Two closes that both passed the check (only without the lock): the unique index refuses one.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw alreadyClosed(body.month);
      }
      throw error;
    });
  const period = await prisma.payrollPeriod.findUniqueOrThrow({ where: { id: periodId }, select: periodSelect });
  return toPeriod(period);
}

import { Prisma } from '../../generated/prisma/client';

const { Decimal } = Prisma;
type Decimal = Prisma.Decimal;

/**
 * The money of one class, the one definition every part uses (charges, salary, reports, payroll):
 * minutes between two instants; an amount is `rate x minutes / 60` rounded half-up to the cent,
 * per class, before any sum. Decimal arithmetic only (decimal.js through Prisma.Decimal).
 */
export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000);
}

/** Hours shown for a class: minutes / 60 to the cent (1 h 20 min = 1.33). */
export function hoursBetween(start: Date, end: Date): Decimal {
  return new Decimal(minutesBetween(start, end)).div(60).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** rate x minutes / 60, to the cent (half-up); a missing rate pays nothing. */
export function amountFor(rate: Decimal | null | undefined, start: Date, end: Date): Decimal {
  if (!rate) return new Decimal(0);
  return new Decimal(rate).times(minutesBetween(start, end)).div(60).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** What a teacher earns for a completed class: teacher hours x the class's teacher hourly rate. */
export function teacherPay(row: { teacherHourlyRate: Decimal | null; teacherStartAt: Date; teacherEndAt: Date }) {
  return amountFor(row.teacherHourlyRate, row.teacherStartAt, row.teacherEndAt);
}

/**
 * The same teacher pay in SQL, for aggregates over many classes (alias `s` for "Schedule"):
 * ROUND(rate x minutes / 60, 2) per class — PostgreSQL's ROUND on numeric is half away from zero,
 * which for these non-negative amounts equals ROUND_HALF_UP above.
 */
export const teacherPaySql = Prisma.sql`ROUND(COALESCE(s."teacherHourlyRate", 0)
  * ROUND(EXTRACT(EPOCH FROM (s."teacherEndAt" - s."teacherStartAt")) / 60) / 60, 2)`;

/** Teacher hours of a class in SQL (alias `s`), minutes / 60 to the cent. */
export const teacherHoursSql = Prisma.sql`ROUND(ROUND(EXTRACT(EPOCH FROM (s."teacherEndAt" - s."teacherStartAt")) / 60) / 60, 2)`;

/**
 * A class its teacher is paid for, in SQL (alias `s`): a COMPLETED one, or a CANCELLED one whose
 * cancellation still pays the teacher (teacherPaid: a family's late cancellation under a policy that
 * pays teachers for them, issue 22). Every payroll and salary site uses it, so they agree.
 */
export const paidClassSql = Prisma.sql`(s."status" = 'COMPLETED' OR (s."status" = 'CANCELLED' AND s."teacherPaid"))`;

/** The same predicate for one class read into memory. */
export const isPaidClass = (row: { status: string; teacherPaid: boolean }) =>
  row.status === 'COMPLETED' || (row.status === 'CANCELLED' && row.teacherPaid);

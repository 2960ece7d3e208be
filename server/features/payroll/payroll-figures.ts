import type { TPayrollTeacherTotal } from '../../../src/contracts/payroll';
import { Prisma } from '../../generated/prisma/client';
import { paidClassSql, teacherHoursSql, teacherPaySql } from '../money/class-amounts';
import { inMonthSql, teacherNameSql } from './blockers';
import type { MonthRange } from './months';

type Db = Prisma.TransactionClient;
const { Decimal } = Prisma;
type Decimal = Prisma.Decimal;

interface TeacherFigures {
  teacherId: number;
  teacherName: string;
  classes: number;
  hours: string;
  amount: string;
}

/** An open month: its COMPLETED classes per teacher, pay by the one definition (class-amounts.ts). */
export function classFigures(db: Db, organisationId: number, range: MonthRange) {
  return db.$queryRaw<TeacherFigures[]>`
    SELECT s."teacherId", MIN(${teacherNameSql}) AS "teacherName", COUNT(*)::int AS "classes",
           SUM(${teacherHoursSql})::text AS "hours", SUM(${teacherPaySql})::text AS "amount"
    FROM "Schedule" s JOIN "Teacher" t ON t."id" = s."teacherId" JOIN "User" u ON u."id" = t."userId"
    WHERE ${inMonthSql(organisationId, range)} AND ${paidClassSql}
    GROUP BY s."teacherId"`;
}

/** A closed month: its lines per teacher (what was paid at close). */
export function lineFigures(db: Db, periodId: number) {
  return db.$queryRaw<TeacherFigures[]>`
    SELECT l."teacherId", MIN(${teacherNameSql}) AS "teacherName", COUNT(*)::int AS "classes",
           SUM(l."hours")::text AS "hours", SUM(l."amount")::text AS "amount"
    FROM "PayrollLine" l JOIN "Teacher" t ON t."id" = l."teacherId" JOIN "User" u ON u."id" = t."userId"
    WHERE l."periodId" = ${periodId}
    GROUP BY l."teacherId"`;
}

/** Adjustments posted into a month, per teacher. */
export function adjustmentFigures(db: Db, organisationId: number, month: string) {
  return db.$queryRaw<TeacherFigures[]>`
    SELECT a."teacherId", MIN(${teacherNameSql}) AS "teacherName", COUNT(*)::int AS "classes",
           SUM(a."hours")::text AS "hours", SUM(a."amount")::text AS "amount"
    FROM "PayrollAdjustment" a JOIN "Teacher" t ON t."id" = a."teacherId" JOIN "User" u ON u."id" = t."userId"
    WHERE a."organisationId" = ${organisationId} AND a."periodStart" = ${`${month}-01`}::date
    GROUP BY a."teacherId"`;
}

const sum = (values: readonly Decimal[]) => values.reduce((a, b) => a.plus(b), new Decimal(0));

/** Classes and adjustments merged per teacher (by name), with the month's totals. */
export function teacherTotals(classes: readonly TeacherFigures[], adjustments: readonly TeacherFigures[]) {
  const byTeacher = new Map<
    number,
    { name: string; classes: number; hours: Decimal; amount: Decimal; adjHours: Decimal; adjAmount: Decimal }
  >();
  const entry = (row: TeacherFigures) => {
    let found = byTeacher.get(row.teacherId);
    if (!found) {
      const zero = new Decimal(0);
      found = { name: row.teacherName, classes: 0, hours: zero, amount: zero, adjHours: zero, adjAmount: zero };
      byTeacher.set(row.teacherId, found);
    }
    return found;
  };
  for (const row of classes) {
    const e = entry(row);
    e.classes = row.classes;
    e.hours = new Decimal(row.hours);
    e.amount = new Decimal(row.amount);
  }
  for (const row of adjustments) {
    const e = entry(row);
    e.adjHours = new Decimal(row.hours);
    e.adjAmount = new Decimal(row.amount);
  }
  const rows = [...byTeacher.entries()].sort(([, a], [, b]) => a.name.localeCompare(b.name));
  const teachers: TPayrollTeacherTotal[] = rows.map(([id, e]) => ({
    teacher: { id, name: e.name },
    classes: e.classes,
    hours: e.hours.toFixed(2),
    amount: e.amount.toFixed(2),
    adjustmentHours: e.adjHours.toFixed(2),
    adjustmentAmount: e.adjAmount.toFixed(2),
    payable: e.amount.plus(e.adjAmount).toFixed(2),
  }));
  const values = rows.map(([, e]) => e);
  const amount = sum(values.map((e) => e.amount));
  const adjustmentAmount = sum(values.map((e) => e.adjAmount));
  return {
    teachers,
    totals: {
      classes: values.reduce((n, e) => n + e.classes, 0),
      hours: sum(values.map((e) => e.hours)).toFixed(2),
      amount: amount.toFixed(2),
      adjustmentHours: sum(values.map((e) => e.adjHours)).toFixed(2),
      adjustmentAmount: adjustmentAmount.toFixed(2),
      payable: amount.plus(adjustmentAmount).toFixed(2),
    },
  };
}

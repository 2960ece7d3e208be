// What an action moved on students' voucher balances, said before (a preview that saves nothing) and
// after (the entries the action posted), with the amounts (issue 19, section 3).
import type { TMoneyMove } from '../../../src/contracts/money-moves';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { fixed2 } from '../money/money-text';
import { chargeClassSelect, chargeDue } from './class-charges';

type Db = PrismaClient | Prisma.TransactionClient;
type Attendance = 'ATTENDED' | 'ABSENT' | 'EXCUSED' | 'NO_SHOW';

/** The last ledger entry id of a class: what an action posts after it is this action's. */
export async function ledgerMark(db: Db, scheduleId: number): Promise<number> {
  const top = await db.voucherLedgerEntry.aggregate({ where: { scheduleId }, _max: { id: true } });
  return top._max.id ?? 0;
}

/** Per student, the sum of the class's entries posted after `mark`; students whose sum is 0 left out. */
export async function movesSince(db: Db, scheduleId: number, mark: number): Promise<TMoneyMove[]> {
  const sums = await db.voucherLedgerEntry.groupBy({
    by: ['studentId'],
    where: { scheduleId, id: { gt: mark } },
    orderBy: { studentId: 'asc' },
    _sum: { amount: true },
  });
  const moved = sums.filter((s) => s._sum?.amount && !s._sum.amount.isZero());
  if (!moved.length) return [];
  const students = await db.student.findMany({
    where: { id: { in: moved.map((s) => s.studentId) } },
    select: { id: true, firstName: true, lastName: true },
  });
  const names = new Map(students.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
  return moved.map((s) => ({
    studentId: s.studentId,
    name: names.get(s.studentId) ?? '',
    amount: fixed2(s._sum?.amount ?? 0),
  }));
}

/** What setting one student's attendance would move: the live charge given back, the new one taken. */
export async function previewAttendance(
  prisma: PrismaClient,
  auth: AuthContext,
  { id, studentId }: { id: number; studentId: number },
  attendance: Attendance,
): Promise<{ moves: TMoneyMove[] }> {
  const row = await prisma.schedule.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: {
      ...chargeClassSelect,
      students: {
        select: { ...chargeClassSelect.students.select, student: { select: { firstName: true, lastName: true } } },
      },
    },
  });
  if (!row) throw notFound('Class', id);
  const line = row.students.find((s) => s.studentId === studentId);
  if (!line) throw new AppError('not_found', t('Student {studentId} is not in class {id}', { studentId, id }));
  const after = { ...row, students: row.students.map((s) => (s.studentId === studentId ? { ...s, attendance } : s)) };
  const live = await prisma.voucherLedgerEntry.findFirst({
    where: { scheduleId: id, studentId, kind: 'CLASS_CHARGE', reversedBy: null },
    select: { amount: true },
  });
  const charged = live ? live.amount.negated() : new Prisma.Decimal(0);
  const delta = charged.minus(chargeDue(after, studentId));
  if (delta.isZero()) return { moves: [] };
  const name = `${line.student.firstName} ${line.student.lastName}`;
  return { moves: [{ studentId, name, amount: fixed2(delta) }] };
}

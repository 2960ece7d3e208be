import { DateTime } from 'luxon';
import type { TChargeReason as ChargeReason } from '../../../src/contracts/vouchers';
import { Prisma } from '../../generated/prisma/client';
import { shareOf } from '../lessons/policy';
import { amountFor, hoursBetween } from '../money/class-amounts';
import {
  appendLedgerEntriesOf,
  type ClassFacts,
  type LedgerDraft,
  type LockedStudent,
  lockStudentBalances,
} from './ledger';

type Tx = Prisma.TransactionClient;
const { Decimal } = Prisma;
type Decimal = Prisma.Decimal;

export type { TChargeReason as ChargeReason } from '../../../src/contracts/vouchers';

export const chargeClassSelect = {
  id: true,
  organisationId: true,
  status: true,
  paymentType: true,
  price: true,
  hourlyRate: true,
  startAt: true,
  endAt: true,
  organisation: { select: { timeZone: true, noShowPercent: true } },
  students: {
    select: {
      studentId: true,
      attendance: true,
      hourlyRate: true,
      cancelledAt: true,
      chargePercent: true,
      makeUpCreditId: true,
    },
  },
} as const satisfies Prisma.ScheduleSelect;
type ChargeClass = Prisma.ScheduleGetPayload<{ select: typeof chargeClassSelect }>;

/**
 * What one student owes for one class: a COMPLETED VOUCHER class charges an ATTENDED student the
 * lesson (the class price when set, else hours x the student's rate on the class, the class rate when
 * the student has none), and a NO_SHOW the policy's share of it. A lesson cancelled for this student
 * (issue 22) owes the share fixed when it was cancelled (a late family cancellation), whatever the
 * class's status; a make-up lesson is paid by its credit and owes nothing. TERM, CASH and FREE
 * classes, absences and unrated classes owe nothing.
 */
export function chargeDue(row: ChargeClass, studentId: number): Decimal {
  const zero = new Decimal(0);
  if (row.paymentType !== 'VOUCHER') return zero;
  const student = row.students.find((s) => s.studentId === studentId);
  if (!student || student.makeUpCreditId !== null) return zero;
  const lesson = () =>
    row.price ? new Decimal(row.price) : amountFor(student.hourlyRate ?? row.hourlyRate, row.startAt, row.endAt);
  if (student.cancelledAt) return student.chargePercent ? shareOf(lesson(), student.chargePercent) : zero;
  if (row.status !== 'COMPLETED') return zero;
  if (student.attendance === 'ATTENDED') return lesson();
  if (student.attendance === 'NO_SHOW')
    return shareOf(lesson(), student.chargePercent ?? row.organisation.noShowPercent);
  return zero;
}

/** A line that may owe something now (a late-cancelled lesson of a class not yet taught counts). */
const mayOwe = (row: ChargeClass) =>
  row.paymentType === 'VOUCHER' &&
  (row.status === 'COMPLETED' || row.students.some((s) => s.cancelledAt !== null && (s.chargePercent ?? 0) > 0));

/**
 * Fixes the policy's no-show share on a NO_SHOW line the first time a sync sees it (a later policy
 * change never re-prices it) and clears it from a line that is no longer a no-show (nor cancelled).
 */
async function fixNoShowShares(tx: Tx, classes: ChargeClass[]) {
  for (const row of classes) {
    for (const line of row.students) {
      if (line.cancelledAt !== null) continue;
      const noShow = row.status === 'COMPLETED' && line.attendance === 'NO_SHOW';
      const percent = noShow ? (line.chargePercent ?? row.organisation.noShowPercent) : null;
      if (percent === line.chargePercent) continue;
      await tx.scheduleStudent.update({
        where: { scheduleId_studentId: { scheduleId: row.id, studentId: line.studentId } },
        data: { chargePercent: percent },
      });
      line.chargePercent = percent;
    }
  }
}

/** The student's line of the class as it is now: stored with each entry posted for it. */
function classFacts(row: ChargeClass, studentId: number): ClassFacts {
  const line = row.students.find((s) => s.studentId === studentId);
  return {
    attendance: line?.attendance ?? null,
    hours: hoursBetween(row.startAt, row.endAt),
    hourlyRate: line ? (line.hourlyRate ?? row.hourlyRate) : null,
    price: row.price,
  };
}

const key = (scheduleId: number, studentId: number) => `${scheduleId}:${studentId}`;

/**
 * Brings the voucher charges of `scheduleIds` in line with what the classes are now, in the caller's
 * transaction: for each (class, student) whose live charge (a CLASS_CHARGE not yet reversed) differs
 * from what is due, it posts a CHARGE_REVERSAL of the live charge and, when something is due, a new
 * CLASS_CHARGE numbered one past the last. Running it again changes nothing, so confirming twice, a
 * retry or a second operator never charge twice; the database refuses a second live charge as well
 * (unique (scheduleId, studentId, chargeSeq) and the charge-chain trigger).
 *
 * Every student concerned is locked first, in id order (no deadlock with another class's sync or a
 * purchase), and the live charges are read after the locks, so they are what the last writer committed.
 */
export async function syncClassCharges(
  tx: Tx,
  userId: number | null,
  scheduleIds: readonly number[],
  reason: ChargeReason,
): Promise<number> {
  const ids = [...new Set(scheduleIds)];
  if (!ids.length) return 0;
  // In time order: a student's entries for several classes follow the classes' order.
  const classes = await tx.schedule.findMany({
    where: { id: { in: ids } },
    select: chargeClassSelect,
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
  });
  const charged = await tx.voucherLedgerEntry.findMany({
    where: { scheduleId: { in: ids }, kind: 'CLASS_CHARGE' },
    select: { studentId: true },
    distinct: ['studentId'],
  });
  const studentIds = [
    ...new Set([...classes.flatMap((row) => row.students.map((s) => s.studentId)), ...charged.map((c) => c.studentId)]),
  ].sort((a, b) => a - b);
  if (!studentIds.length || !classes.length) return 0;

  // Nothing can be due and nothing was charged (a planned class, a TERM class): no lock, no entry.
  if (!charged.length && !classes.some(mayOwe)) return 0;
  await fixNoShowShares(tx, classes);
  const organisationId = classes[0].organisationId;
  const locked = await lockStudentBalances(tx, organisationId, studentIds);

  const entries = await tx.voucherLedgerEntry.findMany({
    where: { scheduleId: { in: ids }, kind: 'CLASS_CHARGE' },
    select: {
      id: true,
      scheduleId: true,
      studentId: true,
      amount: true,
      chargeSeq: true,
      reversedBy: { select: { id: true } },
    },
  });
  const live = new Map<string, (typeof entries)[number]>();
  const lastSeq = new Map<string, number>();
  for (const entry of entries) {
    const k = key(entry.scheduleId as number, entry.studentId);
    lastSeq.set(k, Math.max(lastSeq.get(k) ?? 0, entry.chargeSeq ?? 0));
    if (!entry.reversedBy) live.set(k, entry);
  }

  const drafts = new Map<number, LedgerDraft[]>();
  const post = (studentId: number, draft: LedgerDraft) =>
    drafts.set(studentId, [...(drafts.get(studentId) ?? []), draft]);
  for (const row of classes) {
    const entryDate = new Date(
      `${DateTime.fromJSDate(row.startAt).setZone(row.organisation.timeZone).toISODate()}T00:00:00Z`,
    );
    for (const studentId of studentIds) {
      const k = key(row.id, studentId);
      const current = live.get(k);
      const due = chargeDue(row, studentId);
      if (current ? current.amount.negated().equals(due) : due.isZero()) continue;
      if (current)
        post(studentId, {
          kind: 'CHARGE_REVERSAL',
          amount: current.amount.negated(),
          entryDate,
          scheduleId: row.id,
          chargeSeq: current.chargeSeq,
          reversesId: current.id,
          note: reason,
          facts: classFacts(row, studentId),
        });
      if (!due.isZero())
        post(studentId, {
          kind: 'CLASS_CHARGE',
          amount: due.negated(),
          entryDate,
          scheduleId: row.id,
          chargeSeq: (lastSeq.get(k) ?? 0) + 1,
          note: reason,
          facts: classFacts(row, studentId),
        });
    }
  }
  // Every student's entries in one INSERT and their balances in one UPDATE, in student id order.
  const batches = [...drafts]
    .sort(([a], [b]) => a - b)
    .map(([studentId, list]) => ({ locked: locked.get(studentId) as LockedStudent, drafts: list }));
  await appendLedgerEntriesOf(tx, batches, userId, 'students');
  return batches.reduce((sum, batch) => sum + batch.drafts.length, 0);
}

import { BALANCE_MAX } from '../../../src/contracts/common';
import { type Attendance, Prisma, type VoucherLedgerKind } from '../../generated/prisma/client';
import { fieldError } from '../../http/errors';
import { t } from '../../i18n/text';

type Tx = Prisma.TransactionClient;
const { Decimal } = Prisma;
type Decimal = Prisma.Decimal;

/** One entry to post; its balanceAfter is computed here, under the student's row lock. */
export interface LedgerDraft {
  kind: VoucherLedgerKind;
  /** Signed: credit > 0, charge or refund < 0. */
  amount: Decimal;
  entryDate: Date;
  purchaseId?: number | null;
  scheduleId?: number | null;
  chargeSeq?: number | null;
  reversesId?: number | null;
  note?: string | null;
  /** Class entries: the student's line of the class when posted (kept, never re-read later). */
  facts?: ClassFacts;
}

/** What was true of a class for one student when an entry was posted. */
export interface ClassFacts {
  attendance: Attendance | null;
  hours: Decimal;
  hourlyRate: Decimal | null;
  price: Decimal | null;
}

export interface LockedStudent {
  organisationId: number;
  studentId: number;
  balance: Decimal;
}

/**
 * Locks the student's row (SELECT ... FOR NO KEY UPDATE) and reads the cached balance: every ledger write
 * of one student runs after this in its transaction, so concurrent writes serialize and each entry's
 * balanceAfter continues the previous one. The weakest lock that does so (issue 24, item 4): it
 * conflicts with itself, an UPDATE and a DELETE of the row, but not with the KEY SHARE lock that the
 * foreign-key checks of rows naming the student take (a ScheduleStudent insert does not wait for it). Refuses (400 on `field`) a student of another centre.
 */
export async function lockStudentBalance(
  tx: Tx,
  organisationId: number,
  studentId: number,
  field = 'studentId',
): Promise<LockedStudent> {
  const locked = await lockStudentBalances(tx, organisationId, [studentId], field);
  return locked.get(studentId) as LockedStudent;
}

/**
 * Issue 20, finding 4: a voucher balance stays within -BALANCE_MAX..BALANCE_MAX, so every entry and
 * running balance fits Decimal(12,2). A move that takes |balance| past the cap is refused (400 on
 * `field`, nothing written); one that brings a balance back towards it (a balance from before the cap)
 * is always allowed. Checks every running balance of `drafts`, in order.
 */
export function checkBalanceLimit(start: Decimal, drafts: readonly LedgerDraft[], field: string) {
  let balance = start;
  for (const draft of drafts) {
    const after = balance.plus(draft.amount);
    if (after.abs().gt(BALANCE_MAX) && after.abs().gt(balance.abs()))
      throw fieldError(
        field,
        t('The voucher balance would be {after}: a voucher balance stays from -1,000,000,000.00 to 1,000,000,000.00', {
          after: after.toFixed(2),
        }),
      );
    balance = after;
  }
}

/**
 * Locks several students' rows in one statement, in id order (every writer of several students locks
 * them in id order, so two never deadlock), as `lockStudentBalance` does for one. Refuses (400 on
 * `field`) when one is not a student of this centre.
 */
export async function lockStudentBalances(
  tx: Tx,
  organisationId: number,
  studentIds: readonly number[],
  field = 'studentId',
): Promise<Map<number, LockedStudent>> {
  const ids = [...new Set(studentIds)].sort((a, b) => a - b);
  const locked = new Map<number, LockedStudent>();
  if (!ids.length) return locked;
  // ORDER BY under FOR NO KEY UPDATE: the rows are locked as they come out of the sort, in id order.
  const rows = await tx.$queryRaw<{ id: number; balance: string }[]>`
    SELECT "id", "voucherBalance"::text AS balance FROM "Student"
    WHERE "id" = ANY(${ids}::int[]) AND "organisationId" = ${organisationId}
    ORDER BY "id" FOR NO KEY UPDATE`;
  for (const row of rows) locked.set(row.id, { organisationId, studentId: row.id, balance: new Decimal(row.balance) });
  if (locked.size !== ids.length) throw fieldError(field, 'Choose a student of this centre');
  return locked;
}

/**
 * Appends entries after the locked balance and writes the new cached balance, in the caller's
 * transaction. Returns the balance after the last entry.
 */
export async function appendLedgerEntries(
  tx: Tx,
  locked: LockedStudent,
  createdById: number | null,
  drafts: readonly LedgerDraft[],
  /** The field a refusal names when the balance would leave its limits (checkBalanceLimit). */
  field = 'voucherAmount',
): Promise<Decimal> {
  const [balance] = await appendLedgerEntriesOf(tx, [{ locked, drafts }], createdById, field);
  return balance;
}

/**
 * `appendLedgerEntries` for several locked students at once, in two statements whatever their number
 * (issue 24, item 4: each statement is a round trip while the students' and the class's rows are
 * locked): one INSERT of every entry, in the order given (ids follow each student's running balance,
 * and a charge's reversal comes before the charge that follows it, as the charge-chain trigger asks),
 * and one UPDATE of the cached balances. Every limit is checked before anything is written. Returns
 * each student's balance after its last entry, in the order given.
 */
export async function appendLedgerEntriesOf(
  tx: Tx,
  batches: readonly { locked: LockedStudent; drafts: readonly LedgerDraft[] }[],
  createdById: number | null,
  field = 'voucherAmount',
): Promise<Decimal[]> {
  for (const { locked, drafts } of batches) checkBalanceLimit(locked.balance, drafts, field);
  if (new Set(batches.map(({ locked }) => locked.studentId)).size !== batches.length)
    throw new Error('appendLedgerEntriesOf: one batch per student');
  const balances: Decimal[] = [];
  const updates: { studentId: number; balance: string }[] = [];
  const data = batches.flatMap(({ locked, drafts }) => {
    let balance = locked.balance;
    const rows = drafts.map((draft) => {
      balance = balance.plus(draft.amount);
      return {
        organisationId: locked.organisationId,
        studentId: locked.studentId,
        createdById,
        kind: draft.kind,
        amount: draft.amount,
        balanceAfter: balance,
        entryDate: draft.entryDate,
        purchaseId: draft.purchaseId ?? null,
        scheduleId: draft.scheduleId ?? null,
        chargeSeq: draft.chargeSeq ?? null,
        reversesId: draft.reversesId ?? null,
        note: draft.note ?? null,
        ...(draft.facts ?? {}),
      };
    });
    balances.push(balance);
    if (rows.length) updates.push({ studentId: locked.studentId, balance: balance.toFixed(2) });
    return rows;
  });
  if (!data.length) return balances;
  // One multi-row INSERT: its rows take their ids, and meet the BEFORE INSERT trigger, in list order.
  await tx.voucherLedgerEntry.createMany({ data });
  await tx.$executeRaw`
    UPDATE "Student" s SET "voucherBalance" = v.balance, "updatedAt" = ${new Date()}
      FROM unnest(${updates.map((u) => u.studentId)}::int[], ${updates.map((u) => u.balance)}::numeric[]) AS v(id, balance)
     WHERE s."id" = v.id`;
  return balances;
}

/** The balance after a list of drafts, without writing anything. */
export function balanceAfter(start: Decimal, drafts: readonly LedgerDraft[]): Decimal {
  return drafts.reduce((sum, draft) => sum.plus(draft.amount), start);
}

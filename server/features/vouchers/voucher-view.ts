import type { TLedgerChange, TPostedFacts } from '../../../src/contracts/vouchers';
import type { Prisma } from '../../generated/prisma/client';
import { isoDate, money } from '../../http/list';

const userName = { id: true, firstName: true, lastName: true, login: true } as const;

/** A user as {id, name}: full name, or login when there is none. */
export function namedUser(user: { id: number; firstName: string | null; lastName: string | null; login: string }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { id: user.id, name: fullName || user.login };
}

/** A purchase's own facts, without the desk's note or who entered it (what a family may read of it). */
export const purchaseFactsSelect = {
  id: true,
  type: true,
  purchaseDate: true,
  voucherAmount: true,
  giftAmount: true,
  paymentMethod: true,
  classCount: true,
  classRate: true,
  balanceAfter: true,
} as const satisfies Prisma.VoucherPurchaseSelect;

export const voucherPurchaseSelect = {
  ...purchaseFactsSelect,
  comments: true,
  createdAt: true,
  studentId: true,
  student: { select: { id: true, studentId: true, firstName: true, lastName: true } },
  enteredBy: { select: userName },
} as const satisfies Prisma.VoucherPurchaseSelect;

export type VoucherPurchaseRow = Prisma.VoucherPurchaseGetPayload<{ select: typeof voucherPurchaseSelect }>;

export function toVoucherPurchase(row: VoucherPurchaseRow) {
  return {
    id: row.id,
    student: {
      id: row.student.id,
      studentId: row.student.studentId,
      name: `${row.student.firstName} ${row.student.lastName}`,
    },
    type: row.type,
    purchaseDate: isoDate(row.purchaseDate) ?? '',
    voucherAmount: money(row.voucherAmount) ?? '0.00',
    giftAmount: money(row.giftAmount) ?? '0.00',
    paymentMethod: row.paymentMethod,
    classCount: row.classCount,
    classRate: money(row.classRate),
    comments: row.comments,
    enteredBy: namedUser(row.enteredBy),
    balanceAfter: money(row.balanceAfter) ?? '0.00',
    createdAt: row.createdAt.toISOString(),
  };
}

const postedFacts = { attendance: true, hours: true, hourlyRate: true, price: true } as const;

export const ledgerEntrySelect = {
  id: true,
  kind: true,
  amount: true,
  balanceAfter: true,
  entryDate: true,
  purchaseId: true,
  scheduleId: true,
  reversesId: true,
  note: true,
  createdAt: true,
  createdBy: { select: userName },
  ...postedFacts,
  reverses: { select: postedFacts },
  schedule: {
    select: {
      id: true,
      startAt: true,
      endAt: true,
      course: { select: { name: true } },
      teacher: { select: { user: { select: userName } } },
    },
  },
} as const satisfies Prisma.VoucherLedgerEntrySelect;

type LedgerEntryRow = Prisma.VoucherLedgerEntryGetPayload<{ select: typeof ledgerEntrySelect }>;
type FactsRow = Prisma.VoucherLedgerEntryGetPayload<{ select: typeof postedFacts }>;

/** The facts an entry stored when posted, as the API writes them; null when none were stored. */
function toPostedFacts(row: FactsRow): TPostedFacts | null {
  if (row.attendance === null && row.hours === null && row.hourlyRate === null && row.price === null) return null;
  return {
    attendance: row.attendance,
    hours: money(row.hours),
    hourlyRate: money(row.hourlyRate),
    price: money(row.price),
  };
}

/** What a reversal changed: the fields whose stored values differ from the charge it reverses. */
function changesOf(row: LedgerEntryRow): TLedgerChange[] {
  const before = row.reverses && toPostedFacts(row.reverses);
  const after = toPostedFacts(row);
  if (!before || !after) return [];
  return (['attendance', 'hours', 'hourlyRate', 'price'] as const)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, from: before[field], to: after[field] }));
}

export function toLedgerEntry(row: LedgerEntryRow) {
  const s = row.schedule;
  return {
    id: row.id,
    kind: row.kind,
    purchaseId: row.purchaseId,
    scheduleId: row.scheduleId,
    reversesId: row.reversesId,
    note: row.note,
    class: s
      ? {
          id: s.id,
          startAt: s.startAt.toISOString(),
          endAt: s.endAt.toISOString(),
          course: s.course.name,
          teacher: namedUser(s.teacher.user).name,
        }
      : null,
    posted: toPostedFacts(row),
    changes: changesOf(row),
    amount: money(row.amount) ?? '0.00',
    balanceAfter: money(row.balanceAfter) ?? '0.00',
    entryDate: isoDate(row.entryDate) ?? '',
    createdBy: row.createdBy ? namedUser(row.createdBy) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

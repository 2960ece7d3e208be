import type { Prisma } from '../../generated/prisma/client';
import { isoDate, money } from '../../http/list';
import { hoursBetween } from '../money/class-amounts';

const userName = { id: true, firstName: true, lastName: true, login: true } as const;

/** A user as {id, name}: full name, or login when there is none. */
export function namedUser(user: { id: number; firstName: string | null; lastName: string | null; login: string }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { id: user.id, name: fullName || user.login };
}

export const voucherPurchaseSelect = {
  id: true,
  type: true,
  purchaseDate: true,
  voucherAmount: true,
  giftAmount: true,
  paymentMethod: true,
  comments: true,
  balanceAfter: true,
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
    comments: row.comments,
    enteredBy: namedUser(row.enteredBy),
    balanceAfter: money(row.balanceAfter) ?? '0.00',
    createdAt: row.createdAt.toISOString(),
  };
}

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
  studentId: true,
  schedule: {
    select: {
      id: true,
      status: true,
      startAt: true,
      endAt: true,
      hourlyRate: true,
      price: true,
      course: { select: { name: true } },
      teacher: { select: { user: { select: userName } } },
      students: { select: { studentId: true, attendance: true, hourlyRate: true } },
    },
  },
} as const satisfies Prisma.VoucherLedgerEntrySelect;

type LedgerEntryRow = Prisma.VoucherLedgerEntryGetPayload<{ select: typeof ledgerEntrySelect }>;

/** The charged class as the ledger shows it: when, what, who, and this student's attendance and rate. */
function chargedClass(row: LedgerEntryRow) {
  const s = row.schedule;
  if (!s) return null;
  const line = s.students.find((st) => st.studentId === row.studentId);
  return {
    id: s.id,
    startAt: s.startAt.toISOString(),
    endAt: s.endAt.toISOString(),
    course: s.course.name,
    teacher: namedUser(s.teacher.user).name,
    status: s.status,
    attendance: line?.attendance ?? null,
    hours: hoursBetween(s.startAt, s.endAt).toFixed(2),
    hourlyRate: money(line?.hourlyRate ?? s.hourlyRate),
    price: money(s.price),
  };
}

export function toLedgerEntry({ schedule: _s, studentId: _id, ...row }: LedgerEntryRow) {
  return {
    ...row,
    class: chargedClass({ schedule: _s, studentId: _id, ...row }),
    amount: money(row.amount) ?? '0.00',
    balanceAfter: money(row.balanceAfter) ?? '0.00',
    entryDate: isoDate(row.entryDate) ?? '',
    createdBy: namedUser(row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}

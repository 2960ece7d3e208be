import type { Prisma } from '../../generated/prisma/client';
import { isoDate, money } from '../../http/list';

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
} as const satisfies Prisma.VoucherLedgerEntrySelect;

type LedgerEntryRow = Prisma.VoucherLedgerEntryGetPayload<{ select: typeof ledgerEntrySelect }>;

export function toLedgerEntry(row: LedgerEntryRow) {
  return {
    ...row,
    amount: money(row.amount) ?? '0.00',
    balanceAfter: money(row.balanceAfter) ?? '0.00',
    entryDate: isoDate(row.entryDate) ?? '',
    createdBy: namedUser(row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}

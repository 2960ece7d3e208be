// A child's balance history in family words: each entry's date, amount and balance after; a lesson
// charge with the lesson, the child's attendance, hours and the child's rate (never the teacher's).
import type { z } from 'zod';
import type { portalEndpoints, TPortalEntryKind, TPortalLedgerReply } from '../../../src/contracts/portal';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate, money, pageArgs } from '../../http/list';
import { portalChild, teacherName, teacherNameSelect } from './household-of';

type Query = z.output<typeof portalEndpoints.ledger.query>;

const FAMILY_KIND: Record<Prisma.VoucherLedgerEntryGetPayload<object>['kind'], TPortalEntryKind> = {
  PURCHASE: 'PURCHASE',
  GIFT: 'GIFT',
  CLASS_CHARGE: 'LESSON_CHARGE',
  CHARGE_REVERSAL: 'CHARGE_REVERSED',
  REFUND: 'REFUND',
  ADJUSTMENT: 'ADJUSTMENT',
};

/** A ledger entry as the family sees it (the portal's balance history and the household export). */
export const portalEntrySelect = {
  id: true,
  kind: true,
  amount: true,
  balanceAfter: true,
  entryDate: true,
  purchaseId: true,
  attendance: true,
  hours: true,
  hourlyRate: true,
  price: true,
  schedule: {
    select: { id: true, startAt: true, endAt: true, course: { select: { name: true } }, teacher: teacherNameSelect },
  },
} as const satisfies Prisma.VoucherLedgerEntrySelect;

export function toPortalEntry(row: Prisma.VoucherLedgerEntryGetPayload<{ select: typeof portalEntrySelect }>) {
  return {
    id: row.id,
    kind: FAMILY_KIND[row.kind],
    date: isoDate(row.entryDate) ?? '',
    amount: money(row.amount) ?? '0.00',
    balanceAfter: money(row.balanceAfter) ?? '0.00',
    hours: money(row.hours),
    rate: money(row.hourlyRate),
    price: money(row.price),
    attendance: row.attendance,
    lesson: row.schedule
      ? {
          id: row.schedule.id,
          startAt: row.schedule.startAt.toISOString(),
          endAt: row.schedule.endAt.toISOString(),
          course: row.schedule.course.name,
          teacher: teacherName(row.schedule.teacher.user),
        }
      : null,
    purchaseId: row.purchaseId,
    hasReceipt: row.purchaseId !== null && row.kind !== 'GIFT',
  };
}

export async function portalLedger(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  query: Query,
): Promise<TPortalLedgerReply> {
  const { scope, child } = await portalChild(prisma, auth, id);
  const where = { organisationId: scope.organisationId, studentId: child.id };
  const [rows, total, student] = await prisma.$transaction([
    prisma.voucherLedgerEntry.findMany({
      where,
      orderBy: { id: 'desc' },
      ...pageArgs(query),
      select: portalEntrySelect,
    }),
    prisma.voucherLedgerEntry.count({ where }),
    prisma.student.findUniqueOrThrow({ where: { id: child.id }, select: { voucherBalance: true } }),
  ]);
  return {
    data: rows.map(toPortalEntry),
    total,
    success: true,
    child,
    balance: money(student.voucherBalance) ?? '0.00',
  };
}

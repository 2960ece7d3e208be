import type { Prisma, PrismaClient } from '../../generated/prisma/client';

/**
 * The student's usual class charge: what their last voucher class charge took (the same definition as
 * "about N classes left" on the student's page). A package of N classes is sold at N times it.
 */
export function lastClassCharge(
  db: Prisma.TransactionClient | PrismaClient,
  organisationId: number,
  studentId: number,
) {
  return db.voucherLedgerEntry.findFirst({
    where: { organisationId, studentId, kind: 'CLASS_CHARGE' },
    orderBy: { id: 'desc' },
    select: { amount: true },
  });
}

/** The usual charge as a positive amount, null before any class charge (or a charge of 0). */
export function usualClassCharge(last: { amount: Prisma.Decimal } | null): Prisma.Decimal | null {
  const usual = last ? last.amount.negated() : null;
  return usual?.gt(0) ? usual : null;
}

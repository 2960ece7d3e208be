import type { z } from 'zod';
import type { ZLedgerQuery } from '../../../src/contracts/vouchers';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { money, pageArgs, toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { lastClassCharge } from './usual-class';
import { ledgerEntrySelect, toLedgerEntry } from './voucher-view';

type Query = z.output<typeof ZLedgerQuery>;
const zero = () => new Prisma.Decimal(0);

/**
 * The student's entries with entryDate in [from, to], newest first (id order is the order of the
 * running balance), and totals derived from the whole ledger by kind.
 */
export async function studentLedger(prisma: PrismaClient, auth: AuthContext, id: number, query: Query) {
  const organisationId = organisationOf(auth);
  const student = await prisma.student.findFirst({
    where: { id, organisationId },
    select: { id: true },
  });
  if (!student) throw notFound('Student', id);
  const where: Prisma.VoucherLedgerEntryWhereInput = {
    organisationId,
    studentId: id,
    entryDate: {
      ...(query.from ? { gte: toDbDate(query.from) ?? undefined } : {}),
      ...(query.to ? { lte: toDbDate(query.to) ?? undefined } : {}),
    },
  };
  const [rows, total, sums, cached, lastCharge] = await prisma.$transaction([
    prisma.voucherLedgerEntry.findMany({
      where,
      orderBy: { id: 'desc' },
      ...pageArgs(query),
      select: ledgerEntrySelect,
    }),
    prisma.voucherLedgerEntry.count({ where }),
    prisma.voucherLedgerEntry.groupBy({
      by: ['kind'],
      where: { organisationId, studentId: id },
      orderBy: { kind: 'asc' },
      _sum: { amount: true },
    }),
    // Read in the same snapshot as the sums (PostgreSQL runs a batch in one transaction).
    prisma.student.findFirstOrThrow({ where: { id }, select: { voucherBalance: true } }),
    lastClassCharge(prisma, organisationId, id),
  ]);
  // "About N classes left" at the student's usual class: what their last class charge took.
  const usual = lastCharge ? lastCharge.amount.negated() : null;
  const classesLeft =
    usual?.gt(0) && cached.voucherBalance.gt(0)
      ? cached.voucherBalance.div(usual).floor().toNumber()
      : usual
        ? 0
        : null;
  const byKind = (kind: string) => sums.find((s) => s.kind === kind)?._sum?.amount ?? zero();
  const balance = sums.reduce((sum, s) => sum.plus(s._sum?.amount ?? 0), zero());
  const str = (value: Prisma.Decimal) => money(value) ?? '0.00';
  return {
    data: rows.map(toLedgerEntry),
    total,
    success: true as const,
    totals: {
      balance: str(balance),
      totalPurchased: str(byKind('PURCHASE')),
      totalGift: str(byKind('GIFT')),
      totalPaidFromVoucher: str(byKind('CLASS_CHARGE').plus(byKind('CHARGE_REVERSAL')).negated()),
      totalRefunded: str(byKind('REFUND').negated()),
      totalAdjusted: str(byKind('ADJUSTMENT')),
      voucherBalance: str(cached.voucherBalance),
      usualClassCharge: usual ? str(usual) : null,
      classesLeft,
    },
  };
}

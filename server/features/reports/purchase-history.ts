// Student purchase history: the voucher purchases (PURCHASE / REFUND / ADJUSTMENT rows) of a range of
// purchase dates, one student or all, oldest first, with totals over every matching row.
import type { TPurchaseHistoryQuery, TPurchaseHistoryTotals } from '../../../src/contracts/reports';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { money, pageArgs, toDbDate } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import { toVoucherPurchase, voucherPurchaseSelect } from '../vouchers/voucher-view';
import { checkStudent, reportLocations } from './report-scope';

const { Decimal } = Prisma;

export type PurchaseFilters = Pick<TPurchaseHistoryQuery, 'studentId' | 'type' | 'from' | 'to'>;

/** `locationIds` (issue 23, report-scope.ts reportLocations): only students enrolled at these locations. */
export function purchaseWhere(
  organisationId: number,
  filters: PurchaseFilters,
  locationIds?: number[],
): Prisma.VoucherPurchaseWhereInput {
  return {
    organisationId,
    studentId: filters.studentId,
    student: locationIds ? { locationId: { in: locationIds } } : undefined,
    type: filters.type,
    purchaseDate: { gte: toDbDate(filters.from) ?? undefined, lte: toDbDate(filters.to) ?? undefined },
  };
}

/** Oldest first, then in the order entered: the order of the balances after each row. */
export const purchaseOrder = [
  { purchaseDate: 'asc' },
  { id: 'asc' },
] satisfies Prisma.VoucherPurchaseOrderByWithRelationInput[];

type TypeSums = { type: string; _sum: { voucherAmount: Prisma.Decimal | null; giftAmount: Prisma.Decimal | null } }[];

/** The totals of the rows from their sums per type (at most three groups, summed by the database). */
export function purchaseTotals(sums: TypeSums): TPurchaseHistoryTotals {
  const of = (type: string) => sums.find((s) => s.type === type)?._sum.voucherAmount ?? new Decimal(0);
  const purchased = of('PURCHASE');
  const refunded = of('REFUND');
  const adjusted = of('ADJUSTMENT');
  const gift = sums.reduce((total, s) => total.plus(s._sum.giftAmount ?? 0), new Decimal(0));
  // The voucher purchase list's definition: a refund gives money back, an adjustment counts signed.
  const voucherAmount = purchased.minus(refunded).plus(adjusted);
  const text = (value: Prisma.Decimal) => money(value) ?? '0.00';
  return {
    voucherAmount: text(voucherAmount),
    giftAmount: text(gift),
    purchased: text(purchased),
    refunded: text(refunded),
    adjusted: text(adjusted),
    net: text(voucherAmount.plus(gift)),
  };
}

export function sumsByType(prisma: PrismaClient, where: Prisma.VoucherPurchaseWhereInput) {
  return prisma.voucherPurchase.groupBy({
    by: ['type'],
    where,
    orderBy: { type: 'asc' },
    _sum: { voucherAmount: true, giftAmount: true },
  });
}

export async function purchaseHistory(prisma: PrismaClient, auth: AuthContext, query: TPurchaseHistoryQuery) {
  const organisationId = organisationOf(auth);
  await checkStudent(prisma, auth, query.studentId);
  const where = purchaseWhere(organisationId, query, await reportLocations(prisma, auth, query.locationId));
  const [rows, total, sums] = await prisma.$transaction([
    prisma.voucherPurchase.findMany({
      where,
      orderBy: purchaseOrder,
      ...pageArgs(query),
      select: voucherPurchaseSelect,
    }),
    prisma.voucherPurchase.count({ where }),
    sumsByType(prisma, where),
  ]);
  return { data: rows.map(toVoucherPurchase), total, success: true as const, totals: purchaseTotals(sums) };
}

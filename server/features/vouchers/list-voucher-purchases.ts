import type { z } from 'zod';
import type { TVoucherPurchaseListQuery, ZVoucherPurchaseFilters } from '../../../src/contracts/vouchers';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { money, pageArgs, sortArgs, toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { toVoucherPurchase, voucherPurchaseSelect } from './voucher-view';

type Filters = z.output<typeof ZVoucherPurchaseFilters>;

function purchaseWhere(organisationId: number, filters: Filters): Prisma.VoucherPurchaseWhereInput {
  return {
    organisationId,
    studentId: filters.studentId,
    type: filters.type,
    purchaseDate: {
      ...(filters.from ? { gte: toDbDate(filters.from) ?? undefined } : {}),
      ...(filters.to ? { lte: toDbDate(filters.to) ?? undefined } : {}),
    },
  };
}

export async function listVoucherPurchases(prisma: PrismaClient, auth: AuthContext, query: TVoucherPurchaseListQuery) {
  const where = purchaseWhere(organisationOf(auth), query);
  const orderBy = query.sortField
    ? sortArgs(query.sortField, query.sortOrder, 'purchaseDate')
    : sortArgs('purchaseDate', 'descend', 'purchaseDate');
  const [rows, total, sums] = await prisma.$transaction([
    prisma.voucherPurchase.findMany({ where, orderBy, ...pageArgs(query), select: voucherPurchaseSelect }),
    prisma.voucherPurchase.count({ where }),
    prisma.voucherPurchase.groupBy({
      by: ['type'],
      where,
      orderBy: { type: 'asc' },
      _sum: { voucherAmount: true, giftAmount: true },
    }),
  ]);
  // Net of the filtered rows: a refund gives money back (minus), an adjustment counts with its sign.
  let voucherAmount = new Prisma.Decimal(0);
  let giftAmount = new Prisma.Decimal(0);
  for (const sum of sums) {
    const voucher = sum._sum?.voucherAmount ?? new Prisma.Decimal(0);
    voucherAmount = sum.type === 'REFUND' ? voucherAmount.minus(voucher) : voucherAmount.plus(voucher);
    giftAmount = giftAmount.plus(sum._sum?.giftAmount ?? 0);
  }
  return {
    data: rows.map(toVoucherPurchase),
    total,
    success: true as const,
    totals: { voucherAmount: money(voucherAmount) ?? '0.00', giftAmount: money(giftAmount) ?? '0.00' },
  };
}

export async function getVoucherPurchase(prisma: PrismaClient, auth: AuthContext, id: number) {
  const row = await prisma.voucherPurchase.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: voucherPurchaseSelect,
  });
  if (!row) throw notFound('Voucher purchase', id);
  return toVoucherPurchase(row);
}

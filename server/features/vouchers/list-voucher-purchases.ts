import type { Response } from 'express';
import type { z } from 'zod';
import type { TVoucherPurchaseListQuery, ZVoucherPurchaseFilters } from '../../../src/contracts/vouchers';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { money, pageArgs, sortArgs, toDbDate } from '../../http/list';
import { type Column, cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { notFound, organisationOf } from '../../http/tenancy';
import { sitesOf, studentSiteWhere } from '../locations/sites';
import { paymentMethodLabel } from './payment-methods';
import { namedUser, toVoucherPurchase, type VoucherPurchaseRow, voucherPurchaseSelect } from './voucher-view';

type Filters = z.output<typeof ZVoucherPurchaseFilters>;

function purchaseWhere(organisationId: number, filters: Filters, auth?: AuthContext): Prisma.VoucherPurchaseWhereInput {
  const sites = studentSiteWhere(auth);
  return {
    organisationId,
    // A site-limited operator sees their sites' students' purchases only (issue 23).
    ...(sites.locationId ? { student: sites } : {}),
    studentId: filters.studentId,
    type: filters.type,
    purchaseDate: {
      ...(filters.from ? { gte: toDbDate(filters.from) ?? undefined } : {}),
      ...(filters.to ? { lte: toDbDate(filters.to) ?? undefined } : {}),
    },
  };
}

/** Net sums of the filtered rows: a refund counts minus, an adjustment with its sign, gifts as given. */
async function purchaseTotals(prisma: PrismaClient, where: Prisma.VoucherPurchaseWhereInput) {
  const sums = await prisma.voucherPurchase.groupBy({
    by: ['type'],
    where,
    orderBy: { type: 'asc' },
    _sum: { voucherAmount: true, giftAmount: true },
  });
  return netTotals(sums);
}

function netTotals(
  sums: { type: string; _sum?: { voucherAmount?: Prisma.Decimal | null; giftAmount?: Prisma.Decimal | null } }[],
) {
  let voucherAmount = new Prisma.Decimal(0);
  let giftAmount = new Prisma.Decimal(0);
  for (const sum of sums) {
    const voucher = sum._sum?.voucherAmount ?? new Prisma.Decimal(0);
    voucherAmount = sum.type === 'REFUND' ? voucherAmount.minus(voucher) : voucherAmount.plus(voucher);
    giftAmount = giftAmount.plus(sum._sum?.giftAmount ?? 0);
  }
  return { voucherAmount, giftAmount };
}

export async function listVoucherPurchases(prisma: PrismaClient, auth: AuthContext, query: TVoucherPurchaseListQuery) {
  const where = purchaseWhere(organisationOf(auth), query, auth);
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
  const { voucherAmount, giftAmount } = netTotals(sums);
  return {
    data: rows.map(toVoucherPurchase),
    total,
    success: true as const,
    totals: { voucherAmount: money(voucherAmount) ?? '0.00', giftAmount: money(giftAmount) ?? '0.00' },
  };
}

export async function getVoucherPurchase(prisma: PrismaClient, auth: AuthContext, id: number) {
  const row = await prisma.voucherPurchase.findFirst({
    where: { id, organisationId: organisationOf(auth), ...(sitesOf(auth) ? { student: studentSiteWhere(auth) } : {}) },
    select: voucherPurchaseSelect,
  });
  if (!row) throw notFound('Voucher purchase', id);
  return toVoucherPurchase(row);
}

type ExportRow = VoucherPurchaseRow | { totals: ReturnType<typeof netTotals> };

/**
 * The filtered purchases as .xlsx in the list's order, typed cells in the centre's currency, and a
 * last row with the same totals as the list (refunds minus, adjustments signed).
 */
export async function exportVoucherPurchases(prisma: PrismaClient, auth: AuthContext, filters: Filters, res: Response) {
  const organisationId = organisationOf(auth);
  const where = purchaseWhere(organisationId, filters, auth);
  const [rows, totals] = await Promise.all([
    prisma.voucherPurchase.findMany({
      where,
      orderBy: [{ purchaseDate: 'desc' }, { id: 'desc' }],
      select: voucherPurchaseSelect,
    }),
    purchaseTotals(prisma, where),
  ]);
  const row = (r: ExportRow) => ('totals' in r ? undefined : r);
  const columns: Column<ExportRow>[] = [
    { header: 'Date', kind: 'date', value: (r) => row(r)?.purchaseDate },
    { header: 'Student ID', value: (r) => ('totals' in r ? 'Total' : r.student.studentId) },
    { header: 'Student', width: 24, value: (r) => 'student' in r && `${r.student.firstName} ${r.student.lastName}` },
    { header: 'Type', value: (r) => row(r)?.type },
    {
      header: 'Voucher Amount',
      kind: 'money',
      value: (r) => ('totals' in r ? r.totals.voucherAmount : r.voucherAmount),
    },
    { header: 'Gift Amount', kind: 'money', value: (r) => ('totals' in r ? r.totals.giftAmount : r.giftAmount) },
    { header: 'Payment Method', value: (r) => paymentMethodLabel(row(r)?.paymentMethod, 'en-US') },
    { header: 'Balance After', kind: 'money', value: (r) => row(r)?.balanceAfter },
    { header: 'Entered By', width: 20, value: (r) => ('enteredBy' in r ? namedUser(r.enteredBy).name : null) },
    { header: 'Comments', width: 40, value: (r) => row(r)?.comments },
  ];
  await sendXlsx<ExportRow>(
    res,
    'voucher-purchases',
    columns,
    [...rows, { totals }],
    await cellFormatOf(prisma, organisationId),
  );
  return undefined; // the reply was streamed
}

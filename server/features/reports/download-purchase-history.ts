// The purchase history as an .xlsx file: the rows oldest first, read in keyset batches, then the
// totals (the same definitions as on screen, summed by the database).
import type { Response } from 'express';
import type { z } from 'zod';
import type { ZPurchaseHistoryDownloadQuery } from '../../../src/contracts/reports';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { type Column, sendXlsx } from '../../http/spreadsheet';
import { personName } from '../schedules/download-rows';
import { paymentMethodLabel } from '../vouchers/payment-methods';
import { type VoucherPurchaseRow, voucherPurchaseSelect } from '../vouchers/voucher-view';
import { purchaseOrder, purchaseTotals, purchaseWhere, sumsByType } from './purchase-history';
import { checkStudent, reportCentre, reportLocations } from './report-scope';

const BATCH = 1000;

type Line =
  | { row: VoucherPurchaseRow; label?: undefined }
  | { row?: undefined; label: string; voucher?: string; gift?: string };

const columns: Column<Line>[] = [
  { header: 'Purchase date', kind: 'date', value: (l) => l.row?.purchaseDate },
  { header: 'Student ID', value: (l) => l.row?.student.studentId },
  { header: 'Student', width: 24, value: (l) => (l.row ? personName(l.row.student) : l.label) },
  { header: 'Type', value: (l) => l.row?.type },
  { header: 'Voucher amount', width: 16, kind: 'money', value: (l) => (l.row ? l.row.voucherAmount : l.voucher) },
  { header: 'Gift amount', width: 14, kind: 'money', value: (l) => (l.row ? l.row.giftAmount : l.gift) },
  { header: 'Payment method', width: 16, value: (l) => paymentMethodLabel(l.row?.paymentMethod, 'en-US') },
  { header: 'Comments', width: 30, value: (l) => l.row?.comments },
  {
    header: 'Entered by',
    width: 20,
    value: (l) => l.row && personName(l.row.enteredBy, l.row.enteredBy.login),
  },
  { header: 'Balance after', width: 14, kind: 'money', value: (l) => l.row?.balanceAfter },
];

async function* lines(
  prisma: PrismaClient,
  where: Prisma.VoucherPurchaseWhereInput,
  first: VoucherPurchaseRow[],
  totals: ReturnType<typeof purchaseTotals>,
): AsyncGenerator<Line> {
  let batch = first;
  while (batch.length > 0) {
    for (const row of batch) yield { row };
    if (batch.length < BATCH) break;
    const last = batch[batch.length - 1];
    batch = await prisma.voucherPurchase.findMany({
      where: {
        AND: [
          where,
          {
            OR: [{ purchaseDate: { gt: last.purchaseDate } }, { purchaseDate: last.purchaseDate, id: { gt: last.id } }],
          },
        ],
      },
      orderBy: purchaseOrder,
      take: BATCH,
      select: voucherPurchaseSelect,
    });
  }
  yield { label: 'Total', voucher: totals.voucherAmount, gift: totals.giftAmount };
  yield { label: 'Purchased', voucher: totals.purchased };
  yield { label: 'Refunded', voucher: totals.refunded };
  yield { label: 'Adjustments', voucher: totals.adjusted };
  yield { label: 'Net (voucher + gift)', voucher: totals.net };
}

export async function downloadPurchaseHistory(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZPurchaseHistoryDownloadQuery>,
  res: Response,
): Promise<undefined> {
  const centre = await reportCentre(prisma, auth);
  await checkStudent(prisma, auth, query.studentId);
  const where = purchaseWhere(centre.organisationId, query, await reportLocations(prisma, auth, query.locationId));
  // Read before the file starts: a database failure is still an ordinary error reply.
  const [first, sums] = await Promise.all([
    prisma.voucherPurchase.findMany({ where, orderBy: purchaseOrder, take: BATCH, select: voucherPurchaseSelect }),
    sumsByType(prisma, where),
  ]);
  const name = `purchase-history-${query.from}-to-${query.to}`;
  await sendXlsx(res, name, columns, lines(prisma, where, first, purchaseTotals(sums)), centre);
  return undefined;
}

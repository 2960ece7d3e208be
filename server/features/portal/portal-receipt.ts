// A purchase's receipt for the family: the same PDF as the desk's, for a purchase of one of the
// household's children only (else 404, as a missing one).
import type { Response } from 'express';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { notFound } from '../../http/tenancy';
import type { Locale } from '../../i18n/locale';
import { findReceipt, receiptFileName, receiptPdf } from '../vouchers/voucher-receipt';
import { portalScope } from './household-of';

export async function portalReceipt(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  locale: Locale,
  res: Response,
) {
  const scope = await portalScope(prisma, auth);
  const purchase = await prisma.voucherPurchase.findFirst({
    where: { id, organisationId: scope.organisationId, studentId: { in: scope.children.map((c) => c.id) } },
    select: { id: true },
  });
  if (!purchase) throw notFound('Voucher purchase', id);
  const row = await findReceipt(prisma, scope.organisationId, id);
  const bytes = await receiptPdf(row, locale);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${receiptFileName(row)}"`);
  res.end(Buffer.from(bytes));
  return undefined;
}

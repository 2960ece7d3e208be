// Invoices (issue 10): the list (an admin's own centre; the platform's all or one centre's), one invoice
// with its students, marking paid by hand and voiding. Both writes lock the invoice row first, so a
// charge, a webhook or a second click cannot change it in between.
import type { z } from 'zod';
import {
  formatInvoiceNumber,
  type TInvoice,
  type TInvoiceDetail,
  type ZInvoiceListQuery,
} from '../../../src/contracts/billing';
import { type AuditChange, recordAudit } from '../../audit/record-audit';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { pageArgs, sortArgs } from '../../http/list';
import { notFound } from '../../http/tenancy';
import { type ServerText, t } from '../../i18n/text';
import { billingOrganisationId, isPlatform, visibleInvoice } from './billing-scope';
import { PAID_BY_HAND_REASON, VOIDED_REASON } from './charge-invoice';
import { appendCreditEntry, creditBalanceChange } from './credit-ledger';
import { toInvoice, toInvoiceDetail } from './invoice-view';
import { overdueWhere } from './overdue';

type Tx = Prisma.TransactionClient;
type ListQuery = z.output<typeof ZInvoiceListQuery>;

export async function listInvoices(prisma: PrismaClient, auth: AuthContext, query: ListQuery) {
  const organisationId =
    isPlatform(auth) && query.organisationId === undefined
      ? undefined
      : await billingOrganisationId(prisma, auth, query.organisationId);
  const overdue =
    query.overdue === undefined
      ? undefined
      : await overdueWhere(prisma, organisationId !== undefined ? [organisationId] : undefined);
  const where: Prisma.InvoiceWhereInput = {
    ...(organisationId !== undefined ? { organisationId } : {}),
    ...(query.cycleId !== undefined ? { cycleId: query.cycleId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.overdue === true ? { AND: [overdue as Prisma.InvoiceWhereInput] } : {}),
    ...(query.overdue === false ? { NOT: overdue } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.invoice.findMany({
      where,
      include: { organisation: true },
      orderBy: sortArgs(query.sortField, query.sortOrder ?? 'descend', 'number'),
      ...pageArgs(query),
    }),
    prisma.invoice.count({ where }),
  ]);
  return { data: rows.map((r) => toInvoice(r)), total, success: true as const };
}

export async function getInvoice(prisma: PrismaClient, auth: AuthContext, id: number): Promise<TInvoiceDetail> {
  await visibleInvoice(prisma, auth, id);
  const row = await prisma.invoice.findUniqueOrThrow({
    where: { id },
    include: { organisation: true, students: { orderBy: [{ name: 'asc' }, { studentId: 'asc' }] } },
  });
  return toInvoiceDetail(row);
}

/** Locks the invoice row (the platform's writes) and returns it; 404 when there is none. */
async function lockInvoice(tx: Tx, id: number) {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Invoice" WHERE id = ${id} FOR NO KEY UPDATE`;
  if (rows.length === 0) throw notFound('Invoice', id);
  return tx.invoice.findUniqueOrThrow({ where: { id }, include: { organisation: true } });
}

function refuseUnlessUnpaid(invoice: { status: string; chargePendingSince: Date | null }, doing: ServerText) {
  if (invoice.status === 'PAID')
    throw new AppError('conflict', t('This invoice is already paid: it cannot be {doing}', { doing: t(doing) }));
  if (invoice.status === 'VOID')
    throw new AppError('conflict', t('This invoice is void: it cannot be {doing}', { doing: t(doing) }));
  if (invoice.chargePendingSince)
    throw new AppError(
      'conflict',
      t('A card charge of this invoice is in progress: it cannot be {doing} now', { doing: t(doing) }),
    );
}

/** The centre's audit record of an invoice's status changing (the invoice's number with its status). */
function invoiceStatusChange(
  invoice: { organisationId: number; number: number; status: string },
  after: { status: string; paidNote: string | null },
): AuditChange {
  const number = formatInvoiceNumber(invoice.number);
  return {
    entity: 'ORGANISATION',
    entityId: invoice.organisationId,
    action: 'UPDATE',
    before: { invoice: `${number} ${invoice.status}` },
    after: { invoice: `${number} ${after.status}`, paidNote: after.paidNote },
  };
}

export async function markInvoicePaid(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  note: string,
): Promise<TInvoice> {
  const row = await prisma.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    refuseUnlessUnpaid(invoice, 'marked paid');
    const paid = await tx.invoice.update({
      where: { id },
      data: { status: 'PAID', paidAt: new Date(), paidMethod: 'MANUAL', paidNote: note },
      include: { organisation: true },
    });
    await tx.billingCycleCentre.updateMany({
      where: { invoiceId: id, outcome: { in: ['CREATED', 'FAILED'] } },
      data: { outcome: 'CHARGED', reason: PAID_BY_HAND_REASON },
    });
    await recordAudit(tx, auth, [invoiceStatusChange(invoice, paid)], { organisationId: invoice.organisationId });
    return paid;
  });
  return toInvoice(row);
}

export async function voidInvoice(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  reason: string,
): Promise<TInvoice> {
  const row = await prisma.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    refuseUnlessUnpaid(invoice, 'voided');
    const changes: AuditChange[] = [];
    if (invoice.creditApplied.gt(0)) {
      const entry = await appendCreditEntry(tx, {
        organisationId: invoice.organisationId,
        type: 'ADD',
        amount: new Prisma.Decimal(invoice.creditApplied),
        invoiceId: invoice.id,
        comments: `Credit returned: invoice ${formatInvoiceNumber(invoice.number)} voided`,
        createdById: auth.userId,
      });
      changes.push(creditBalanceChange(entry));
    }
    const voided = await tx.invoice.update({
      where: { id },
      data: { status: 'VOID', paidNote: `Voided: ${reason}`.slice(0, 500) },
      include: { organisation: true },
    });
    await tx.billingCycleCentre.updateMany({
      where: { invoiceId: id, outcome: { in: ['CREATED', 'FAILED'] } },
      data: { reason: VOIDED_REASON },
    });
    changes.unshift(invoiceStatusChange(invoice, voided));
    await recordAudit(tx, auth, changes, { organisationId: invoice.organisationId });
    return voided;
  });
  return toInvoice(row);
}

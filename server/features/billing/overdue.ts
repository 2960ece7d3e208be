// GET /billing/overdue: the alert and banner for everyone signed in at a centre with an unpaid invoice
// past its due date. Only those who may pay (billing:view, a centre's admin) see the invoices.

import type { TOverdue } from '../../../src/contracts/billing';
import { hasRight } from '../../../src/contracts/permissions';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { toDbDate } from '../../http/list';
import { isPlatform } from './billing-scope';
import { todayIn, toInvoice } from './invoice-view';

/**
 * Unpaid invoices past their due date in their centre's zone (overdue from the centre's midnight after
 * the due date), for the given centres or all: one condition per zone the centres use.
 */
export async function overdueWhere(
  prisma: PrismaClient,
  organisationIds?: readonly number[],
  now = new Date(),
): Promise<Prisma.InvoiceWhereInput> {
  const zones = await prisma.organisation.findMany({
    where: organisationIds ? { id: { in: [...organisationIds] } } : {},
    distinct: ['timeZone'],
    select: { timeZone: true },
  });
  return {
    status: 'UNPAID',
    OR: zones.map(({ timeZone }) => ({
      organisation: { timeZone },
      dueDate: { lt: toDbDate(todayIn(timeZone, now)) as Date },
    })),
  };
}

export async function overdueInvoices(prisma: PrismaClient, auth: AuthContext): Promise<TOverdue> {
  const none: TOverdue = { overdue: false, invoices: [], canPay: false };
  if (isPlatform(auth) || auth.organisationId === null) return none;
  const canPay = hasRight(auth.authorities, 'billing:view');
  const where = { organisationId: auth.organisationId, ...(await overdueWhere(prisma, [auth.organisationId])) };
  if (!canPay) {
    const one = await prisma.invoice.findFirst({ where, select: { id: true } });
    return { overdue: one !== null, invoices: [], canPay: false };
  }
  const rows = await prisma.invoice.findMany({ where, include: { organisation: true }, orderBy: { dueDate: 'asc' } });
  return { overdue: rows.length > 0, invoices: rows.map((row) => toInvoice(row)), canPay: true };
}

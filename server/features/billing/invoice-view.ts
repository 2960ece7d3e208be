// An Invoice row as the API replies with it (ZInvoice), shared by every billing operation.
import { DateTime } from 'luxon';
import type { TInvoice, TInvoiceDetail } from '../../../src/contracts/billing';
import type { Invoice, InvoiceStudent } from '../../generated/prisma/client';
import { isoDate, money } from '../../http/list';

type InvoiceRow = Invoice & { organisation: { name: string; timeZone: string } };

/** Today as 'YYYY-MM-DD' in UTC (the platform's dates: cycles, invoice dates). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Today as 'YYYY-MM-DD' in the centre's zone: an invoice is overdue from the centre's midnight after
 * its due date. A zone the runtime does not know falls back to the default centre zone.
 */
export function todayIn(timeZone: string, now = new Date()): string {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  return (local.isValid ? local : DateTime.fromJSDate(now, { zone: 'America/Toronto' })).toISODate() as string;
}

export function toInvoice(row: InvoiceRow, now = new Date()): TInvoice {
  const dueDate = isoDate(row.dueDate) as string;
  return {
    id: row.id,
    number: row.number,
    organisationId: row.organisationId,
    organisationName: row.organisation.name,
    cycleId: row.cycleId,
    periodStart: isoDate(row.periodStart) as string,
    periodEnd: isoDate(row.periodEnd) as string,
    invoiceDate: isoDate(row.invoiceDate) as string,
    dueDate,
    currency: row.currency,
    quantity: row.quantity,
    quantityOverridden: row.quantityOverridden,
    chargeRange: row.chargeRange,
    chargePerStudent: money(row.chargePerStudent) as string,
    subtotal: money(row.subtotal) as string,
    minimumCharge: money(row.minimumCharge) as string,
    creditApplied: money(row.creditApplied) as string,
    totalBeforeTax: money(row.totalBeforeTax) as string,
    taxRate: row.taxRate.toString(),
    tax: money(row.tax) as string,
    total: money(row.total) as string,
    items: row.items as TInvoice['items'],
    status: row.status,
    overdue: row.status === 'UNPAID' && dueDate < todayIn(row.organisation.timeZone, now),
    chargeAttempt: row.chargeAttempt,
    chargePending: row.chargePendingSince !== null,
    lastChargeError: row.lastChargeError,
    lastChargeAt: row.lastChargeAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    paidMethod: row.paidMethod,
    paidNote: row.paidNote,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toInvoiceDetail(row: InvoiceRow & { students: InvoiceStudent[] }): TInvoiceDetail {
  return {
    ...toInvoice(row),
    students: row.students.map((s) => ({ studentId: s.studentId, name: s.name })),
  };
}

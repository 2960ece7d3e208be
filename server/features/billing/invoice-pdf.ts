// An invoice as a PDF (issue 10), pdf-lib as the feedback PDF: the platform, the number, the centre,
// dates and period, the amounts line by line, the status and the students counted (over as many pages
// as they need). The CJK font of PDF_FONT is embedded when there is one (centre and student names).
import type { Response } from 'express';
import { PDFDocument } from 'pdf-lib';
import { formatInvoiceNumber } from '../../../src/contracts/billing';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { embedPdfFonts, PageWriter } from '../../pdf/page-writer';
import { negated } from '../money/money-text';
import { getInvoice } from './invoice-ops';

export async function invoicePdf(prisma: PrismaClient, auth: AuthContext, id: number, res: Response) {
  const invoice = await getInvoice(prisma, auth, id);
  const number = formatInvoiceNumber(invoice.number);
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${number}`);
  doc.setProducer('Level Up');
  const out = new PageWriter(doc, ...(await embedPdfFonts(doc)));
  const cur = (amount: string) => `${invoice.currency} ${amount}`;
  out.line('Level Up', { size: 12, bold: true, grey: true });
  out.line(`Invoice ${number}`, { size: 20, bold: true, gap: 8 });
  out.line(`Billed to: ${invoice.organisationName}`, { size: 12, gap: 8 });
  out.line('Invoice date', { right: invoice.invoiceDate });
  out.line('Due date', { right: invoice.dueDate });
  out.line('Period', { right: `${invoice.periodStart} to ${invoice.periodEnd}` });
  const status =
    invoice.status === 'PAID'
      ? `PAID ${invoice.paidAt?.slice(0, 10) ?? ''}`.trim()
      : invoice.status === 'VOID'
        ? 'VOID'
        : invoice.overdue
          ? 'UNPAID (overdue)'
          : 'UNPAID';
  out.line('Status', { right: status, bold: true });
  out.space(12);
  out.line(`Students served${invoice.quantityOverridden ? ' (set by the platform)' : ''}`, {
    right: String(invoice.quantity),
  });
  out.line('Charge range (students)', { right: invoice.chargeRange });
  out.line('Charge per student', { right: cur(invoice.chargePerStudent) });
  out.line('Subtotal', { right: cur(invoice.subtotal) });
  out.line('Minimum charge', { right: cur(invoice.minimumCharge) });
  out.line('Credit applied', { right: cur(negated(invoice.creditApplied)) });
  out.line('Total before tax', { right: cur(invoice.totalBeforeTax) });
  const percent = (Number(invoice.taxRate) * 100).toFixed(4).replace(/\.?0+$/, '');
  out.line(`Tax (${percent} %)`, { right: cur(invoice.tax) });
  out.line('Total', { right: cur(invoice.total), size: 14, bold: true, gap: 6 });
  out.space(16);
  out.line(`Students counted (${invoice.students.length})`, { size: 13, bold: true, gap: 6 });
  invoice.students.forEach((s, i) => {
    out.line(`${i + 1}. ${s.name}`, { size: 10, gap: 3 });
  });
  const bytes = await doc.save();
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${number}.pdf"`);
  res.end(Buffer.from(bytes));
  return undefined;
}

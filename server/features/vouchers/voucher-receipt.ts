// A voucher purchase's receipt (issue 19): a PDF (pdf-lib, the shared PageWriter) and the email that
// carries it, in one language (en-US or zh-CN), money in the centre's currency in that language's
// format, dates as YYYY-MM-DD. Purchases are append-only, so a receipt made later says the same.
import type { Response } from 'express';
import { PDFDocument } from 'pdf-lib';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import type { Locale } from '../../i18n/locale';
import { render, type ServerText, type Text, t } from '../../i18n/text';
import { escapeHtml } from '../../messaging/html';
import { embedPdfFonts, PageWriter } from '../../pdf/page-writer';
import { moneyText } from '../money/money-text';
import { paymentMethodLabel } from './payment-methods';
import { purchaseFactsSelect } from './voucher-view';

export const RECEIPT_TEMPLATE = 'voucher-receipt';

export const receiptSelect = {
  ...purchaseFactsSelect,
  organisation: { select: { name: true, currency: true } },
  student: { select: { studentId: true, firstName: true, lastName: true, email: true, allowEmail: true } },
} as const satisfies Prisma.VoucherPurchaseSelect;
type ReceiptRow = Prisma.VoucherPurchaseGetPayload<{ select: typeof receiptSelect }>;

/** The purchase of this centre, or a 404 (another centre's purchase does not exist for this reader). */
export async function findReceipt(db: Prisma.TransactionClient | PrismaClient, organisationId: number, id: number) {
  const row = await db.voucherPurchase.findFirst({ where: { id, organisationId }, select: receiptSelect });
  if (!row) throw notFound('Voucher purchase', id);
  return row;
}

const TITLES: Record<ReceiptRow['type'], ServerText> = {
  PURCHASE: 'Voucher receipt',
  REFUND: 'Voucher refund',
  ADJUSTMENT: 'Voucher adjustment',
};

/** The receipt's lines as label and value, in `locale`. */
function receiptLines(row: ReceiptRow, locale: Locale) {
  const say = (text: ServerText | Text) => render(text, locale);
  const money = (amount: Prisma.Decimal | string) => moneyText(amount.toString(), row.organisation.currency, locale);
  const lines: [string, string][] = [
    [say('Receipt number'), String(row.id)],
    [say('Student'), `${row.student.firstName} ${row.student.lastName} (${row.student.studentId})`],
    [say('Date'), isoDate(row.purchaseDate) ?? ''],
  ];
  const method = paymentMethodLabel(row.paymentMethod, locale);
  if (method) lines.push([say('Payment method'), method]);
  if (row.classCount !== null && row.classRate !== null) {
    lines.push([
      say('Classes'),
      say(t('{count} classes at {rate} each', { count: row.classCount, rate: money(row.classRate) })),
    ]);
  }
  lines.push([say(row.type === 'REFUND' ? 'Amount refunded' : 'Voucher amount'), money(row.voucherAmount)]);
  if (row.type === 'PURCHASE') lines.push([say('Gift amount'), money(row.giftAmount)]);
  return { title: say(TITLES[row.type]), lines, balance: [say('New balance'), money(row.balanceAfter)] as const };
}

export async function receiptPdf(row: ReceiptRow, locale: Locale): Promise<Uint8Array> {
  const { title, lines, balance } = receiptLines(row, locale);
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${row.id}`);
  doc.setProducer('Level Up');
  const out = new PageWriter(doc, ...(await embedPdfFonts(doc)));
  out.line(row.organisation.name, { size: 14, bold: true });
  out.line(title, { size: 20, bold: true, gap: 10 });
  out.space(10);
  for (const [label, value] of lines) out.line(label, { right: value, gap: 6 });
  out.space(6);
  out.line(balance[0], { right: balance[1], size: 14, bold: true, gap: 8 });
  out.space(18);
  out.line(render('Thank you.', locale), { grey: true, size: 10 });
  return doc.save();
}

export const receiptFileName = (row: { id: number; purchaseDate: Date }) =>
  `receipt-${row.id}-${isoDate(row.purchaseDate)}.pdf`;

/** GET /voucher-purchases/:id/receipt: the PDF in the reader's language. */
export async function downloadReceipt(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  locale: Locale,
  res: Response,
) {
  const row = await findReceipt(prisma, organisationOf(auth), id);
  const bytes = await receiptPdf(row, locale);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${receiptFileName(row)}"`);
  res.end(Buffer.from(bytes));
  return undefined;
}

/** Where the family's receipt goes: the student's email when they allow email, else nowhere. */
export const receiptRecipient = (row: ReceiptRow) =>
  row.type === 'PURCHASE' && row.student.allowEmail ? row.student.email?.trim() || null : null;

export function receiptEmail(row: ReceiptRow, locale: Locale) {
  const { title, lines, balance } = receiptLines(row, locale);
  const say = (text: ServerText | Text) => render(text, locale);
  const subject = say(t('{title} from {centre}', { title, centre: row.organisation.name }));
  const intro = say(
    t('Thank you for your purchase for {student}. The receipt is attached.', {
      student: `${row.student.firstName} ${row.student.lastName}`,
    }),
  );
  const all = [...lines, balance];
  const text = [
    say('Dear parent,'),
    intro,
    all.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `${say('Kind regards,')}\n${row.organisation.name}`,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(say('Dear parent,'))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${all.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    `<p>${escapeHtml(say('Kind regards,'))}<br>${escapeHtml(row.organisation.name)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

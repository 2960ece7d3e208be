// A voucher PURCHASE's receipt emailed to the family (issue 21), in the purchase's transaction: to each
// guardian of the student's household who allows email (and billing emails: their choice per kind of
// message, issue 37) and has an address, in the guardian's own
// language with the receipt PDF in that language attached; and, as before households existed, to the
// student's own address when the student allows email (in `locale`, the language of whoever recorded
// it: a student has no language of their own), unless a guardian has that address already. The desk's
// purchase path and the card top-up call it. Exactly once per purchase and recipient: the message keys
// `voucher-receipt:<purchase>:<guardian>` (and `voucher-receipt-<purchase>` for the student, the key it
// always had) are unique, so a second call queues nothing.
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { Locale } from '../../i18n/locale';
import { enqueueMessagesOnce, type MessageInput } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { noticeLang } from '../schedules/class-notice-texts';
import {
  findReceipt,
  RECEIPT_TEMPLATE,
  receiptEmail,
  receiptFileName,
  receiptPdf,
  receiptRecipient,
} from '../vouchers/voucher-receipt';

export { RECEIPT_TEMPLATE };

export const guardianReceiptKey = (purchaseId: number, guardianId: number) =>
  `${RECEIPT_TEMPLATE}:${purchaseId}:${guardianId}`;
export const studentReceiptKey = (purchaseId: number) => `${RECEIPT_TEMPLATE}-${purchaseId}`;

export interface ReceiptEmailOptions {
  queue: MessageQueue;
  /** Who recorded it (the desk's user); null for a card payment. */
  queuedById?: number | null;
  /** The language of the student's own copy. */
  locale?: Locale;
}

/**
 * Queues the receipt emails of purchase `purchaseId` (a PURCHASE; other types get none) in transaction
 * `tx`. Returns the addresses written to (new or queued before), in order: guardians, then the student.
 */
export async function queuePurchaseReceipt(
  tx: Prisma.TransactionClient,
  purchaseId: number,
  { queue, queuedById = null, locale = 'en-US' }: ReceiptEmailOptions,
): Promise<string[]> {
  const purchase = await tx.voucherPurchase.findUniqueOrThrow({
    where: { id: purchaseId },
    select: {
      organisationId: true,
      type: true,
      student: {
        select: {
          household: {
            select: {
              guardians: {
                where: {
                  allowEmail: true,
                  email: { not: null },
                  messageChoices: { none: { kind: 'BILLING', email: false } },
                },
                orderBy: { id: 'asc' },
                select: { id: true, name: true, email: true, langKey: true },
              },
            },
          },
        },
      },
    },
  });
  if (purchase.type !== 'PURCHASE') return [];
  const row = await findReceipt(tx, purchase.organisationId, purchaseId);
  const pdfs = new Map<Locale, Uint8Array>();
  const pdfIn = async (lang: Locale) => {
    const made = pdfs.get(lang) ?? (await receiptPdf(row, lang));
    pdfs.set(lang, made);
    return made;
  };
  const common = {
    organisationId: purchase.organisationId,
    channel: 'EMAIL' as const,
    template: RECEIPT_TEMPLATE,
    entityType: 'VOUCHER_PURCHASE',
    entityId: purchaseId,
    queuedById,
  };
  const inputs: (MessageInput & { idempotencyKey: string })[] = [];
  const seen = new Set<string>();
  for (const guardian of purchase.student.household?.guardians ?? []) {
    const address = guardian.email?.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    const lang = noticeLang(guardian.langKey);
    const email = receiptEmail(row, lang);
    inputs.push({
      ...common,
      recipient: address,
      recipientName: guardian.name,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      attachedFile: { name: receiptFileName(row), content: await pdfIn(lang) },
      idempotencyKey: guardianReceiptKey(purchaseId, guardian.id),
    });
  }
  const own = receiptRecipient(row);
  if (own && !seen.has(own.toLowerCase())) {
    const email = receiptEmail(row, locale);
    inputs.push({
      ...common,
      recipient: own,
      recipientName: `${row.student.firstName} ${row.student.lastName}`,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      attachedFile: { name: receiptFileName(row), content: await pdfIn(locale) },
      idempotencyKey: studentReceiptKey(purchaseId),
    });
  }
  await enqueueMessagesOnce(tx, queue, inputs);
  return inputs.map((input) => input.recipient);
}

/** Where the receipt of `purchaseId` was emailed (the reply's `receiptEmailedTo`), or null. */
export async function receiptAddresses(db: Prisma.TransactionClient | PrismaClient, purchaseId: number) {
  const rows = await db.message.findMany({
    where: { template: RECEIPT_TEMPLATE, entityType: 'VOUCHER_PURCHASE', entityId: purchaseId },
    orderBy: { id: 'asc' },
    select: { recipient: true },
  });
  return rows.length ? rows.map((r) => r.recipient).join(', ') : null;
}

// The receipt of a card top-up: emailed (its PDF attached) to each guardian of the household who
// allows email, in the guardian's language, in the transaction that records the payment.
import type { Prisma } from '../../generated/prisma/client';
import { enqueueMessage } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { findReceipt, RECEIPT_TEMPLATE, receiptEmail, receiptFileName, receiptPdf } from '../vouchers/voucher-receipt';

type Tx = Prisma.TransactionClient;

/** What recordTopUpPaid runs once the purchase is written: queue its receipt (nothing without a queue). */
export const topUpReceipt =
  (queue: MessageQueue | undefined) =>
  async (tx: Tx, purchaseId: number): Promise<number> => {
    if (!queue) return 0;
    const purchase = await tx.voucherPurchase.findUniqueOrThrow({
      where: { id: purchaseId },
      select: { organisationId: true, student: { select: { householdId: true } } },
    });
    const householdId = purchase.student.householdId;
    if (!householdId) return 0;
    const guardians = await tx.guardian.findMany({
      where: { householdId, allowEmail: true, email: { not: null } },
      select: { id: true, name: true, email: true, langKey: true, userId: true },
      orderBy: { id: 'asc' },
    });
    const row = await findReceipt(tx, purchase.organisationId, purchaseId);
    let queued = 0;
    for (const guardian of guardians) {
      const email = guardian.email?.trim();
      if (!email) continue;
      const locale = guardian.langKey === 'zh-CN' ? 'zh-CN' : 'en-US';
      const text = receiptEmail(row, locale);
      await enqueueMessage(tx, queue, {
        organisationId: purchase.organisationId,
        channel: 'EMAIL',
        recipient: email,
        recipientName: guardian.name,
        template: RECEIPT_TEMPLATE,
        subject: text.subject,
        bodyText: text.text,
        bodyHtml: text.html,
        attachedFile: { name: receiptFileName(row), content: await receiptPdf(row, locale) },
        entityType: 'VOUCHER_PURCHASE',
        entityId: purchaseId,
        idempotencyKey: `voucher-receipt-${purchaseId}-guardian-${guardian.id}`,
      });
      queued += 1;
    }
    return queued;
  };

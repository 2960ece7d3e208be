// The receipt of a card top-up: the desk's purchase receipt (statements/receipt-email.ts), emailed with
// its PDF to each guardian who allows email, in the guardian's language, in the transaction that
// records the payment.
import type { Prisma } from '../../generated/prisma/client';
import type { MessageQueue } from '../../messaging/queue';
import { queuePurchaseReceipt } from '../statements/receipt-email';

/** What recordTopUpPaid runs once the purchase is written: queue its receipt (nothing without a queue). */
export const topUpReceipt =
  (queue: MessageQueue | undefined) =>
  async (tx: Prisma.TransactionClient, purchaseId: number): Promise<number> =>
    queue ? (await queuePurchaseReceipt(tx, purchaseId, { queue })).length : 0;

// Charges whose result was never recorded (the process died between Stripe's answer and our write, or
// Stripe could not be reached): invoices still UNPAID with chargePendingSince set for a while. Each is
// settled from what Stripe holds, found by the customer's PaymentIntents and their metadata (invoiceId,
// attempt). This never creates a charge. The invoice's billing cycle progress row (BillingCycleCentre)
// changes in the same transaction as the invoice: CHARGED, FAILED with the message, or the reason that
// nothing was charged.
import type Stripe from 'stripe';
import type { PrismaClient } from '../../generated/prisma/client';
import { NOT_CHARGED_REASON, paymentIntentError, recordChargeFailed, recordChargeSucceeded } from './charge-invoice';
import type { BillingStripe } from './stripe-config';

/** How far before chargePendingSince a PaymentIntent may have been created (clock skew with Stripe). */
const CLOCK_SKEW_S = 5 * 60;

export interface ReconcileResult {
  paid: number[];
  failed: number[];
  /** Nothing was charged: the pending mark was cleared. */
  cleared: number[];
  /** Stripe could not be asked (tried again next time). */
  errors: { invoiceId: number; message: string }[];
}

async function findIntent(stripe: Stripe, customer: string, since: Date, invoiceId: number, attempt: number) {
  const gte = Math.floor(since.getTime() / 1000) - CLOCK_SKEW_S;
  for await (const pi of stripe.paymentIntents.list({ customer, created: { gte }, limit: 100 })) {
    if (pi.metadata?.invoiceId === String(invoiceId) && pi.metadata?.attempt === String(attempt)) return pi;
  }
  return undefined;
}

export async function reconcilePendingCharges(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  { olderThanMs = 60_000 }: { olderThanMs?: number } = {},
): Promise<ReconcileResult> {
  const result: ReconcileResult = { paid: [], failed: [], cleared: [], errors: [] };
  if (!billing) return result;
  const pending = await prisma.invoice.findMany({
    where: { status: 'UNPAID', chargePendingSince: { not: null, lte: new Date(Date.now() - olderThanMs) } },
    include: { organisation: { include: { billingAccount: true } } },
    orderBy: { id: 'asc' },
  });
  for (const invoice of pending) {
    const since = invoice.chargePendingSince as Date;
    const attempt = invoice.chargeAttempt;
    const customer = invoice.organisation.billingAccount?.stripeCustomerId;
    try {
      const intent = customer ? await findIntent(billing.stripe, customer, since, invoice.id, attempt) : undefined;
      // Each write is guarded by the invoice's state, so a charge recorded meanwhile is left alone.
      if (intent?.status === 'succeeded') {
        if (await recordChargeSucceeded(prisma, invoice.id, intent.id)) result.paid.push(invoice.id);
      } else if (intent && intent.status !== 'processing') {
        if (await recordChargeFailed(prisma, invoice.id, attempt, paymentIntentError(intent)))
          result.failed.push(invoice.id);
      } else if (!intent) {
        const cleared = await prisma.$transaction(async (tx) => {
          const { count } = await tx.invoice.updateMany({
            where: { id: invoice.id, status: 'UNPAID', chargeAttempt: attempt, chargePendingSince: since },
            data: { chargePendingSince: null },
          });
          if (count)
            await tx.billingCycleCentre.updateMany({
              where: { invoiceId: invoice.id, outcome: 'CREATED' },
              data: { reason: NOT_CHARGED_REASON },
            });
          return count > 0;
        });
        if (cleared) result.cleared.push(invoice.id);
      }
    } catch (error) {
      result.errors.push({ invoiceId: invoice.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

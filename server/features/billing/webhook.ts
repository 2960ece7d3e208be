// POST /api/billing/stripe-webhook: Stripe's events, signature checked on the raw body, each event
// processed once (its StripeEvent row is inserted in the same transaction as its effect).
import Stripe from 'stripe';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { BILLING_UNAVAILABLE } from './billing-errors';
import { paymentIntentError, recordChargeFailed, recordChargeSucceeded } from './charge-invoice';
import type { BillingStripe } from './stripe-config';

export function verifyStripeEvent(billing: BillingStripe | undefined, body: unknown, signature: unknown): Stripe.Event {
  if (!billing) throw BILLING_UNAVAILABLE();
  if (!Buffer.isBuffer(body) && typeof body !== 'string')
    throw new AppError('validation', 'The webhook body must be the raw bytes Stripe sent');
  if (typeof signature !== 'string' || !signature) throw new AppError('validation', 'Missing Stripe-Signature header');
  try {
    return billing.stripe.webhooks.constructEvent(body, signature, billing.config.webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new AppError('validation', 'Invalid Stripe signature');
    throw error;
  }
}

const invoiceIdOf = (pi: Stripe.PaymentIntent | undefined) => {
  const id = Number(pi?.metadata?.invoiceId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** Applies one event, once. Returns false when it had already been processed. */
export async function processStripeEvent(prisma: PrismaClient, event: Stripe.Event): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.stripeEvent.createMany({
      data: [{ id: event.id, type: event.type.slice(0, 100) }],
      skipDuplicates: true,
    });
    if (count === 0) return false;
    if (event.type === 'payment_intent.succeeded') {
      const pi = event.data?.object as Stripe.PaymentIntent | undefined;
      const invoiceId = invoiceIdOf(pi);
      if (pi && invoiceId) await recordChargeSucceeded({ tx }, invoiceId, pi.id);
    } else if (event.type === 'payment_intent.payment_failed') {
      const pi = event.data?.object as Stripe.PaymentIntent | undefined;
      const invoiceId = invoiceIdOf(pi);
      const attempt = Number(pi?.metadata?.attempt);
      // Only the attempt still pending: an old failure never overwrites a later attempt or a payment.
      if (pi && invoiceId && Number.isSafeInteger(attempt))
        await recordChargeFailed({ tx }, invoiceId, attempt, paymentIntentError(pi));
    }
    // checkout.session.completed, setup_intent.succeeded…: the card is saved by the confirm endpoint.
    return true;
  });
}

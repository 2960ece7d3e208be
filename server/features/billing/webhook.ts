// POST /api/billing/stripe-webhook: Stripe's events, signature checked on the raw body, each event
// processed once (its StripeEvent row is inserted in the same transaction as its effect).
import Stripe from 'stripe';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { log } from '../../http/log';
import { BILLING_UNAVAILABLE } from './billing-errors';
import { paymentIntentError, recordChargeFailed, recordChargeSucceeded } from './charge-invoice';
import type { BillingStripe } from './stripe-config';
import { stripeEventShape } from './stripe-event-shape';

/** How far a webhook's signed timestamp may be from now, either way (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function verifyStripeEvent(billing: BillingStripe | undefined, body: unknown, signature: unknown): Stripe.Event {
  if (!billing) throw BILLING_UNAVAILABLE();
  return verifySignedEvent(billing, body, signature, billing.config.webhookSecret);
}

/** Checks a webhook's raw body and Stripe-Signature under one endpoint's secret (platform or Connect). */
export function verifySignedEvent(
  billing: BillingStripe,
  body: unknown,
  signature: unknown,
  secret: string,
): Stripe.Event {
  if (!Buffer.isBuffer(body) && typeof body !== 'string')
    throw new AppError('validation', 'The webhook body must be the raw bytes Stripe sent');
  if (typeof signature !== 'string' || !signature) throw new AppError('validation', 'Missing Stripe-Signature header');
  // The SDK refuses a timestamp older than its tolerance but accepts one from the future: refuse both.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (Number.isFinite(signedAt) && signedAt * 1000 > Date.now() + WEBHOOK_TOLERANCE_SECONDS * 1000)
    throw new AppError('validation', 'Invalid Stripe signature');
  let parsed: unknown;
  try {
    parsed = billing.stripe.webhooks.constructEvent(body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new AppError('validation', 'Invalid Stripe signature');
    // The SDK parses the body once the signature holds: signed bytes that are not JSON (issue 37, finding 5).
    if (error instanceof SyntaxError) throw new AppError('validation', 'The webhook body is not JSON');
    throw error;
  }
  return stripeEventShape(parsed);
}

const invoiceIdOf = (pi: Stripe.PaymentIntent | undefined) => {
  const id = Number(pi?.metadata?.invoiceId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** Amounts in a currency's minor unit, as Stripe counts them (the currencies we bill in have 2 decimals). */
const minorUnits = (amount: Prisma.Decimal) => Number(amount.times(100).toFixed(0));

/**
 * Why a signed success event must not pay its invoice (issue 20, finding 14), or null when it may: the
 * PaymentIntent must have received the invoice's total, in its currency, from the centre's own Stripe
 * customer, and the invoice must still be waiting for it (a success for a void invoice took money that
 * is not owed).
 */
async function paymentMismatch(tx: Prisma.TransactionClient, invoiceId: number, pi: Stripe.PaymentIntent) {
  const invoice = await tx.invoice.findUnique({
    where: { id: invoiceId },
    select: { status: true, total: true, currency: true, organisation: { select: { billingAccount: true } } },
  });
  if (!invoice) return 'no such invoice';
  const received = `${((pi.amount_received ?? pi.amount ?? 0) / 100).toFixed(2)} ${String(pi.currency).toUpperCase()}`;
  if (invoice.status === 'VOID') return `a payment of ${received} arrived for a void invoice: refund it in Stripe`;
  if (invoice.status === 'PAID') return null; // a second success for a paid invoice changes nothing
  const customer = typeof pi.customer === 'string' ? pi.customer : pi.customer?.id;
  if (customer !== invoice.organisation.billingAccount?.stripeCustomerId)
    return `the payment of ${received} came from another Stripe customer (${customer ?? 'none'})`;
  if (String(pi.currency).toUpperCase() !== invoice.currency.toUpperCase())
    return `the payment of ${received} is not in the invoice's currency (${invoice.currency})`;
  if ((pi.amount_received ?? pi.amount) !== minorUnits(invoice.total))
    return `the payment of ${received} does not match the invoice total of ${invoice.total.toFixed(2)} ${invoice.currency}`;
  return null;
}

/** Keeps the mismatch on the invoice (the platform's invoice list shows it) and in the log; nothing is paid. */
async function recordPaymentMismatch(
  tx: Prisma.TransactionClient,
  invoiceId: number,
  paymentIntentId: string,
  reason: string,
) {
  const text = `Stripe payment ${paymentIntentId} not applied: ${reason}`;
  await tx.invoice.updateMany({
    where: { id: invoiceId },
    data: { lastChargeError: text.slice(0, 500), lastChargeAt: new Date(), chargePendingSince: null },
  });
  log('warn', 'stripe payment not applied', { invoiceId, paymentIntentId, reason });
}

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
      if (pi && invoiceId) {
        const mismatch = await paymentMismatch(tx, invoiceId, pi);
        if (mismatch) await recordPaymentMismatch(tx, invoiceId, pi.id, mismatch);
        else await recordChargeSucceeded({ tx }, invoiceId, pi.id);
      }
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

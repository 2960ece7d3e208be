// POST /api/billing/stripe-connect-webhook: events of the centres' connected Stripe accounts (Stripe
// Connect). Stripe sends them to a Connect endpoint of their own, signed with its own secret
// (STRIPE_CONNECT_WEBHOOK_SECRET), each with `account: 'acct_…'`. The signature is checked on the raw
// body like the platform webhook's; each event is applied once: its StripeEvent row is inserted in the
// same transaction as its effect, and a repeat stops at the insert.
import type Stripe from 'stripe';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import type { MessageQueue } from '../../messaging/queue';
import { applyFamilyPaymentEvent } from '../topups/connect-events';
import { connectConfigured, FAMILY_PAYMENTS_UNAVAILABLE } from './connect';
import type { BillingStripe } from './stripe-config';
import { verifySignedEvent } from './webhook';

/** A Connect event, signature checked under the Connect secret (never the platform's). */
export function verifyConnectEvent(
  billing: BillingStripe | undefined,
  body: unknown,
  signature: unknown,
): Stripe.Event {
  if (!connectConfigured(billing)) throw FAMILY_PAYMENTS_UNAVAILABLE();
  const secret = billing.config.connectWebhookSecret as string;
  const event = verifySignedEvent(billing, body, signature, secret);
  if (typeof event.account !== 'string' || !event.account.startsWith('acct_'))
    throw new AppError('validation', 'The Connect webhook takes only events of connected accounts');
  return event;
}

/** Applies one Connect event, once. Returns false when it had already been processed. */
export async function processConnectEvent(
  prisma: PrismaClient,
  event: Stripe.Event,
  queue?: MessageQueue,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.stripeEvent.createMany({
      data: [{ id: event.id, type: event.type.slice(0, 100) }],
      skipDuplicates: true,
    });
    if (count === 0) return false;
    if (event.type === 'account.updated') {
      const account = event.data.object as Stripe.Account;
      // The event's own account only: an event cannot change another centre's account. Stripe does not
      // deliver in order: an event older than the flags' own time (the last applied) is ignored.
      const at = new Date(event.created * 1000);
      if (account?.id === event.account)
        await tx.organisation.updateMany({
          where: {
            stripeAccountId: event.account,
            OR: [{ stripeAccountEventAt: null }, { stripeAccountEventAt: { lte: at } }],
          },
          data: {
            stripeChargesEnabled: account.charges_enabled === true,
            stripeDetailsSubmitted: account.details_submitted === true,
            stripeAccountEventAt: at,
          },
        });
    } else await applyFamilyPaymentEvent(tx, event, queue);
    return true;
  });
}

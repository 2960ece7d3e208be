// Family card payments (issue 21): what a Connect webhook event (one from a centre's connected Stripe
// account, `event.account` set) does to the centre's card top-ups. Called by the Connect webhook route
// inside the transaction that records the event id, so each event is applied at most once; and the
// top-up's own status makes a payment recorded once whichever of its events (or the return page) comes first.
// Any connected account can put any metadata on its own payments (issue 37, finding 3): an event acts on
// a top-up only when it comes from that top-up's own account, and names it by its random reference.
import type Stripe from 'stripe';
import type { Prisma } from '../../generated/prisma/client';
import type { MessageQueue } from '../../messaging/queue';
import { recordDecline } from './auto-top-up';
import { ignoreForeignReport, recordTopUpPaid } from './record-top-up';
import { applySession } from './top-up-checkout';
import { topUpReceipt } from './top-up-receipt';

type Tx = Prisma.TransactionClient;

const REFERENCE = /^tu_[0-9a-f]{32}$/;

const referenceOf = (metadata: Stripe.Metadata | null | undefined) => {
  const reference = metadata?.topUpRef;
  return typeof reference === 'string' && REFERENCE.test(reference) ? reference : undefined;
};

/**
 * The top-up an event names, when it is of the event's own account: by the reference in its metadata,
 * else (a Checkout session opened before references) by the session's id. One of another account is
 * logged, counted and left alone.
 */
async function ownTopUp(tx: Tx, event: Stripe.Event, metadata: Stripe.Metadata | null, sessionId?: string) {
  const reference = referenceOf(metadata);
  const select = { id: true, kind: true, stripeAccountId: true } as const;
  const topUp = reference
    ? await tx.cardTopUp.findUnique({ where: { reference }, select })
    : sessionId
      ? await tx.cardTopUp.findUnique({ where: { checkoutSessionId: sessionId }, select })
      : null;
  if (!topUp) return null;
  if (topUp.stripeAccountId !== event.account) {
    ignoreForeignReport(event.type, topUp.id, event.account ?? null, event.id);
    return null;
  }
  return topUp;
}

/** Applies a connected account's payment event (Checkout completed or expired, a PaymentIntent's result). */
export async function applyFamilyPaymentEvent(tx: Tx, event: Stripe.Event, queue?: MessageQueue): Promise<void> {
  const account = event.account ?? null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired': {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.mode !== 'payment') return;
      const topUp = await ownTopUp(tx, event, session.metadata, session.id);
      if (topUp) await applySession(tx, topUp.id, session, account, queue);
      return;
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object as Stripe.PaymentIntent;
      const topUp = await ownTopUp(tx, event, intent.metadata);
      if (!topUp) return;
      await recordTopUpPaid(
        tx,
        topUp.id,
        {
          paymentIntentId: intent.id,
          amountMinor: intent.amount_received ?? intent.amount,
          currency: intent.currency,
          account,
        },
        topUpReceipt(queue),
      );
      return;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object as Stripe.PaymentIntent;
      const topUp = await ownTopUp(tx, event, intent.metadata);
      // A failed try on the Checkout page leaves the session open for another card: only auto top-ups fail.
      if (topUp?.kind !== 'AUTO') return;
      const error = intent.last_payment_error;
      await recordDecline(
        tx,
        queue,
        topUp.id,
        error?.decline_code ?? error?.code ?? null,
        error?.message ?? 'Your card was declined.',
      );
      return;
    }
    default:
      return;
  }
}

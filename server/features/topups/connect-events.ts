// Family card payments (issue 21): what a Connect webhook event (one from a centre's connected Stripe
// account, `event.account` set) does to the centre's card top-ups. Called by the Connect webhook route
// inside the transaction that records the event id, so each event is applied at most once; and the
// top-up's own status makes a payment recorded once whichever of its events (or the return page) comes first.
import type Stripe from 'stripe';
import type { Prisma } from '../../generated/prisma/client';
import type { MessageQueue } from '../../messaging/queue';
import { recordDecline } from './auto-top-up';
import { recordTopUpPaid } from './record-top-up';
import { applySession } from './top-up-checkout';
import { topUpReceipt } from './top-up-receipt';

const topUpIdOf = (metadata: Stripe.Metadata | null | undefined) => {
  const id = Number(metadata?.topUpId);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
};

/** Applies a connected account's payment event (Checkout completed or expired, a PaymentIntent's result). */
export async function applyFamilyPaymentEvent(
  tx: Prisma.TransactionClient,
  event: Stripe.Event,
  queue?: MessageQueue,
): Promise<void> {
  const account = event.account ?? null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired': {
      const session = event.data.object as Stripe.Checkout.Session;
      const topUpId = topUpIdOf(session.metadata);
      if (session.mode === 'payment' && topUpId) await applySession(tx, topUpId, session, account, queue);
      return;
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object as Stripe.PaymentIntent;
      const topUpId = topUpIdOf(intent.metadata);
      if (!topUpId) return;
      await recordTopUpPaid(
        tx,
        topUpId,
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
      const topUpId = topUpIdOf(intent.metadata);
      if (!topUpId) return;
      // A failed try on the Checkout page leaves the session open for another card: only auto top-ups fail.
      const topUp = await tx.cardTopUp.findUnique({
        where: { id: topUpId },
        select: { kind: true, stripeAccountId: true },
      });
      if (topUp?.kind !== 'AUTO' || topUp.stripeAccountId !== account) return;
      const error = intent.last_payment_error;
      await recordDecline(
        tx,
        queue,
        topUpId,
        error?.decline_code ?? error?.code ?? null,
        error?.message ?? 'Your card was declined.',
      );
      return;
    }
    default:
      return;
  }
}

// Family card payments (issue 21): what a Connect webhook event (one from a centre's connected Stripe
// account, `event.account` set) does to the centre's card top-ups. Called by the Connect webhook route
// inside the transaction that records the event id, so each event is applied at most once.
import type Stripe from 'stripe';
import type { Prisma } from '../../generated/prisma/client';

/** Applies a connected account's payment event (Checkout completed or expired, a PaymentIntent's result). */
export async function applyFamilyPaymentEvent(_tx: Prisma.TransactionClient, _event: Stripe.Event): Promise<void> {
  // Filled in by the card top-up work (server/features/topups/).
}

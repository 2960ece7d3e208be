// Family card payments' test setup (issue 21): a centre's connected Stripe account on the stand-in,
// onboarded, and the stand-in's hosted card page submitted as a browser would.
import type Stripe from 'stripe';
import type { PrismaClient } from '../../server/generated/prisma/client';
import type { StripeStandIn } from './stripe-standin';

/** A connected account for the centre, onboarded (charges enabled) and stored as the centre's. */
export async function connectCentre(
  prisma: PrismaClient,
  stripe: Stripe,
  standIn: StripeStandIn,
  organisationId: number,
) {
  const account = await stripe.accounts.create({ type: 'standard', email: `centre${organisationId}@example.com` });
  await standIn.onboardAccount(account.id);
  await prisma.organisation.update({
    where: { id: organisationId },
    data: { stripeAccountId: account.id, stripeChargesEnabled: true, stripeDetailsSubmitted: true },
  });
  return account.id;
}

/** Posts the hosted Checkout page's form (pay or save a card); the answer is 303 on success. */
export function submitHostedCard(url: string, cardNumber: string, cardExpiry = '08 / 34', cardCvc = '123') {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, cardExpiry, cardCvc }).toString(),
  });
}

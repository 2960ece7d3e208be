// Family card payments test data (issue 21): the app's billing deps with the Connect webhook secret (the
// stand-in's), and a centre whose own Stripe account is connected and can take charges.
import type Stripe from 'stripe';
import { createBillingStripe } from '../../server/features/billing/stripe-config';
import type { PrismaClient } from '../../server/generated/prisma/client';
import type { StripeStandIn } from './stripe-standin';

/** Billing pointed at the stand-in, with both webhook secrets: family card payments are configured. */
export function connectBillingFor(standIn: StripeStandIn) {
  return createBillingStripe({
    secretKey: standIn.secretKey,
    publishableKey: standIn.publishableKey,
    webhookSecret: standIn.webhookSecret,
    connectWebhookSecret: standIn.connectWebhookSecret,
    apiUrl: standIn.url,
  });
}

/**
 * Gives the centre a connected Stripe account at the stand-in, onboarded (charges enabled) unless
 * `onboarded: false`, and stores it on the organisation as the Connect flow would. Returns its id.
 */
export async function connectCentre(
  prisma: PrismaClient,
  stripe: Stripe,
  standIn: StripeStandIn,
  organisationId: number,
  { onboarded = true }: { onboarded?: boolean } = {},
): Promise<string> {
  const account = await stripe.accounts.create({
    type: 'standard',
    metadata: { organisationId: String(organisationId) },
  });
  if (onboarded) standIn.onboardAccount(account.id);
  await prisma.organisation.update({
    where: { id: organisationId },
    data: { stripeAccountId: account.id, stripeChargesEnabled: onboarded, stripeDetailsSubmitted: onboarded },
  });
  return account.id;
}

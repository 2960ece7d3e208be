// Family card payments test data (issue 21): the app's billing deps with the Connect webhook secret (the
// stand-in's), a centre whose own Stripe account is connected and can take charges, the app served so
// the stand-in's webhooks reach it, and events signed as Stripe signs them (for tests of the app's checks).
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import request from 'supertest';
import { createBillingStripe } from '../../server/features/billing/stripe-config';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { type StripeStandIn, signPayload } from './stripe-standin';

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

/** Serves `app` on a free port and has the stand-in deliver both endpoints' events to it (as Stripe would). */
export async function serveStripeWebhooks(app: RequestListener, standIn: StripeStandIn) {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.setWebhookEndpoint(`${origin}/api/billing/stripe-webhook`);
  standIn.setConnectWebhookEndpoint(`${origin}/api/billing/stripe-connect-webhook`);
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const PLATFORM_WEBHOOK = '/api/billing/stripe-webhook';
export const CONNECT_WEBHOOK = '/api/billing/stripe-connect-webhook';

/** A body Stripe never sent, signed with `secret` as if it had (a test of what the app does with it). */
export function postSigned(app: RequestListener, path: string, body: string | object, secret: string) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return request(app)
    .post(path)
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signPayload(payload, secret))
    .send(payload);
}

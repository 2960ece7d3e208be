// Family card payments (issue 21): the centre's own Stripe account, connected to the platform through
// Stripe Connect. Its admin connects it (Stripe's hosted onboarding) from /manage-payment; the Connect
// webhook keeps its status. Right: payments:connect (a centre's admin, own centre only).
import { defineEndpoint } from './endpoint';
import { z } from './z';

export const FAMILY_PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Family card payments are not configured on this server (they need Stripe keys and STRIPE_CONNECT_WEBHOOK_SECRET)';

export const ZConnectStatus = z.object({
  /** Stripe keys and the Connect webhook secret are set: the centre can connect its account. */
  configured: z.boolean(),
  /** The centre's connected Stripe account (`acct_…`), null before the first onboarding link. */
  accountId: z.string().nullable(),
  /** Stripe accepts card payments for the account: families can pay by card. */
  chargesEnabled: z.boolean(),
  /** The centre finished Stripe's onboarding form (Stripe may still be checking it). */
  detailsSubmitted: z.boolean(),
});
export type TConnectStatus = z.infer<typeof ZConnectStatus>;

export const ZConnectLink = z.object({ url: z.string() });

const tag = 'Billing';

export const connectEndpoints = {
  status: defineEndpoint({
    method: 'get',
    path: '/billing/connect',
    right: 'payments:connect',
    tag,
    summary: "The centre's connected Stripe account for family card payments: configured, id, status",
    reply: ZConnectStatus,
  }),
  accountLink: defineEndpoint({
    refusals: [502, 503],
    method: 'post',
    path: '/billing/connect/account-link',
    right: 'payments:connect',
    tag,
    summary: "Stripe's hosted onboarding link for the centre's account (the account is made once, on the first call)",
    reply: ZConnectLink,
  }),
  refresh: defineEndpoint({
    refusals: [502, 503],
    method: 'post',
    path: '/billing/connect/refresh',
    right: 'payments:connect',
    tag,
    summary: "Reads the centre's account from Stripe and stores whether it can take card payments",
    reply: ZConnectStatus,
  }),
  connectWebhook: defineEndpoint({
    refusals: [503],
    method: 'post',
    path: '/billing/stripe-connect-webhook',
    right: 'public',
    tag,
    summary: "Stripe Connect events from centres' accounts (raw body, Stripe-Signature under the Connect secret)",
    reply: z.object({ received: z.literal(true) }),
  }),
};

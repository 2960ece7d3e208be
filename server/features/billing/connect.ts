// Family card payments (issue 21): the centre's own Stripe account, connected to the platform through
// Stripe Connect. Families pay the centre, not the platform: top-ups are made on the centre's account
// (`Stripe-Account`), and the platform only keeps the account's id and what Stripe last said about it.
//
// Account type: **standard**. The centre is a business of its own with its own Stripe dashboard: it sees
// its payments, refunds and answers disputes there, Stripe supports it directly, and losses on its
// payments are its own, not the platform's (with express the platform carries them and must support the
// centre). The platform takes no fee, so nothing needs the platform-controlled express/custom setup.
import { FAMILY_PAYMENTS_NOT_CONFIGURED_MESSAGE, type TConnectStatus } from '../../../src/contracts/connect';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { notFound } from '../../http/tenancy';
import { stripeCall } from './card';
import type { BillingStripe } from './stripe-config';

/** What the readiness check needs of a centre. */
export interface ConnectedOrganisation {
  stripeAccountId: string | null;
  stripeChargesEnabled: boolean;
}

/** Stripe and the Connect webhook secret are configured: a centre can connect its account. */
export const connectConfigured = (billing: BillingStripe | undefined): billing is BillingStripe =>
  billing !== undefined && Boolean(billing.config.connectWebhookSecret);

/**
 * Family card payments are possible: Stripe is configured, the Connect webhook secret is set (without it
 * nothing would ever learn that a payment went through), and the centre's account can take charges.
 */
export function familyPaymentsReady(
  billing: BillingStripe | undefined,
  organisation: ConnectedOrganisation | null | undefined,
): boolean {
  return (
    connectConfigured(billing) && Boolean(organisation?.stripeAccountId) && organisation?.stripeChargesEnabled === true
  );
}

export const FAMILY_PAYMENTS_UNAVAILABLE = () => new AppError('unavailable', FAMILY_PAYMENTS_NOT_CONFIGURED_MESSAGE);

async function organisationOf(prisma: PrismaClient, organisationId: number) {
  const organisation = await prisma.organisation.findUnique({
    where: { id: organisationId },
    select: { id: true, name: true, stripeAccountId: true, stripeChargesEnabled: true, stripeDetailsSubmitted: true },
  });
  if (!organisation) throw notFound('Centre', organisationId);
  return organisation;
}

const statusOf = (
  billing: BillingStripe | undefined,
  organisation: { stripeAccountId: string | null; stripeChargesEnabled: boolean; stripeDetailsSubmitted: boolean },
): TConnectStatus => ({
  configured: connectConfigured(billing),
  accountId: organisation.stripeAccountId,
  chargesEnabled: organisation.stripeChargesEnabled,
  detailsSubmitted: organisation.stripeDetailsSubmitted,
});

export async function connectStatus(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  organisationId: number,
): Promise<TConnectStatus> {
  return statusOf(billing, await organisationOf(prisma, organisationId));
}

/**
 * The centre's connected account, made once: the idempotency key makes two first clicks one account at
 * Stripe (within Stripe's 24 hours of keeping keys), and the conditional update keeps the first id.
 */
async function ensureAccount(prisma: PrismaClient, billing: BillingStripe, organisationId: number): Promise<string> {
  const organisation = await organisationOf(prisma, organisationId);
  if (organisation.stripeAccountId) return organisation.stripeAccountId;
  const account = await stripeCall(() =>
    billing.stripe.accounts.create(
      {
        type: 'standard',
        business_profile: { name: organisation.name },
        metadata: { organisationId: String(organisationId) },
      },
      { idempotencyKey: `levelup-connect-account-${organisationId}` },
    ),
  );
  await prisma.organisation.updateMany({
    where: { id: organisationId, stripeAccountId: null },
    data: {
      stripeAccountId: account.id,
      stripeChargesEnabled: account.charges_enabled,
      stripeDetailsSubmitted: account.details_submitted,
    },
  });
  return (await organisationOf(prisma, organisationId)).stripeAccountId ?? account.id;
}

/** Stripe's hosted onboarding for the centre's account; it comes back to /manage-payment. */
export async function createAccountLink(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  organisationId: number,
  origin: string,
): Promise<{ url: string }> {
  if (!connectConfigured(billing)) throw FAMILY_PAYMENTS_UNAVAILABLE();
  const account = await ensureAccount(prisma, billing, organisationId);
  const link = await stripeCall(() =>
    billing.stripe.accountLinks.create({
      account,
      type: 'account_onboarding',
      return_url: `${origin}/manage-payment?connect=return`,
      refresh_url: `${origin}/manage-payment?connect=refresh`,
    }),
  );
  return { url: link.url };
}

/** Reads the account from Stripe (the page the centre returns to calls it) and keeps its status. */
export async function refreshConnect(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  organisationId: number,
): Promise<TConnectStatus> {
  if (!connectConfigured(billing)) throw FAMILY_PAYMENTS_UNAVAILABLE();
  const organisation = await organisationOf(prisma, organisationId);
  const accountId = organisation.stripeAccountId;
  if (!accountId) return statusOf(billing, organisation);
  // What is read is true from the second the read starts (Stripe's events count whole seconds): an
  // account.updated created before it is older news and will be ignored; one applied meanwhile wins.
  const readAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const account = await stripeCall(() => billing.stripe.accounts.retrieve(accountId));
  await prisma.organisation.updateMany({
    where: { id: organisationId, OR: [{ stripeAccountEventAt: null }, { stripeAccountEventAt: { lte: readAt } }] },
    data: {
      stripeChargesEnabled: account.charges_enabled,
      stripeDetailsSubmitted: account.details_submitted,
      stripeAccountEventAt: readAt,
    },
  });
  return statusOf(billing, await organisationOf(prisma, organisationId));
}

// A centre's saved card (issue 10): its Stripe customer (made on the first Checkout), Checkout in setup
// mode to save or replace the card, the confirm step that makes it the customer's default, removal.
// Only brand, last 4 and expiry are kept here: the card itself never reaches this server.
import type { Request } from 'express';
import Stripe from 'stripe';
import type { TPaymentInfo } from '../../../src/contracts/billing';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { money } from '../../http/list';
import { notFound } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { BILLING_UNAVAILABLE } from './billing-errors';
import type { BillingStripe } from './stripe-config';

/** The platform's invoice currency (PlatformBillingSettings, CAD by default). */
export async function platformCurrency(prisma: PrismaClient): Promise<string> {
  const settings = await prisma.platformBillingSettings.findUnique({ where: { id: 1 }, select: { currency: true } });
  return settings?.currency ?? 'CAD';
}

export async function paymentInfo(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  organisationId: number,
): Promise<TPaymentInfo> {
  const organisation = await prisma.organisation.findUnique({
    where: { id: organisationId },
    include: { billingAccount: true },
  });
  if (!organisation) throw notFound('Centre', organisationId);
  const account = organisation.billingAccount;
  return {
    organisationId,
    organisationName: organisation.name,
    configured: billing !== undefined,
    card:
      account?.paymentMethodId && account.cardBrand && account.cardLast4
        ? {
            brand: account.cardBrand,
            last4: account.cardLast4,
            expMonth: account.cardExpMonth ?? 0,
            expYear: account.cardExpYear ?? 0,
          }
        : null,
    creditBalance: money(organisation.creditBalance) as string,
    taxRate: organisation.taxRate.toString(),
    currency: await platformCurrency(prisma),
  };
}

/** The centre's Stripe customer, made once (the idempotency key makes two first clicks one customer). */
async function ensureCustomer(prisma: PrismaClient, billing: BillingStripe, organisationId: number): Promise<string> {
  const existing = await prisma.billingAccount.findUnique({ where: { organisationId } });
  if (existing) return existing.stripeCustomerId;
  const organisation = await prisma.organisation.findUniqueOrThrow({ where: { id: organisationId } });
  const customer = await stripeCall(() =>
    billing.stripe.customers.create(
      { name: organisation.name, metadata: { organisationId: String(organisationId) } },
      { idempotencyKey: `levelup-customer-${organisationId}` },
    ),
  );
  // Two first clicks at once: both got the same customer (same key); the second insert is a no-op.
  await prisma.billingAccount.createMany({
    data: [{ organisationId, stripeCustomerId: customer.id }],
    skipDuplicates: true,
  });
  const account = await prisma.billingAccount.findUniqueOrThrow({ where: { organisationId } });
  return account.stripeCustomerId;
}

/** Stripe failures other than ours become a 502 with Stripe's message (never the key or card data). */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError('bad_gateway', t('Card payments (Stripe) failed: {reason}', { reason: message }));
  }
}

export function appOrigin(appUrl: string | undefined, req: Request): string {
  return (appUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}

export async function createCheckoutSession(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  organisationId: number,
  appUrl: string,
): Promise<{ url: string }> {
  if (!billing) throw BILLING_UNAVAILABLE();
  const customer = await ensureCustomer(prisma, billing, organisationId);
  const currency = (await platformCurrency(prisma)).toLowerCase();
  const session = await stripeCall(() =>
    billing.stripe.checkout.sessions.create({
      mode: 'setup',
      customer,
      currency,
      success_url: `${appUrl}/redirectUrlPage?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/redirectUrlPage?cancelled=1`,
      metadata: { organisationId: String(organisationId) },
    }),
  );
  if (!session.url) throw new AppError('bad_gateway', 'Card payments (Stripe) gave no Checkout page');
  return { url: session.url };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** Detaches a card at Stripe; one already gone is fine. */
async function detach(billing: BillingStripe, paymentMethodId: string) {
  try {
    await billing.stripe.paymentMethods.detach(paymentMethodId);
  } catch (error) {
    if (!isMissing(error) && !(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}

export async function confirmCheckoutSession(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  organisationId: number,
  sessionId: string,
): Promise<TPaymentInfo> {
  if (!billing) throw BILLING_UNAVAILABLE();
  const account = await prisma.billingAccount.findUnique({ where: { organisationId } });
  const refused = () => notFound('Checkout session', sessionId);
  if (!account) throw refused();
  const session = await stripeCall(async () => {
    try {
      return await billing.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] });
    } catch (error) {
      if (isMissing(error)) throw refused();
      throw error;
    }
  });
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (customerId !== account.stripeCustomerId || session.metadata?.organisationId !== String(organisationId))
    throw refused();
  const setupIntent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
  const method = setupIntent && typeof setupIntent.payment_method === 'object' ? setupIntent.payment_method : null;
  if (session.status !== 'complete' || setupIntent?.status !== 'succeeded' || !method?.card)
    throw new AppError(
      'conflict',
      'The card was not saved: this Checkout session is not complete (enter the card on the Checkout page first)',
    );
  const card = method.card;
  await stripeCall(() =>
    billing.stripe.customers.update(account.stripeCustomerId, {
      invoice_settings: { default_payment_method: method.id },
    }),
  );
  const previous = account.paymentMethodId;
  await prisma.billingAccount.update({
    where: { organisationId },
    data: {
      paymentMethodId: method.id,
      cardBrand: card.brand.slice(0, 32),
      cardLast4: card.last4,
      cardExpMonth: card.exp_month,
      cardExpYear: card.exp_year,
    },
  });
  if (previous && previous !== method.id) await stripeCall(() => detach(billing, previous));
  return paymentInfo(prisma, billing, organisationId);
}

export async function removeCard(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  organisationId: number,
): Promise<TPaymentInfo> {
  const account = await prisma.billingAccount.findUnique({ where: { organisationId } });
  if (account?.paymentMethodId) {
    if (!billing) throw BILLING_UNAVAILABLE();
    const paymentMethodId = account.paymentMethodId;
    await stripeCall(() => detach(billing, paymentMethodId));
    await prisma.billingAccount.update({
      where: { organisationId },
      data: { paymentMethodId: null, cardBrand: null, cardLast4: null, cardExpMonth: null, cardExpYear: null },
    });
  }
  return paymentInfo(prisma, billing, organisationId);
}

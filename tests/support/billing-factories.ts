// Platform billing test data (issue 10): invoices inserted directly (the amounts as given, not computed),
// a Stripe client and the app's billing deps pointed at the stand-in, a centre's customer with a card.
import Stripe from 'stripe';
import { CHARGE_PENDING_REASON } from '../../server/features/billing/charge-invoice';
import { createBillingStripe } from '../../server/features/billing/stripe-config';
import { Prisma, type PrismaClient } from '../../server/generated/prisma/client';
import type { StripeStandIn } from './stripe-standin';

let sequence = 0;

export function billingFor(standIn: StripeStandIn) {
  return createBillingStripe({
    secretKey: standIn.secretKey,
    publishableKey: standIn.publishableKey,
    webhookSecret: standIn.webhookSecret,
    apiUrl: standIn.url,
  });
}

export function stripeFor(standIn: StripeStandIn): Stripe {
  return new Stripe(standIn.secretKey, { host: standIn.host, port: standIn.port, protocol: standIn.protocol });
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** An UNPAID invoice row of `total` (tax 0) for one centre; dates default to last month, due in the future. */
export async function createInvoiceRow(
  prisma: PrismaClient,
  organisationId: number,
  { total = '123.45', dueDate, currency = 'CAD' }: { total?: string; dueDate?: string; currency?: string } = {},
) {
  const n = ++sequence;
  const amount = new Prisma.Decimal(total);
  const due = dueDate ?? new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return prisma.invoice.create({
    data: {
      organisationId,
      periodStart: day('2026-01-01'),
      periodEnd: day('2026-01-31'),
      invoiceDate: day('2026-02-01'),
      dueDate: day(due),
      currency,
      quantity: n,
      chargeRange: '0+',
      chargePerStudent: amount,
      subtotal: amount,
      minimumCharge: new Prisma.Decimal(0),
      creditApplied: new Prisma.Decimal(0),
      totalBeforeTax: amount,
      taxRate: new Prisma.Decimal(0),
      tax: new Prisma.Decimal(0),
      total: amount,
      items: [{ kind: 'STUDENTS', quantity: 1, unitAmount: total, amount: total }],
    },
    include: { organisation: true },
  });
}

/**
 * The centre's Stripe customer with a test card (`pm_card_visa`, `pm_card_chargeDeclined`…) attached and
 * made its default, recorded on its BillingAccount as the confirm step would.
 */
export async function giveCard(
  prisma: PrismaClient,
  stripe: Stripe,
  organisationId: number,
  testCard = 'pm_card_visa',
) {
  const existing = await prisma.billingAccount.findUnique({ where: { organisationId } });
  const customer =
    existing?.stripeCustomerId ??
    (
      await stripe.customers.create({
        name: `Centre ${organisationId}`,
        metadata: { organisationId: String(organisationId) },
      })
    ).id;
  const pm = await stripe.paymentMethods.attach(testCard, { customer });
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm.id } });
  const card = {
    paymentMethodId: pm.id,
    cardBrand: pm.card?.brand ?? 'visa',
    cardLast4: pm.card?.last4 ?? '4242',
    cardExpMonth: pm.card?.exp_month ?? 12,
    cardExpYear: pm.card?.exp_year ?? 2030,
  };
  await prisma.billingAccount.upsert({
    where: { organisationId },
    create: { organisationId, stripeCustomerId: customer, ...card },
    update: card,
  });
  return { customer, paymentMethodId: pm.id };
}

/**
 * Puts the invoice in a (finished) billing cycle's progress as the run leaves a charge whose result it
 * does not know: CREATED with "The charge is pending". Returns the progress row's key.
 */
export async function inCycleChargePending(prisma: PrismaClient, invoice: { id: number; organisationId: number }) {
  const n = ++sequence;
  const system = await prisma.user.create({
    data: {
      login: `cyclesystem${n}-${invoice.id}`,
      email: `cyclesystem${n}-${invoice.id}@example.test`,
      roles: ['ROLE_SYSTEM'],
    },
  });
  const cycle = await prisma.billingCycle.create({
    data: {
      startDate: day('2026-01-01'),
      endDate: day('2026-01-31'),
      status: 'COMPLETED',
      repeat: false,
      startedById: system.id,
    },
  });
  await prisma.invoice.update({ where: { id: invoice.id }, data: { cycleId: cycle.id } });
  await prisma.billingCycleCentre.create({
    data: {
      cycleId: cycle.id,
      organisationId: invoice.organisationId,
      outcome: 'CREATED',
      reason: CHARGE_PENDING_REASON,
      invoiceId: invoice.id,
    },
  });
  return { cycleId_organisationId: { cycleId: cycle.id, organisationId: invoice.organisationId } };
}

// Charging an invoice on the centre's saved card, exactly once (issue 10). The PaymentIntent's
// idempotency key is levelup-invoice-<id>-<chargeAttempt>: the same attempt always replays the same
// PaymentIntent at Stripe, a new attempt (after a recorded decline) makes a new one.
//
// 1. In a transaction, lock the invoice row (FOR NO KEY UPDATE): PAID → returned as is; VOID → 409; no card →
//    409. Set chargePendingSince (unless already set: then a charge of this attempt is under way or its
//    result was never recorded, and we ask Stripe again with the same key, which replays it) and commit.
// 2. Outside any transaction, paymentIntents.create with that key.
// 3. Record the result, guarded (only an UNPAID invoice still at that attempt changes): success → PAID;
//    a decline (StripeCardError) → lastChargeError, attempt + 1, pending cleared, 402; anything else
//    (network, Stripe down) → pending stays for reconcilePendingCharges (reconcile.ts), 502.
import Stripe from 'stripe';
import { formatInvoiceNumber, INVOICE_CHARGE_FAILED_MESSAGE, NO_CARD_MESSAGE } from '../../../src/contracts/billing';
import { type Invoice, type Organisation, Prisma, type PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { notFound } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { BILLING_UNAVAILABLE } from './billing-errors';
import type { BillingStripe } from './stripe-config';

/** The caller's transaction, or the client (then a transaction of its own). */
type Db = { tx: Prisma.TransactionClient } | PrismaClient;

/** Runs `work` in the caller's transaction or a new one (the invoice and its cycle progress change together). */
function inTransaction<T>(db: Db, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return 'tx' in db ? work(db.tx) : db.$transaction(work);
}
/** "Failed to charge invoice: <the provider's reason>" (the reason stays as Stripe words it). */
const chargeFailed = (reason: string) =>
  t('{reason}: {detail}', { reason: t(INVOICE_CHARGE_FAILED_MESSAGE), detail: reason });

export type ChargedInvoice = Invoice & { organisation: Organisation };

/** A cycle centre's reason while its charge's result is unknown (reconcile or the webhook settles it). */
export const CHARGE_PENDING_REASON = 'The charge is pending';
/** A cycle centre's reason once reconcile found that Stripe made no charge for the pending attempt. */
export const NOT_CHARGED_REASON = 'Nothing was charged: the invoice waits for payment';

/** A cycle centre's reason once its invoice was marked paid by hand / voided. */
export const PAID_BY_HAND_REASON = 'Marked paid by hand';
export const VOIDED_REASON = 'The invoice was voided';

/** The PaymentIntent idempotency key of one attempt. */
export const chargeKey = (invoiceId: number, attempt: number) => `levelup-invoice-${invoiceId}-${attempt}`;

/** Amount in the currency's minor unit (cents), exact from the 2-decimal total. */
export function amountInCents(total: Prisma.Decimal): number {
  const cents = new Prisma.Decimal(total).mul(100);
  if (!cents.isInteger()) throw new Error(`invoice total ${total.toString()} is not a whole number of cents`);
  return cents.toNumber();
}

const withOrganisation = { organisation: true } as const;

/**
 * PAID by card with this PaymentIntent, if the invoice is still UNPAID; its billing cycle's progress row
 * (if any) becomes CHARGED in the same transaction. Returns whether it changed.
 */
export function recordChargeSucceeded(db: Db, invoiceId: number, paymentIntentId: string, at = new Date()) {
  return inTransaction(db, async (tx) => {
    const { count } = await tx.invoice.updateMany({
      where: { id: invoiceId, status: 'UNPAID' },
      data: {
        status: 'PAID',
        paidMethod: 'CARD',
        paymentIntentId,
        paidAt: at,
        lastChargeAt: at,
        lastChargeError: null,
        chargePendingSince: null,
      },
    });
    if (count > 0)
      await tx.billingCycleCentre.updateMany({
        where: { invoiceId, outcome: { in: ['CREATED', 'FAILED'] } },
        data: { outcome: 'CHARGED', reason: null },
      });
    return count > 0;
  });
}

/**
 * A refused attempt: its message kept, the next attempt gets a new key. Only for that attempt of an
 * UNPAID invoice; its billing cycle's progress row (if any) becomes FAILED with the message in the same
 * transaction.
 */
export function recordChargeFailed(db: Db, invoiceId: number, attempt: number, message: string, at = new Date()) {
  return inTransaction(db, async (tx) => {
    const { count } = await tx.invoice.updateMany({
      where: { id: invoiceId, status: 'UNPAID', chargeAttempt: attempt },
      data: {
        lastChargeError: message.slice(0, 500),
        lastChargeAt: at,
        chargeAttempt: attempt + 1,
        chargePendingSince: null,
      },
    });
    if (count > 0)
      await tx.billingCycleCentre.updateMany({
        where: { invoiceId, outcome: { in: ['CREATED', 'FAILED'] } },
        data: { outcome: 'FAILED', reason: message.slice(0, 500) },
      });
    return count > 0;
  });
}

/** The provider's message of a refused PaymentIntent. */
export function paymentIntentError(pi: Stripe.PaymentIntent): string {
  return pi.last_payment_error?.message ?? `The payment was not completed (${pi.status})`;
}

async function lockInvoice(tx: Prisma.TransactionClient, invoiceId: number) {
  await tx.$queryRaw`SELECT "id" FROM "Invoice" WHERE "id" = ${invoiceId} FOR NO KEY UPDATE`;
  const invoice = await tx.invoice.findUnique({ where: { id: invoiceId }, include: withOrganisation });
  if (!invoice) throw notFound('Invoice', invoiceId);
  return invoice;
}

interface Prepared {
  invoice: ChargedInvoice;
  /** Nothing to send to Stripe: the invoice as it is. */
  done: boolean;
  attempt: number;
  customer: string;
  paymentMethod: string;
}

/**
 * Charges one invoice on its centre's saved card, exactly once (see the file's comment). Used by
 * POST /billing/invoices/:id/charge and by the billing cycle. Rights are the caller's business.
 */
export async function chargeInvoice(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  invoiceId: number,
): Promise<ChargedInvoice> {
  if (!billing) throw BILLING_UNAVAILABLE();
  const prepared = await prisma.$transaction(async (tx): Promise<Prepared> => {
    const invoice = await lockInvoice(tx, invoiceId);
    const none = { invoice, done: true, attempt: invoice.chargeAttempt, customer: '', paymentMethod: '' };
    if (invoice.status === 'PAID') return none;
    if (invoice.status === 'VOID')
      throw new AppError(
        'conflict',
        t('{invoice} is void: it cannot be charged', { invoice: formatInvoiceNumber(invoice.number) }),
      );
    if (new Prisma.Decimal(invoice.total).lte(0)) {
      // Credit covered it: nothing to charge.
      const paid = await tx.invoice.update({
        where: { id: invoice.id },
        data: { status: 'PAID', paidMethod: 'NONE', paidAt: new Date(), chargePendingSince: null },
        include: withOrganisation,
      });
      return { ...none, invoice: paid };
    }
    const account = await tx.billingAccount.findUnique({ where: { organisationId: invoice.organisationId } });
    if (!account?.paymentMethodId) throw new AppError('conflict', NO_CARD_MESSAGE);
    const pending =
      invoice.chargePendingSince ??
      (
        await tx.invoice.update({
          where: { id: invoice.id },
          data: { chargePendingSince: new Date() },
          select: { chargePendingSince: true },
        })
      ).chargePendingSince;
    return {
      invoice: { ...invoice, chargePendingSince: pending },
      done: false,
      attempt: invoice.chargeAttempt,
      customer: account.stripeCustomerId,
      paymentMethod: account.paymentMethodId,
    };
  });
  if (prepared.done) return prepared.invoice;

  const { invoice, attempt } = prepared;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await billing.stripe.paymentIntents.create(
      {
        amount: amountInCents(invoice.total),
        currency: invoice.currency.toLowerCase(),
        customer: prepared.customer,
        payment_method: prepared.paymentMethod,
        off_session: true,
        confirm: true,
        description: formatInvoiceNumber(invoice.number),
        metadata: {
          invoiceId: String(invoice.id),
          organisationId: String(invoice.organisationId),
          attempt: String(attempt),
        },
      },
      { idempotencyKey: chargeKey(invoice.id, attempt) },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const message = error.message;
      await recordChargeFailed(prisma, invoice.id, attempt, message);
      throw new AppError('payment_failed', chargeFailed(message));
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      // Refused before it ran (e.g. an amount under Stripe's minimum): nothing was charged.
      await prisma.invoice.updateMany({
        where: { id: invoice.id, status: 'UNPAID', chargeAttempt: attempt },
        data: { chargePendingSince: null },
      });
      throw new AppError('bad_gateway', chargeFailed(error.message));
    }
    // Not a decline: we do not know whether Stripe charged. chargePendingSince stays set; the same key
    // on the next try (or the reconcile step) settles it.
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError('bad_gateway', chargeFailed(message));
  }

  if (intent.status === 'succeeded') await recordChargeSucceeded(prisma, invoice.id, intent.id);
  else if (intent.status !== 'processing') {
    // requires_action / requires_payment_method without an error: the card needs the customer.
    const message = paymentIntentError(intent);
    await recordChargeFailed(prisma, invoice.id, attempt, message);
    throw new AppError('payment_failed', chargeFailed(message));
  }
  return prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: withOrganisation });
}

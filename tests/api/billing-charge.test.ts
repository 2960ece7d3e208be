// Charging an invoice on the saved card (issue 10): exactly once (ten at once make one PaymentIntent),
// each Stripe test decline as a 402 with the provider's message and a new attempt after it, no card,
// a void invoice, Stripe unreachable, no Stripe keys, and the rights.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeInvoice } from '../../server/features/billing/charge-invoice';
import { createBillingStripe } from '../../server/features/billing/stripe-config';
import {
  BILLING_NOT_CONFIGURED_MESSAGE,
  formatInvoiceNumber,
  INVOICE_CHARGE_FAILED_MESSAGE,
  NO_CARD_MESSAGE,
} from '../../src/contracts/billing';
import { billingFor, createInvoiceRow, giveCard, stripeFor } from '../support/billing-factories';
import { createCentreWithStaff } from '../support/factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let standIn: StripeStandIn;
let ctx: TestContext;
let bare: TestContext;

beforeAll(async () => {
  // A slow answer widens the window in which concurrent charges overlap.
  standIn = await startStripeStandIn({ afterChargeDelayMs: 150 });
  ctx = await createTestContext({ billing: billingFor(standIn) });
  bare = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await bare?.close();
  await standIn?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const intentsOf = (customer: string) =>
  [...standIn.state.paymentIntents.values()].filter((pi) => pi.customer === customer);
const charge = (id: number, token: string) =>
  request(ctx.app).post(`/api/billing/invoices/${id}/charge`).set(auth(token));

describe('charging an invoice', () => {
  it('charges the total in cents once, with the invoice key, and marks it paid', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const { customer, paymentMethodId } = await giveCard(ctx.prisma, stripeFor(standIn), centre.id);
    const invoice = await createInvoiceRow(ctx.prisma, centre.id, { total: '1234.57' });
    const res = await charge(invoice.id, tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: invoice.id,
      status: 'PAID',
      paidMethod: 'CARD',
      chargePending: false,
      chargeAttempt: 0,
      lastChargeError: null,
    });
    const [pi] = intentsOf(customer);
    expect(intentsOf(customer)).toHaveLength(1);
    expect(pi).toMatchObject({
      amount: 123_457,
      currency: 'cad',
      payment_method: paymentMethodId,
      status: 'succeeded',
      description: formatInvoiceNumber(invoice.number),
      metadata: { invoiceId: String(invoice.id), organisationId: String(centre.id), attempt: '0' },
    });
    const row = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(row).toMatchObject({ paymentIntentId: pi.id, chargePendingSince: null });
    expect(row.paidAt).not.toBeNull();
    const created = standIn.state.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(created.at(-1)?.idempotencyKey).toBe(`levelup-invoice-${invoice.id}-0`);

    // Charging a paid invoice again answers it as it is, without calling Stripe.
    const calls = standIn.state.requests.length;
    const again = await charge(invoice.id, tokens.admin);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(standIn.state.requests.length).toBe(calls);
  });

  it('ten concurrent charges of one invoice make one PaymentIntent and pay it once', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const { customer } = await giveCard(ctx.prisma, stripeFor(standIn), centre.id);
    const invoice = await createInvoiceRow(ctx.prisma, centre.id, { total: '99.99' });
    const replies = await Promise.all(Array.from({ length: 10 }, () => charge(invoice.id, tokens.admin)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.every((r) => r.body.status === 'PAID')).toBe(true);
    expect(intentsOf(customer)).toHaveLength(1);
    const [pi] = intentsOf(customer);
    const row = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(row).toMatchObject({ status: 'PAID', paymentIntentId: pi.id, chargeAttempt: 0 });
    // Every reply tells the same payment.
    expect(new Set(replies.map((r) => r.body.paidAt))).toEqual(new Set([row.paidAt?.toISOString()]));
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired.'],
    ['pm_card_chargeCustomerFail', 'Your card was declined.'],
    ['pm_card_authenticationRequired', undefined],
  ])('%s: a 402 with the provider’s message, then a good card pays on a new attempt', async (card, message) => {
    const stripe = stripeFor(standIn);
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const { customer } = await giveCard(ctx.prisma, stripe, centre.id, card);
    const invoice = await createInvoiceRow(ctx.prisma, centre.id);
    const refused = await charge(invoice.id, tokens.admin);
    expect(refused.status).toBe(402);
    const [declined] = intentsOf(customer);
    const providerMessage = String(declined.last_payment_error?.message);
    if (message) expect(providerMessage).toBe(message);
    expect(providerMessage.length).toBeGreaterThan(0);
    expect(refused.body.errorMessage).toBe(`${INVOICE_CHARGE_FAILED_MESSAGE}: ${providerMessage}`);
    const failed = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(failed).toMatchObject({
      status: 'UNPAID',
      lastChargeError: providerMessage,
      chargeAttempt: 1,
      chargePendingSince: null,
      paymentIntentId: null,
    });
    expect(failed.lastChargeAt).not.toBeNull();

    await giveCard(ctx.prisma, stripe, centre.id, 'pm_card_visa');
    const paid = await charge(invoice.id, tokens.admin);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', chargeAttempt: 1, lastChargeError: null });
    const intents = intentsOf(customer);
    expect(intents.map((pi) => [pi.metadata.attempt, pi.status]).sort()).toEqual([
      ['0', 'requires_payment_method'],
      ['1', 'succeeded'],
    ]);
  });

  it('refuses without a card, a void invoice, and leaves the charge pending when Stripe cannot be reached', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const invoice = await createInvoiceRow(ctx.prisma, centre.id);
    const noCard = await charge(invoice.id, tokens.admin);
    expect(noCard.status).toBe(409);
    expect(noCard.body.errorMessage).toBe(NO_CARD_MESSAGE);
    expect(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
      status: 'UNPAID',
      chargePendingSince: null,
      chargeAttempt: 0,
    });

    await giveCard(ctx.prisma, stripeFor(standIn), centre.id);
    const voided = await createInvoiceRow(ctx.prisma, centre.id);
    await ctx.prisma.invoice.update({ where: { id: voided.id }, data: { status: 'VOID' } });
    const refusedVoid = await charge(voided.id, tokens.admin);
    expect(refusedVoid.status).toBe(409);
    expect(refusedVoid.body.errorMessage).toMatch(/void/);

    // Stripe down (nothing listens there): 502, and the charge stays pending for the reconcile step.
    const down = createBillingStripe({ ...billingFor(standIn).config, apiUrl: 'http://127.0.0.1:9' });
    const error = await chargeInvoice(ctx.prisma, down, invoice.id).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_gateway' });
    expect((error as Error).message).toContain(INVOICE_CHARGE_FAILED_MESSAGE);
    const pending = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(pending).toMatchObject({ status: 'UNPAID', chargeAttempt: 0 });
    expect(pending.chargePendingSince).not.toBeNull();
    // Refused by Stripe before it ran (under its 0.50 minimum): nothing charged, nothing left pending.
    const tiny = await createInvoiceRow(ctx.prisma, centre.id, { total: '0.10' });
    const refusedTiny = await charge(tiny.id, tokens.admin);
    expect(refusedTiny.status).toBe(502);
    expect(refusedTiny.body.errorMessage).toContain(INVOICE_CHARGE_FAILED_MESSAGE);
    expect(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: tiny.id } })).toMatchObject({
      status: 'UNPAID',
      chargePendingSince: null,
    });
    // Stripe back: the same attempt (same key) is charged once.
    const paid = await charge(invoice.id, tokens.admin);
    expect(paid.body).toMatchObject({ status: 'PAID', chargePending: false, chargeAttempt: 0 });
  });

  it('rights: operators 403, another centre 404, the platform any centre', async () => {
    const one = await createCentreWithStaff(ctx);
    const two = await createCentreWithStaff(ctx);
    await giveCard(ctx.prisma, stripeFor(standIn), one.centre.id);
    const invoice = await createInvoiceRow(ctx.prisma, one.centre.id);
    expect((await charge(invoice.id, one.tokens.operator)).status).toBe(403);
    expect((await charge(invoice.id, one.tokens.teacher)).status).toBe(403);
    expect((await charge(invoice.id, two.tokens.admin)).status).toBe(404);
    expect((await charge(999_999, one.tokens.admin)).status).toBe(404);
    expect((await request(ctx.app).post('/api/billing/invoices/abc/charge').set(auth(one.tokens.admin))).status).toBe(
      400,
    );
    expect(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
      status: 'UNPAID',
      chargePendingSince: null,
    });
    const platform = await charge(invoice.id, one.tokens.system);
    expect(platform.status).toBe(200);
    expect(platform.body.status).toBe('PAID');
  });
});

describe('without Stripe keys', () => {
  it('answers 503 and changes nothing', async () => {
    const { centre, tokens } = await createCentreWithStaff(bare);
    const invoice = await createInvoiceRow(bare.prisma, centre.id);
    const before = await bare.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    const res = await request(bare.app).post(`/api/billing/invoices/${invoice.id}/charge`).set(auth(tokens.admin));
    expect(res.status).toBe(503);
    expect(res.body.errorMessage).toBe(BILLING_NOT_CONFIGURED_MESSAGE);
    expect(await bare.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toEqual(before);
    const hook = await request(bare.app)
      .post('/api/billing/stripe-webhook')
      .set('Stripe-Signature', 't=1,v1=00')
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(hook.status).toBe(503);
  });
});

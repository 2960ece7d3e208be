// The Stripe webhook (issue 10): signature checked on the raw body, each event processed once (a
// delivery repeated three times changes the invoice once and keeps one StripeEvent row), a late failure
// never overwrites a payment, and a failure of the pending attempt is recorded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFor, createInvoiceRow, giveCard, inCycleChargePending, stripeFor } from '../support/billing-factories';
import { createCentreWithStaff } from '../support/factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let standIn: StripeStandIn;
let stripe: Stripe;
let ctx: TestContext;
let server: Server;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeFor(standIn);
  ctx = await createTestContext({ billing: billingFor(standIn) });
  server = createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.setWebhookEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/billing/stripe-webhook`);
}, 60_000);
afterAll(async () => {
  await standIn?.close();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

const eventsFor = (type: string, piId: string) =>
  standIn.state.events.filter((e) => e.type === type && e.data.object.id === piId);

/** A PaymentIntent made at Stripe directly (as if our process had died before recording it). */
async function chargeAtStripe(
  customer: string,
  paymentMethod: string,
  invoiceId: number,
  attempt: number,
  { amount = 12_345, currency = 'cad' } = {},
) {
  return stripe.paymentIntents
    .create({
      amount,
      currency,
      customer,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
      metadata: { invoiceId: String(invoiceId), attempt: String(attempt) },
    })
    .catch((error: { raw?: { payment_intent?: Stripe.PaymentIntent } }) => {
      if (!error.raw?.payment_intent) throw error;
      return error.raw.payment_intent;
    });
}

describe('the Stripe webhook', () => {
  it('pays the invoice of payment_intent.succeeded once, however often it is delivered', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const { customer, paymentMethodId } = await giveCard(ctx.prisma, stripe, centre.id);
    const invoice = await createInvoiceRow(ctx.prisma, centre.id);
    await ctx.prisma.invoice.update({ where: { id: invoice.id }, data: { chargePendingSince: new Date() } });
    const progress = await inCycleChargePending(ctx.prisma, invoice);
    const pi = await chargeAtStripe(customer, paymentMethodId, invoice.id, 0);
    await standIn.deliveriesSettled();
    const [event] = eventsFor('payment_intent.succeeded', pi.id);
    expect(event).toBeDefined();
    const paid = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(paid).toMatchObject({
      status: 'PAID',
      paidMethod: 'CARD',
      paymentIntentId: pi.id,
      chargePendingSince: null,
    });
    expect(await ctx.prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
      outcome: 'CHARGED',
      reason: null,
    });

    await standIn.deliverEvent(event.id);
    await standIn.deliverEvent(event.id);
    await standIn.deliveriesSettled();
    const deliveries = standIn.state.deliveries.filter((d) => d.eventId === event.id);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    const after = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(after.updatedAt).toEqual(paid.updatedAt);
    expect(after.paidAt).toEqual(paid.paidAt);
    expect(await ctx.prisma.stripeEvent.count({ where: { id: event.id } })).toBe(1);
  });

  it('records a failure of the pending attempt, and an old failure never overwrites a payment', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const declining = await giveCard(ctx.prisma, stripe, centre.id, 'pm_card_chargeDeclinedInsufficientFunds');
    const invoice = await createInvoiceRow(ctx.prisma, centre.id);
    await ctx.prisma.invoice.update({ where: { id: invoice.id }, data: { chargePendingSince: new Date() } });
    const progress = await inCycleChargePending(ctx.prisma, invoice);
    const failedPi = await chargeAtStripe(declining.customer, declining.paymentMethodId, invoice.id, 0);
    await standIn.deliveriesSettled();
    const failed = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(failed).toMatchObject({
      status: 'UNPAID',
      chargeAttempt: 1,
      chargePendingSince: null,
      lastChargeError: 'Your card has insufficient funds.',
    });
    expect(await ctx.prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
      outcome: 'FAILED',
      reason: 'Your card has insufficient funds.',
    });

    // Attempt 1 pays; then attempt 0's failure arrives again: nothing changes.
    const good = await giveCard(ctx.prisma, stripe, centre.id, 'pm_card_visa');
    const okPi = await chargeAtStripe(good.customer, good.paymentMethodId, invoice.id, 1);
    await standIn.deliveriesSettled();
    const paid = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(paid).toMatchObject({ status: 'PAID', paymentIntentId: okPi.id, lastChargeError: null });
    const [oldFailure] = eventsFor('payment_intent.payment_failed', failedPi.id);
    await standIn.deliverEvent(oldFailure.id);
    await standIn.deliveriesSettled();
    expect(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toEqual(paid);
    expect(await ctx.prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
      outcome: 'CHARGED',
      reason: null,
    });
  });

  it('events of a charge the app made change nothing more', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    await giveCard(ctx.prisma, stripe, centre.id);
    const invoice = await createInvoiceRow(ctx.prisma, centre.id);
    standIn.pauseDeliveries();
    const res = await request(ctx.app)
      .post(`/api/billing/invoices/${invoice.id}/charge`)
      .set({ Authorization: `Bearer ${tokens.admin}` });
    expect(res.body.status).toBe('PAID');
    const paid = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    standIn.resumeDeliveries();
    await standIn.deliveriesSettled();
    expect(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toEqual(paid);
  });

  it('applies a success only when amount, currency and customer match an unpaid invoice (issue 20, finding 14)', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const { customer, paymentMethodId } = await giveCard(ctx.prisma, stripe, centre.id);
    const stranger = await giveCard(ctx.prisma, stripe, (await createCentreWithStaff(ctx)).centre.id);
    const cases: [string, () => Promise<Stripe.PaymentIntent>, RegExp][] = [];
    const invoices: number[] = [];
    for (const [name, charge, reason] of [
      [
        'one cent',
        (id: number) => chargeAtStripe(customer, paymentMethodId, id, 0, { amount: 50 }),
        /0\.50 CAD does not match the invoice total of 123\.45 CAD/,
      ],
      [
        'US dollars',
        (id: number) => chargeAtStripe(customer, paymentMethodId, id, 0, { currency: 'usd' }),
        /not in the invoice's currency/,
      ],
      [
        'another customer',
        (id: number) => chargeAtStripe(stranger.customer, stranger.paymentMethodId, id, 0),
        /another Stripe customer/,
      ],
    ] as const) {
      const invoice = await createInvoiceRow(ctx.prisma, centre.id);
      invoices.push(invoice.id);
      cases.push([name, () => charge(invoice.id), reason]);
    }
    for (const [i, [name, charge, reason]] of cases.entries()) {
      const pi = await charge();
      await standIn.deliveriesSettled();
      expect(eventsFor('payment_intent.succeeded', pi.id), name).toHaveLength(1);
      const after = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoices[i] } });
      expect(after.status, name).toBe('UNPAID');
      expect(after.paymentIntentId, name).toBeNull();
      expect(after.lastChargeError, name).toMatch(reason);
      expect(after.lastChargeError, name).toContain(pi.id);
    }

    // A success for a void invoice is kept on it for the platform, and the invoice stays void.
    const voided = await createInvoiceRow(ctx.prisma, centre.id);
    await ctx.prisma.invoice.update({ where: { id: voided.id }, data: { status: 'VOID' } });
    const pi = await chargeAtStripe(customer, paymentMethodId, voided.id, 0);
    await standIn.deliveriesSettled();
    expect(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: voided.id } })).toMatchObject({
      status: 'VOID',
      lastChargeError: expect.stringMatching(/123\.45 CAD arrived for a void invoice: refund it in Stripe/),
    });
    expect(pi.status).toBe('succeeded');
  });

  it('refuses a signed timestamp an hour in the future or the past', async () => {
    const payload = JSON.stringify({ id: 'evt_timed', object: 'event', type: 'ping', data: {} });
    for (const offset of [3600, -3600]) {
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: standIn.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) + offset,
      });
      const res = await request(ctx.app)
        .post('/api/billing/stripe-webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', header)
        .send(payload);
      expect(res.status, String(offset)).toBe(400);
    }
    expect(await ctx.prisma.stripeEvent.count({ where: { id: 'evt_timed' } })).toBe(0);
  });

  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const before = await ctx.prisma.stripeEvent.count();
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: {} });
    const forged = await request(ctx.app)
      .post('/api/billing/stripe-webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
      .send(payload);
    expect(forged.status).toBe(400);
    const missing = await request(ctx.app)
      .post('/api/billing/stripe-webhook')
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(missing.status).toBe(400);
    // Signed right but without the object it should carry: not an event, 400 and recorded nowhere (issue 37).
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: standIn.webhookSecret });
    const signed = await request(ctx.app)
      .post('/api/billing/stripe-webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload);
    expect(signed.status).toBe(400);
    expect(await ctx.prisma.stripeEvent.count()).toBe(before);
  });
});

// A centre's card (issue 10): Checkout in setup mode through the stand-in's hosted page, the confirm step
// (default card, brand/last 4/expiry kept, the old card detached), removal, the rights, no Stripe keys,
// and the overdue alert.
import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../server/features/billing/invoice-view';
import { BILLING_NOT_CONFIGURED_MESSAGE } from '../../src/contracts/billing';
import { billingFor, createInvoiceRow, stripeFor } from '../support/billing-factories';
import { submitHostedCard } from '../support/checkout-page';
import { createCentreWithStaff } from '../support/factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let standIn: StripeStandIn;
let stripe: Stripe;
let ctx: TestContext;
let bare: TestContext;
const APP = 'http://app.test';

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeFor(standIn);
  ctx = await createTestContext({ billing: billingFor(standIn), appUrl: APP });
  bare = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await bare?.close();
  await standIn?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Opens Checkout as `token`, saves `number` on the hosted page, returns the session id from the redirect. */
async function saveCardOnPage(token: string, number: string, body: { organisationId?: number } = {}) {
  const open = await request(ctx.app).post('/api/billing/checkout-sessions').set(auth(token)).send(body);
  expect(open.status).toBe(200);
  const page = await submitHostedCard(open.body.url, number);
  expect(page.status).toBe(303);
  const location = new URL(String(page.headers.get('location')));
  expect(`${location.origin}${location.pathname}`).toBe(`${APP}/redirectUrlPage`);
  return String(location.searchParams.get('session_id'));
}

describe('saving a card through Checkout', () => {
  it('makes one customer, saves the card as default, replaces and removes it', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const info0 = await request(ctx.app).get('/api/billing/payment-info').set(auth(tokens.admin));
    expect(info0.body).toMatchObject({ organisationId: centre.id, configured: true, card: null, currency: 'CAD' });

    // Two quick clicks: one customer.
    const [a, b] = await Promise.all([
      request(ctx.app).post('/api/billing/checkout-sessions').set(auth(tokens.admin)).send({}),
      request(ctx.app).post('/api/billing/checkout-sessions').set(auth(tokens.admin)).send({}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const customers = [...standIn.state.customers.values()].filter(
      (c) => (c as unknown as { metadata: Record<string, string> }).metadata.organisationId === String(centre.id),
    );
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ name: centre.name });
    const account = await ctx.prisma.billingAccount.findUniqueOrThrow({ where: { organisationId: centre.id } });
    const session = await stripe.checkout.sessions.retrieve(a.body.url.split('/pay/')[1]);
    expect(session).toMatchObject({
      mode: 'setup',
      customer: account.stripeCustomerId,
      cancel_url: `${APP}/redirectUrlPage?cancelled=1`,
      metadata: { organisationId: String(centre.id) },
    });

    // An open (not yet completed) session is refused clearly.
    const early = await request(ctx.app)
      .post('/api/billing/checkout-sessions/confirm')
      .set(auth(tokens.admin))
      .send({ sessionId: session.id });
    expect(early.status).toBe(409);
    expect(early.body.errorMessage).toMatch(/not complete/);

    const sessionId = await saveCardOnPage(tokens.admin, '4242 4242 4242 4242');
    const confirm = () =>
      request(ctx.app).post('/api/billing/checkout-sessions/confirm').set(auth(tokens.admin)).send({ sessionId });
    const first = await confirm();
    expect(first.status).toBe(200);
    expect(first.body.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 8, expYear: 2034 });
    const second = await confirm();
    expect(second.body).toEqual(first.body);
    const saved = await ctx.prisma.billingAccount.findUniqueOrThrow({ where: { organisationId: centre.id } });
    const customer = (await stripe.customers.retrieve(saved.stripeCustomerId)) as Stripe.Customer;
    expect(customer.invoice_settings.default_payment_method).toBe(saved.paymentMethodId);

    // Replaced: the new card is the default, the old one detached.
    const replaced = await request(ctx.app)
      .post('/api/billing/checkout-sessions/confirm')
      .set(auth(tokens.admin))
      .send({ sessionId: await saveCardOnPage(tokens.admin, '5555 5555 5555 4444') });
    expect(replaced.body.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const methods = await stripe.paymentMethods.list({ customer: saved.stripeCustomerId, type: 'card' });
    expect(methods.data.map((m) => m.card?.last4)).toEqual(['4444']);

    const removed = await request(ctx.app).delete('/api/billing/payment-method').set(auth(tokens.admin));
    expect(removed.status).toBe(200);
    expect(removed.body.card).toBeNull();
    expect((await stripe.paymentMethods.list({ customer: saved.stripeCustomerId, type: 'card' })).data).toEqual([]);
    expect(await ctx.prisma.billingAccount.findUniqueOrThrow({ where: { organisationId: centre.id } })).toMatchObject({
      paymentMethodId: null,
      cardLast4: null,
      stripeCustomerId: saved.stripeCustomerId,
    });
  });

  it('the platform acts for a named centre; a session of another centre is a 404', async () => {
    const one = await createCentreWithStaff(ctx);
    const missing = await request(ctx.app).post('/api/billing/checkout-sessions').set(auth(one.tokens.system)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toMatch(/organisationId/);
    const sessionId = await saveCardOnPage(one.tokens.system, '4242424242424242', { organisationId: one.centre.id });
    const confirmed = await request(ctx.app)
      .post('/api/billing/checkout-sessions/confirm')
      .set(auth(one.tokens.system))
      .send({ sessionId, organisationId: one.centre.id });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ organisationId: one.centre.id, card: { last4: '4242' } });
    // The centre's admin sees the card the platform saved.
    const info = await request(ctx.app).get('/api/billing/payment-info').set(auth(one.tokens.admin));
    expect(info.body.card).toMatchObject({ last4: '4242' });
  });

  it('refuses another centre’s session, a bad session id, operators and other centres', async () => {
    const one = await createCentreWithStaff(ctx);
    const two = await createCentreWithStaff(ctx);
    const sessionId = await saveCardOnPage(one.tokens.admin, '4242424242424242');
    await request(ctx.app).post('/api/billing/checkout-sessions').set(auth(two.tokens.admin)).send({});
    const stolen = await request(ctx.app)
      .post('/api/billing/checkout-sessions/confirm')
      .set(auth(two.tokens.admin))
      .send({ sessionId });
    expect(stolen.status).toBe(404);
    expect(
      (await ctx.prisma.billingAccount.findUniqueOrThrow({ where: { organisationId: two.centre.id } })).paymentMethodId,
    ).toBeNull();

    const bad = await request(ctx.app)
      .post('/api/billing/checkout-sessions/confirm')
      .set(auth(one.tokens.admin))
      .send({ sessionId: 'pi_123; DROP' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/sessionId/);

    const unknown = await request(ctx.app)
      .post('/api/billing/checkout-sessions/confirm')
      .set(auth(one.tokens.admin))
      .send({ sessionId: 'cs_test_doesnotexist' });
    expect(unknown.status).toBe(404);

    for (const [method, path] of [
      ['get', '/api/billing/payment-info'],
      ['post', '/api/billing/checkout-sessions'],
      ['delete', '/api/billing/payment-method'],
      ['get', '/api/billing/status'],
    ] as const) {
      const res = await request(ctx.app)[method](path).set(auth(one.tokens.operator)).send();
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const other = await request(ctx.app)
      .get(`/api/billing/payment-info?organisationId=${two.centre.id}`)
      .set(auth(one.tokens.admin));
    expect(other.status).toBe(404);
    const platform = await request(ctx.app)
      .get(`/api/billing/payment-info?organisationId=${one.centre.id}`)
      .set(auth(one.tokens.system));
    expect(platform.status).toBe(200);
    expect(platform.body.organisationId).toBe(one.centre.id);
    const platformCheckout = await request(ctx.app)
      .post('/api/billing/checkout-sessions')
      .set(auth(one.tokens.system))
      .send({ organisationId: two.centre.id });
    expect(platformCheckout.status).toBe(200);
  });
});

describe('without Stripe keys', () => {
  it('says so, shows the payment info, and refuses Checkout with nothing changed', async () => {
    const { centre, tokens } = await createCentreWithStaff(bare);
    const status = await request(bare.app).get('/api/billing/status').set(auth(tokens.admin));
    expect(status.body).toEqual({ configured: false, publishableKey: null });
    const info = await request(bare.app).get('/api/billing/payment-info').set(auth(tokens.admin));
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ organisationId: centre.id, configured: false, card: null });
    const checkout = await request(bare.app).post('/api/billing/checkout-sessions').set(auth(tokens.admin)).send({});
    expect(checkout.status).toBe(503);
    expect(checkout.body.errorMessage).toBe(BILLING_NOT_CONFIGURED_MESSAGE);
    const confirm = await request(bare.app)
      .post('/api/billing/checkout-sessions/confirm')
      .set(auth(tokens.admin))
      .send({ sessionId: 'cs_test_abc' });
    expect(confirm.status).toBe(503);
    expect(await bare.prisma.billingAccount.count()).toBe(0);
  });

  it('the configured server tells the publishable key', async () => {
    const { tokens } = await createCentreWithStaff(ctx);
    const status = await request(ctx.app).get('/api/billing/status').set(auth(tokens.admin));
    expect(status.body).toEqual({ configured: true, publishableKey: standIn.publishableKey });
  });
});

/** The day before a 'YYYY-MM-DD' date. */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('the overdue alert', () => {
  it('tells everyone at the centre, lists the invoices to admins only, and nothing to the platform', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const clear = await request(ctx.app).get('/api/billing/overdue').set(auth(tokens.admin));
    expect(clear.body).toEqual({ overdue: false, invoices: [], canPay: true });
    // The centre's days (America/Toronto by default).
    const today = todayIn(centre.timeZone);
    const yesterday = dayBefore(today);
    const late = await createInvoiceRow(ctx.prisma, centre.id, { dueDate: yesterday });
    await createInvoiceRow(ctx.prisma, centre.id, { dueDate: today }); // due today: not yet overdue
    const paid = await createInvoiceRow(ctx.prisma, centre.id, { dueDate: yesterday });
    await ctx.prisma.invoice.update({ where: { id: paid.id }, data: { status: 'PAID', paidMethod: 'MANUAL' } });

    const admin = await request(ctx.app).get('/api/billing/overdue').set(auth(tokens.admin));
    expect(admin.body.overdue).toBe(true);
    expect(admin.body.canPay).toBe(true);
    expect(admin.body.invoices.map((i: { id: number }) => i.id)).toEqual([late.id]);
    expect(admin.body.invoices[0]).toMatchObject({ overdue: true, status: 'UNPAID', total: '123.45' });
    for (const who of ['operator', 'teacher'] as const) {
      const res = await request(ctx.app).get('/api/billing/overdue').set(auth(tokens[who]));
      expect(res.body, who).toEqual({ overdue: true, invoices: [], canPay: false });
    }
    const platform = await request(ctx.app).get('/api/billing/overdue').set(auth(tokens.system));
    expect(platform.body).toEqual({ overdue: false, invoices: [], canPay: false });
    const other = await createCentreWithStaff(ctx);
    const otherAdmin = await request(ctx.app).get('/api/billing/overdue').set(auth(other.tokens.admin));
    expect(otherAdmin.body.overdue).toBe(false);
  });

  it("starts at the centre's midnight after the due date, in a zone far from UTC", async () => {
    // A zone whose date differs from UTC's now: UTC+14 from 10:00 UTC, else UTC-11 (before 11:00 UTC).
    const timeZone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const { centre, tokens } = await createCentreWithStaff(ctx);
    await ctx.prisma.organisation.update({ where: { id: centre.id }, data: { timeZone } });
    const today = todayIn(timeZone);
    expect(today).not.toBe(new Date().toISOString().slice(0, 10));
    const late = await createInvoiceRow(ctx.prisma, centre.id, { dueDate: dayBefore(today) });
    const dueToday = await createInvoiceRow(ctx.prisma, centre.id, { dueDate: today });

    const alert = await request(ctx.app).get('/api/billing/overdue').set(auth(tokens.admin));
    expect(alert.body.invoices.map((i: { id: number }) => i.id)).toEqual([late.id]);
    const list = await request(ctx.app).get('/api/billing/invoices').set(auth(tokens.admin));
    expect(Object.fromEntries(list.body.data.map((i: { id: number; overdue: boolean }) => [i.id, i.overdue]))).toEqual({
      [late.id]: true,
      [dueToday.id]: false,
    });
    const filtered = await request(ctx.app)
      .get(`/api/billing/invoices?overdue=true&organisationId=${centre.id}`)
      .set(auth(tokens.system));
    expect(filtered.body.data.map((i: { id: number }) => i.id)).toEqual([late.id]);
    const notOverdue = await request(ctx.app)
      .get(`/api/billing/invoices?overdue=false&organisationId=${centre.id}`)
      .set(auth(tokens.system));
    expect(notOverdue.body.data.map((i: { id: number }) => i.id)).toEqual([dueToday.id]);
    const centres = await request(ctx.app)
      .get(`/api/billing/centres?q=${encodeURIComponent(centre.name)}`)
      .set(auth(tokens.system));
    expect(centres.body.data.find((c: { id: number }) => c.id === centre.id)).toMatchObject({
      unpaidInvoices: 2,
      overdueInvoices: 1,
    });
  });
});

// The Stripe stand-in's Connect side, through the official `stripe` SDK (and plain form POSTs for the
// hosted pages): connected accounts and onboarding links, `Stripe-Account` scoping, Checkout in payment
// mode paid on the hosted page, the separate Connect webhook endpoint and its secret, idempotency keys
// per account.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeStandIn } from '../support/stripe-standin';
import { type Delivery, startStandInWithReceiver } from '../support/stripe-standin-receiver';

let standIn: StripeStandIn;
let stripe: Stripe;
let deliveries: Delivery[];
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const started = await startStandInWithReceiver();
  ({ standIn, stripe, deliveries, close } = started);
  standIn.setWebhookEndpoint(`${started.base}/platform`);
  standIn.setConnectWebhookEndpoint(`${started.base}/connect`);
});

afterAll(() => close?.());

const form = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const payCard = (url: string, cardNumber: string) => form(url, { cardNumber, cardExpiry: '11/31', cardCvc: '123' });

/** A connected account whose onboarding is done (through the control method, not the page). */
async function onboardedAccount(name = 'Maple Tutoring') {
  const account = await stripe.accounts.create({ type: 'standard', country: 'CA', business_profile: { name } });
  standIn.onboardAccount(account.id);
  return account.id;
}

function paymentSession(stripeAccount: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'cad', unit_amount: 2500, product_data: { name: 'Lesson credit' } }, quantity: 2 },
      ],
      metadata: { householdId: '7' },
      client_reference_id: 'household-7',
      customer_email: 'parent@example.com',
      locale: 'zh',
      success_url: 'http://app.test/portal/top-up?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/portal/top-up?cancelled=1',
      payment_intent_data: { metadata: { householdId: '7', topUp: 'checkout' }, description: 'Top-up' },
      ...extra,
    },
    { stripeAccount },
  );
}

describe('connected accounts and onboarding', () => {
  it('creates an account that cannot charge yet, and the hosted onboarding page turns charges on', async () => {
    const account = await stripe.accounts.create({
      type: 'standard',
      country: 'CA',
      email: 'owner@maple.test',
      metadata: { organisationId: '12' },
      business_profile: { name: 'Maple Tutoring' },
    });
    expect(account.id).toMatch(/^acct_/);
    expect(account).toMatchObject({
      object: 'account',
      type: 'standard',
      country: 'CA',
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      metadata: { organisationId: '12' },
    });

    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/manage-payment?connect=refresh',
      return_url: 'http://app.test/manage-payment?connect=return',
      type: 'account_onboarding',
    });
    expect(link.object).toBe('account_link');
    expect(link.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const page = await fetch(link.url);
    const html = await page.text();
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('<label for="businessName">Business name</label>');
    expect(html).toContain('value="Maple Tutoring"');
    expect(html).toContain('Agree and submit');

    const submitted = await form(link.url, { businessName: 'Maple Tutoring Ltd' });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('http://app.test/manage-payment?connect=return');
    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ charges_enabled: true, details_submitted: true, payouts_enabled: true });
    expect(after.business_profile?.name).toBe('Maple Tutoring Ltd');

    // A used link sends the user to refresh_url for a new one.
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('http://app.test/manage-payment?connect=refresh');

    await standIn.deliveriesSettled();
    const updated = standIn.state.events.filter((e) => e.type === 'account.updated' && e.account === account.id);
    expect(updated).toHaveLength(1);
    expect(updated[0].data.object.charges_enabled).toBe(true);
  });

  it('refuses an account link for an unknown account and a bad return_url', async () => {
    await expect(
      stripe.accountLinks.create({
        account: 'acct_nope',
        refresh_url: 'http://app.test/r',
        return_url: 'http://app.test/r',
        type: 'account_onboarding',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'account' });
    const { id } = await stripe.accounts.create({ type: 'express' });
    await expect(
      stripe.accountLinks.create({ account: id, refresh_url: 'x', return_url: 'y', type: 'account_onboarding' }),
    ).rejects.toMatchObject({ code: 'url_invalid' });
  });
});

describe('Stripe-Account scoping', () => {
  it("keeps each account's objects to itself: another account or the platform gets resource_missing", async () => {
    const a = await onboardedAccount('A');
    const b = await onboardedAccount('B');
    const customer = await stripe.customers.create({ name: 'Parent' }, { stripeAccount: a });
    expect((await stripe.customers.retrieve(customer.id, {}, { stripeAccount: a })).id).toBe(customer.id);
    for (const options of [{ stripeAccount: b }, {}])
      await expect(stripe.customers.retrieve(customer.id, {}, options)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 404,
        code: 'resource_missing',
      });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }, { stripeAccount: a });
    const pi = await stripe.paymentIntents.create(
      { amount: 1000, currency: 'cad', customer: customer.id, payment_method: pm.id, off_session: true, confirm: true },
      { stripeAccount: a },
    );
    expect(pi.status).toBe('succeeded');
    await expect(stripe.paymentIntents.retrieve(pi.id, {}, { stripeAccount: b })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.paymentIntents.retrieve(pi.id)).rejects.toMatchObject({ statusCode: 404 });
    // The platform cannot charge the account's card with its own customer.
    const platformCustomer = await stripe.customers.create({ name: 'Platform customer' });
    await expect(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'cad',
        customer: platformCustomer.id,
        payment_method: pm.id,
        confirm: true,
        off_session: true,
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_method' });
    expect((await stripe.paymentIntents.list({ customer: customer.id }, { stripeAccount: b })).data).toEqual([]);
    expect((await stripe.paymentIntents.list({ customer: customer.id }, { stripeAccount: a })).data).toHaveLength(1);
  });

  it("refuses an unknown account with Stripe's error, and charges on an account that cannot charge yet", async () => {
    await expect(stripe.customers.create({ name: 'x' }, { stripeAccount: 'acct_unknown123' })).rejects.toMatchObject({
      statusCode: 403,
      code: 'account_invalid',
      message: expect.stringContaining("does not have access to account 'acct_unknown123'"),
    });
    const { id } = await stripe.accounts.create({ type: 'standard', country: 'CA' });
    const customer = await stripe.customers.create({ name: 'Parent' }, { stripeAccount: id });
    await expect(
      stripe.paymentIntents.create(
        { amount: 1000, currency: 'cad', customer: customer.id, payment_method: 'pm_card_visa', confirm: true },
        { stripeAccount: id },
      ),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: expect.stringContaining('Your account cannot currently make charges'),
    });
    await expect(paymentSession(id)).rejects.toMatchObject({
      message: expect.stringContaining('Your account cannot currently make charges'),
    });
  });

  it('keeps idempotency keys per account: the same key on two accounts is two requests', async () => {
    const a = await onboardedAccount();
    const b = await onboardedAccount();
    const charge = async (stripeAccount: string) => {
      const customer = await stripe.customers.create({ name: 'Auto top-up' }, { stripeAccount });
      const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }, { stripeAccount });
      const body = { amount: 5000, currency: 'cad', payment_method: pm.id, customer: customer.id, confirm: true };
      return [body, customer.id] as const;
    };
    const [bodyA] = await charge(a);
    const [bodyB] = await charge(b);
    const key = 'topup-household-7-dip-3';
    const first = await stripe.paymentIntents.create(bodyA, { stripeAccount: a, idempotencyKey: key });
    const replay = await stripe.paymentIntents.create(bodyA, { stripeAccount: a, idempotencyKey: key });
    const other = await stripe.paymentIntents.create(bodyB, { stripeAccount: b, idempotencyKey: key });
    expect(replay.id).toBe(first.id);
    const logged = standIn.state.requests.filter((r) => r.idempotencyKey === key);
    expect(logged.map((r) => [r.account, r.replayed])).toEqual([
      [a, false],
      [a, true],
      [b, false],
    ]);
    expect(other.id).not.toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(other.lastResponse.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Checkout in payment mode on a connected account', () => {
  it('creates an open, unpaid session with its totals, and the hosted page shows what is paid', async () => {
    const account = await onboardedAccount();
    const session = await paymentSession(account);
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 5000,
      amount_total: 5000,
      currency: 'cad',
      customer_email: 'parent@example.com',
      client_reference_id: 'household-7',
      metadata: { householdId: '7' },
      locale: 'zh',
      payment_intent: null,
    });
    const html = await (await fetch(String(session.url))).text();
    expect(html).toContain('Lesson credit');
    expect(html).toContain('CA$50.00');
    expect(html).toContain('>Pay</button>');
    expect(html).not.toContain('Save card');
    expect(html).toContain('>Cancel</a>');
    await expect(stripe.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('pays with a good card: PaymentIntent on the account, session paid, events in order to the Connect endpoint only', async () => {
    const account = await onboardedAccount();
    const session = await paymentSession(account);
    await standIn.deliveriesSettled();
    const seen = deliveries.length;
    const paid = await payCard(String(session.url), '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/portal/top-up?session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['payment_intent'] },
      { stripeAccount: account },
    );
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const pi = done.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 5000,
      amount_received: 5000,
      currency: 'cad',
      metadata: { householdId: '7', topUp: 'checkout' },
      description: 'Top-up',
    });
    expect(pi.latest_charge).toMatch(/^ch_/);
    await expect(stripe.paymentIntents.retrieve(pi.id)).rejects.toMatchObject({ statusCode: 404 });

    await standIn.deliveriesSettled();
    const mine = deliveries.slice(seen);
    const events = mine.map((d) => stripe.webhooks.constructEvent(d.body, d.signature, standIn.connectWebhookSecret));
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.created',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    expect(new Set(events.map((e) => e.account))).toEqual(new Set([account]));
    expect(new Set(mine.map((d) => d.path))).toEqual(new Set(['/connect']));
    // Not under the platform's secret.
    expect(() => stripe.webhooks.constructEvent(mine[0].body, mine[0].signature, standIn.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const closed = await payCard(String(session.url), '4242424242424242');
    expect(await closed.text()).toContain('no longer active');
  });

  it('stays on the page with the decline, fails the PaymentIntent and leaves the session open', async () => {
    const account = await onboardedAccount();
    const session = await paymentSession(account);
    const declined = await payCard(String(session.url), '4000000000000002');
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('<p class="error" role="alert">Your card was declined.</p>');
    const open = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account });
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    await standIn.deliveriesSettled();
    const failed = standIn.state.events.filter(
      (e) => e.type === 'payment_intent.payment_failed' && e.data.object.id === open.payment_intent,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0].account).toBe(account);
    // A second try with a good card pays the same PaymentIntent.
    expect((await payCard(String(session.url), '4242424242424242')).status).toBe(303);
    const pi = await stripe.paymentIntents.retrieve(String(open.payment_intent), {}, { stripeAccount: account });
    expect(pi.status).toBe('succeeded');
  });

  it('expires an open session with checkout.session.expired from the account', async () => {
    const account = await onboardedAccount();
    const session = await paymentSession(account);
    const expired = await stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account });
    expect(expired.status).toBe('expired');
    const event = standIn.state.events.find(
      (e) => e.type === 'checkout.session.expired' && e.data.object.id === session.id,
    );
    expect(event?.account).toBe(account);
  });

  it("saves a card in setup mode on a connected account's customer: the card is that account's", async () => {
    const account = await onboardedAccount();
    const customer = await stripe.customers.create({ name: 'Parent' }, { stripeAccount: account });
    const session = await stripe.checkout.sessions.create(
      { mode: 'setup', customer: customer.id, currency: 'cad', success_url: 'http://app.test/ok' },
      { stripeAccount: account },
    );
    expect((await payCard(String(session.url), '4242424242424242')).status).toBe(303);
    const cards = await stripe.customers.listPaymentMethods(customer.id, {}, { stripeAccount: account });
    expect(cards.data).toHaveLength(1);
    await expect(stripe.paymentMethods.retrieve(cards.data[0].id)).rejects.toMatchObject({ statusCode: 404 });
    const pi = await stripe.paymentIntents.create(
      {
        amount: 2000,
        currency: 'cad',
        customer: customer.id,
        payment_method: cards.data[0].id,
        off_session: true,
        confirm: true,
      },
      { stripeAccount: account },
    );
    expect(pi.status).toBe('succeeded');
  });
});

describe('Connect webhooks', () => {
  it("sends account events only to the Connect endpoint and the platform's only to the platform endpoint; re-delivers either", async () => {
    await standIn.deliveriesSettled();
    const seen = deliveries.length;
    const platformCustomer = await stripe.customers.create({ name: 'Centre' });
    const account = await onboardedAccount();
    await standIn.deliveriesSettled();
    const mine = deliveries.slice(seen);
    const platform = mine.filter((d) => d.path === '/platform');
    const connect = mine.filter((d) => d.path === '/connect');
    const platformEvents = platform.map((d) =>
      stripe.webhooks.constructEvent(d.body, d.signature, standIn.webhookSecret),
    );
    const connectEvents = connect.map((d) =>
      stripe.webhooks.constructEvent(d.body, d.signature, standIn.connectWebhookSecret),
    );
    expect(platformEvents.map((e) => [e.type, e.account])).toEqual([['customer.created', undefined]]);
    expect(platformEvents[0].data.object).toMatchObject({ id: platformCustomer.id });
    expect(connectEvents.map((e) => e.type)).toEqual(['account.updated']);
    expect(connectEvents.every((e) => e.account === account)).toBe(true);

    const updated = connectEvents[0];
    expect(await standIn.deliverEvent(updated.id)).toBe(200);
    expect(await standIn.deliverEvent(platformEvents[0].id)).toBe(200);
    const again = deliveries.slice(seen + mine.length);
    expect(again.map((d) => d.path)).toEqual(['/connect', '/platform']);
  });

  it('onboards over the control endpoint, as a server-process stand-in is driven', async () => {
    const { id } = await stripe.accounts.create({ type: 'standard' });
    const response = await fetch(`${standIn.url}/__standin/accounts/${id}/onboard`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect((await stripe.accounts.retrieve(id)).charges_enabled).toBe(true);
    expect((await fetch(`${standIn.url}/__standin/accounts/acct_none/onboard`, { method: 'POST' })).status).toBe(404);
    const state = (await (await fetch(`${standIn.url}/__standin/state`)).json()) as { accounts: { id: string }[] };
    expect(state.accounts.map((a) => a.id)).toContain(id);
  });
});

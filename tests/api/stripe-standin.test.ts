// The Stripe stand-in as the billing code will meet it: only through the official `stripe` SDK (and a
// plain form POST for the hosted Checkout page), so what passes here is what the SDK accepts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { type Delivery, startStandInWithReceiver } from '../support/stripe-standin-receiver';

let standIn: StripeStandIn;
let stripe: Stripe;
let deliveries: Delivery[];
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const started = await startStandInWithReceiver();
  ({ standIn, stripe, deliveries, close } = started);
  standIn.setWebhookEndpoint(`${started.base}/webhook`);
});

afterAll(() => close?.());

/** Events of one type delivered to the endpoint, verified the way the app will verify them. */
async function delivered(type: string) {
  await standIn.deliveriesSettled();
  return deliveries
    .map((d) => stripe.webhooks.constructEvent(d.body, d.signature, standIn.webhookSecret))
    .filter((event) => event.type === type);
}

async function openSetupSession(customer: string) {
  return stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'usd',
    success_url: 'http://app.test/redirectUrlPage?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/manage-payment',
  });
}

function submitCard(url: string, cardNumber: string, cardExpiry: string, cardCvc: string) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, cardExpiry, cardCvc }).toString(),
  });
}

/** A customer whose card was saved through the hosted page, as an admin would save it. */
async function customerWithSavedCard(number: string, cvc = '123') {
  const customer = await stripe.customers.create({ name: 'Saved card centre' });
  const session = await openSetupSession(customer.id);
  const response = await submitCard(String(session.url), number, '11/31', cvc);
  expect(response.status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
  return { customer, paymentMethod: String((done.setup_intent as Stripe.SetupIntent).payment_method) };
}

describe('stripe stand-in through the stripe SDK', () => {
  it('refuses a wrong secret key with Stripe authentication error', async () => {
    const wrong = new Stripe('sk_test_wrongwrongwrong1234', {
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    const error = await wrong.customers.create({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
    expect((error as Stripe.errors.StripeError).message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
  });

  it('keeps customers: create, retrieve, update metadata, and refuses an unknown id', async () => {
    const created = await stripe.customers.create({ name: 'Maple Centre', metadata: { organisationId: '7', x: 'y' } });
    expect(created.id).toMatch(/^cus_/);
    await stripe.customers.update(created.id, { metadata: { x: '' } });
    const again = await stripe.customers.retrieve(created.id);
    expect(again).toMatchObject({ object: 'customer', name: 'Maple Centre', livemode: false });
    expect((again as Stripe.Customer).metadata).toEqual({ organisationId: '7' });
    const error = await stripe.customers.retrieve('cus_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('saves a card on the hosted page, redirects to success_url and shows it on the session', async () => {
    const customer = await stripe.customers.create({ email: 'admin@maple.test' });
    const session = await openSetupSession(customer.id);
    expect(session).toMatchObject({ status: 'open', mode: 'setup' });
    const page = await (await fetch(String(session.url))).text();
    expect(page).toContain('name="cardNumber"');
    expect(page).toContain('href="http://app.test/manage-payment"');
    const response = await submitCard(String(session.url), '4242 4242 4242 4242', '08 / 34', '123');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://app.test/redirectUrlPage?session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent.payment_method'] });
    expect(done.status).toBe('complete');
    const setupIntent = done.setup_intent as Stripe.SetupIntent;
    expect(setupIntent).toMatchObject({ status: 'succeeded', customer: customer.id });
    const method = setupIntent.payment_method as Stripe.PaymentMethod;
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2034 });
    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((m) => m.id)).toEqual([method.id]);
    const sessions = (await delivered('checkout.session.completed')).map(
      (e) => e.data.object as Stripe.Checkout.Session,
    );
    expect(sessions.filter((s) => s.id === session.id).map((s) => s.status)).toEqual(['complete']);
    const intents = (await delivered('setup_intent.succeeded')).map((e) => e.data.object as Stripe.SetupIntent);
    expect(intents.filter((i) => i.id === setupIntent.id).map((i) => i.payment_method)).toEqual([method.id]);
    expect((await fetch(String(session.url))).status).toBe(200);
    expect(await (await fetch(String(session.url))).text()).toContain('no longer active');
  });

  it('sets and clears the default card, and detaching it removes it from the customer', async () => {
    const { customer, paymentMethod } = await customerWithSavedCard('5555555555554444');
    expect((await stripe.paymentMethods.retrieve(paymentMethod)).card?.brand).toBe('mastercard');
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethod } });
    const withDefault = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(withDefault.invoice_settings.default_payment_method).toBe(paymentMethod);
    await stripe.paymentMethods.detach(paymentMethod);
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toEqual([]);
    const error = await stripe.customers
      .update(customer.id, { invoice_settings: { default_payment_method: paymentMethod } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
  });

  it.each([
    ['4000 0000 0000 0002', '12/34', '123', 'Your card was declined.', 'generic_decline'],
    ['4000 0000 0000 9995', '12/34', '123', 'Your card has insufficient funds.', 'insufficient_funds'],
    [
      '4111 1111 1111 1111',
      '12/34',
      '123',
      'Your request was in test mode, but used a non test card',
      'test_mode_live_card',
    ],
    ['4242 4242 4242 4241', '12/34', '123', 'Your card number is invalid.', undefined],
    ['4242 4242 4242 4242', '01/20', '123', "Your card's expiration year is in the past.", undefined],
    ['3782 822463 10005', '12/34', '123', "Your card's security code is incomplete.", undefined],
  ])('the hosted page refuses %s %s %s with Stripe’s message', async (number, expiry, cvc, message, declineCode) => {
    const customer = await stripe.customers.create({});
    const session = await openSetupSession(customer.id);
    const response = await submitCard(String(session.url), number, expiry, cvc);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(new RegExp(`role="alert">[^<]*${message.replace("'", '&#39;')}`));
    const open = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect(open.status).toBe('open');
    const setupIntent = open.setup_intent as Stripe.SetupIntent;
    expect(setupIntent.status).toBe('requires_payment_method');
    expect(setupIntent.last_setup_error?.decline_code).toBe(declineCode);
  });
});

describe('PaymentIntents off session with Stripe test cards', () => {
  const charge = (customer: string, payment_method: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
    stripe.paymentIntents.create({
      amount: 12_345,
      currency: 'usd',
      customer,
      payment_method,
      off_session: true,
      confirm: true,
      metadata: { invoiceId: 'inv-1' },
      description: 'Level Up invoice',
      ...extra,
    });

  it('charges pm_card_visa and lists the PaymentIntent under the customer', async () => {
    const customer = await stripe.customers.create({});
    const intent = await charge(customer.id, 'pm_card_visa');
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount_received: 12_345 });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.latest_charge).toMatch(/^ch_[A-Za-z0-9]{24}$/);
    const listed = await stripe.paymentIntents.list({ customer: customer.id });
    expect(listed.data.map((pi) => [pi.id, pi.metadata.invoiceId])).toEqual([[intent.id, 'inv-1']]);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const later = await stripe.paymentIntents.list({ customer: customer.id, created: { gt: intent.created } });
    expect(later.data).toEqual([]);
    const since = await stripe.paymentIntents.list({ customer: customer.id, created: { gte: intent.created } });
    expect(since.data.map((pi) => pi.id)).toEqual([intent.id]);
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', undefined, 'Your card has expired.'],
    [
      'pm_card_authenticationRequired',
      'authentication_required',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
  ])('%s fails as a StripeCardError with its code and message', async (method, code, declineCode, message) => {
    const customer = await stripe.customers.create({});
    const error = (await charge(customer.id, method).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code, message });
    // The SDK surfaces a missing decline_code (an expired card has none) as ''.
    expect(error.decline_code).toBe(declineCode ?? '');
    expect((error.raw as { decline_code?: string }).decline_code).toBe(declineCode);
    const failed = error.payment_intent as Stripe.PaymentIntent;
    expect(failed.status).toBe('requires_payment_method');
    const stored = await stripe.paymentIntents.retrieve(failed.id);
    expect(stored).toMatchObject({ status: 'requires_payment_method', customer: customer.id });
    expect(stored.last_payment_error?.code).toBe(code);
    const events = await delivered('payment_intent.payment_failed');
    expect(events.some((e) => (e.data.object as Stripe.PaymentIntent).id === failed.id)).toBe(true);
  });

  it('charges a card by the number it was saved with on the hosted page', async () => {
    const amex = await customerWithSavedCard('378282246310005', '1234');
    expect((await stripe.paymentMethods.retrieve(amex.paymentMethod)).card).toMatchObject({
      brand: 'amex',
      last4: '0005',
    });
    expect((await charge(amex.customer.id, amex.paymentMethod)).status).toBe('succeeded');
    const fails = await customerWithSavedCard('4000000000000341');
    const error = await charge(fails.customer.id, fails.paymentMethod).catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeCardError', decline_code: 'generic_decline' });
    const needs3ds = await customerWithSavedCard('4000002760003184');
    const offSession = await charge(needs3ds.customer.id, needs3ds.paymentMethod).catch((e: unknown) => e);
    expect(offSession).toMatchObject({ code: 'authentication_required' });
    const onSession = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: needs3ds.customer.id,
      payment_method: needs3ds.paymentMethod,
      confirm: true,
    });
    expect(onSession.status).toBe('requires_action');
  });

  it('charges the default card a test id was attached as, with its decline', async () => {
    const customer = await stripe.customers.create({});
    const attached = await stripe.paymentMethods.attach('pm_card_chargeDeclinedInsufficientFunds', {
      customer: customer.id,
    });
    expect(attached.id).not.toBe('pm_card_chargeDeclinedInsufficientFunds');
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: attached.id } });
    const saved = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    const error = await charge(customer.id, String(saved.invoice_settings.default_payment_method)).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ decline_code: 'insufficient_funds', payment_method: { id: attached.id } });
  });

  it('refuses a charge below the minimum amount as an invalid request', async () => {
    const customer = await stripe.customers.create({});
    const error = await charge(customer.id, 'pm_card_visa', { amount: 49 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', code: 'amount_too_small', param: 'amount' });
  });
});

describe('idempotency keys', () => {
  const params = (customer: string): Stripe.PaymentIntentCreateParams => ({
    amount: 2000,
    currency: 'usd',
    customer,
    payment_method: 'pm_card_visa',
    off_session: true,
    confirm: true,
    metadata: { invoiceId: 'inv-42' },
  });

  it('replays the first answer for the same key and body, and refuses another body', async () => {
    const customer = await stripe.customers.create({});
    const key = `invoice-42-${customer.id}`;
    const first = await stripe.paymentIntents.create(params(customer.id), { idempotencyKey: key });
    const second = await stripe.paymentIntents.create(params(customer.id), { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const error = await stripe.paymentIntents
      .create({ ...params(customer.id), amount: 2001 }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Stripe.errors.StripeError).message).toBe(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
    const elsewhere = await stripe.customers.create({}, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(elsewhere).toMatchObject({ type: 'StripeIdempotencyError' });
    expect((elsewhere as Error).message).toContain("('/v1/payment_intents' vs '/v1/customers')");
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it('replays a decline as the same StripeCardError with the same PaymentIntent', async () => {
    const customer = await stripe.customers.create({});
    const declined = { ...params(customer.id), payment_method: 'pm_card_chargeDeclined' };
    const key = `declined-${customer.id}`;
    const [a, b] = await Promise.all(
      [1, 2].map(() => stripe.paymentIntents.create(declined, { idempotencyKey: key }).catch((e: unknown) => e)),
    );
    expect(a).toBeInstanceOf(Stripe.errors.StripeCardError);
    const ids = [a, b].map((e) => (e as Stripe.errors.StripeCardError).payment_intent?.id);
    expect(ids[0]).toMatch(/^pi_/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('10 concurrent creates with one key make one PaymentIntent', async () => {
    const customer = await stripe.customers.create({});
    const key = `concurrent-${customer.id}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => stripe.paymentIntents.create(params(customer.id), { idempotencyKey: key })),
    );
    expect(new Set(results.map((pi) => pi.id)).size).toBe(1);
    expect(results.filter((pi) => pi.lastResponse.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('signs each event so that constructEvent accepts it, and refuses it under another secret', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.paymentIntents.create({
      amount: 990,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      off_session: true,
      confirm: true,
    });
    const [event] = (await delivered('payment_intent.succeeded')).filter(
      (e) => (e.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    expect(event.id).toMatch(/^evt_/);
    expect(event).toMatchObject({ object: 'event', livemode: false });
    expect((event.data.object as Stripe.PaymentIntent).amount_received).toBe(990);
    const raw = deliveries.find((d) => d.body.includes(event.id));
    expect(raw?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(String(raw?.body), String(raw?.signature), 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('re-delivers an event on demand and holds events while paused', async () => {
    const customer = await stripe.customers.create({ name: 'Redelivered' });
    const [created] = (await delivered('customer.created')).filter(
      (e) => (e.data.object as Stripe.Customer).id === customer.id,
    );
    await standIn.deliverEvent(created.id);
    await standIn.deliverEvent(created.id);
    expect((await delivered('customer.created')).filter((e) => e.id === created.id)).toHaveLength(3);
    standIn.pauseDeliveries();
    const held = await stripe.customers.create({ name: 'Held' });
    const heldEvents = async () =>
      (await delivered('customer.created')).filter((e) => (e.data.object as Stripe.Customer).id === held.id);
    expect(await heldEvents()).toHaveLength(0);
    await standIn.resumeDeliveries();
    expect(await heldEvents()).toHaveLength(1);
  });
});

describe('crash hook', () => {
  it('holds the answer after the charge is stored, so a test can kill the caller in between', async () => {
    let release = () => {};
    const seen: string[] = [];
    const crashy = await startStripeStandIn({
      onPaymentIntentCreated: (pi) => {
        seen.push(`${pi.id}:${pi.status}`);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    try {
      const sdk = new Stripe(crashy.secretKey, { host: crashy.host, port: crashy.port, protocol: 'http' });
      const customer = await sdk.customers.create({});
      let answered = false;
      const pending = sdk.paymentIntents
        .create({ amount: 700, currency: 'usd', customer: customer.id, payment_method: 'pm_card_visa', confirm: true })
        .then((pi) => {
          answered = true;
          return pi;
        });
      await expect.poll(() => seen.length).toBe(1);
      const [stored] = [...crashy.state.paymentIntents.values()];
      expect(seen).toEqual([`${stored.id}:succeeded`]);
      expect(answered).toBe(false);
      release();
      expect((await pending).id).toBe(stored.id);
    } finally {
      await crashy.close();
    }
  });
});

describe('control endpoints for a stand-in in the server process', () => {
  it('takes fixed keys and a webhook URL, and shows its state and re-delivers over HTTP', async () => {
    const hits: string[] = [];
    const hook = createServer((req, res) => {
      req.on('data', () => {});
      req.on('end', () => {
        hits.push(String(req.headers['stripe-signature']));
        res.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const fixed = await startStripeStandIn({
      secretKey: 'sk_test_fixedKeyForTheServer',
      webhookSecret: 'whsec_fixedSecret',
      webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`,
    });
    try {
      const sdk = new Stripe('sk_test_fixedKeyForTheServer', { host: fixed.host, port: fixed.port, protocol: 'http' });
      const customer = await sdk.customers.create({ name: 'Over HTTP' });
      const state = (await (await fetch(`${fixed.url}/__standin/state`)).json()) as {
        customers: { id: string }[];
        events: { id: string; type: string }[];
        requests: { path: string; status: number }[];
      };
      expect(state.customers.map((c) => c.id)).toEqual([customer.id]);
      expect(state.requests.map((r) => `${r.path} ${r.status}`)).toEqual(['/v1/customers 200']);
      const [event] = state.events;
      const again = await fetch(`${fixed.url}/__standin/events/${event.id}/deliver`, { method: 'POST' });
      expect(await again.json()).toEqual({ status: 200 });
      await fixed.deliveriesSettled();
      expect(hits).toHaveLength(2);
      expect(hits[1]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    } finally {
      await fixed.close();
      await new Promise((resolve) => hook.close(resolve));
    }
  });
});

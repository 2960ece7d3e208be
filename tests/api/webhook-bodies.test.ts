// Issue 37, finding 5: a correctly signed body that is not a Stripe event (empty, not JSON, `null`,
// `{"data":null}`, an event without data.object, fields of the wrong type) is a 400 in the standard
// error body on both Stripe webhooks (the platform's and the Connect one), and changes nothing: no
// StripeEvent row, no invoice or centre touched. Before, each of them was a 500.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceRow, stripeFor } from '../support/billing-factories';
import {
  CONNECT_WEBHOOK,
  connectBillingFor,
  connectCentre,
  PLATFORM_WEBHOOK,
  postSigned,
} from '../support/connect-factories';
import { createCentreWithStaff } from '../support/factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let standIn: StripeStandIn;
let stripe: Stripe;
let ctx: TestContext;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeFor(standIn);
  ctx = await createTestContext({ billing: connectBillingFor(standIn) });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** Bodies no Stripe event is, each signed right; `account` makes the Connect webhook read them. */
function badBodies(account: string | undefined, objects: Record<string, [type: string, object: unknown]>) {
  const of = account ? { account } : {};
  const event = (type: string, object: unknown, over: object = {}) =>
    JSON.stringify({ id: `evt_bad_${type}`, object: 'event', type, created: now(), ...of, data: { object }, ...over });
  return {
    empty: '',
    'not json': 'not json',
    'JSON null': 'null',
    'a list': '[]',
    'data null': JSON.stringify({ ...of, data: null }),
    'no data.object': JSON.stringify({
      id: 'evt_no_object',
      object: 'event',
      type: 'ping',
      created: now(),
      ...of,
      data: {},
    }),
    'no id': JSON.stringify({ object: 'event', type: 'ping', created: now(), ...of, data: { object: {} } }),
    'id a number': event('ping', {}, { id: 42 }),
    'type a number': event('ping', {}, { type: 7 }),
    'created a string': event('ping', {}, { created: 'yesterday' }),
    ...Object.fromEntries(Object.entries(objects).map(([name, [type, object]]) => [name, event(type, object)])),
  } as Record<string, string>;
}

async function expectRefused(path: string, secret: string, bodies: Record<string, string>) {
  for (const [name, body] of Object.entries(bodies)) {
    const res = await postSigned(ctx.app, path, body, secret);
    expect(res.status, `${path}: ${name} (${JSON.stringify(res.body)})`).toBe(400);
    expect(res.body, name).toMatchObject({ success: false, errorMessage: expect.any(String) });
    expect(res.body.traceId, name).toEqual(expect.any(String));
  }
}

describe('the platform webhook', () => {
  it('answers 400 to a signed body that is not an event, and pays nothing', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const invoice = await createInvoiceRow(ctx.prisma, centre.id);
    const before = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    const events = await ctx.prisma.stripeEvent.count();
    const metadata = { invoiceId: String(invoice.id), attempt: '0' };
    await expectRefused(
      PLATFORM_WEBHOOK,
      standIn.webhookSecret,
      badBodies(undefined, {
        'a PaymentIntent without amount': ['payment_intent.succeeded', { id: 'pi_bad', currency: 'cad', metadata }],
        'an amount as text': [
          'payment_intent.succeeded',
          { id: 'pi_bad', amount: '12345', amount_received: 12345, currency: 'cad', metadata },
        ],
        'metadata a list': [
          'payment_intent.payment_failed',
          { id: 'pi_bad', amount: 12345, currency: 'cad', metadata: [invoice.id] },
        ],
        'the object null': ['payment_intent.succeeded', null],
      }),
    );
    expect(await ctx.prisma.stripeEvent.count()).toBe(events);
    expect(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toEqual(before);
    // The standard error body, in the reader's language.
    const zh = await postSigned(ctx.app, PLATFORM_WEBHOOK, '{"data":null}', standIn.webhookSecret).set(
      'Accept-Language',
      'zh-CN',
    );
    expect(zh.status).toBe(400);
    expect(zh.body.errorMessage).toBe('Webhook 内容不是 Stripe 事件');
    const notJson = await postSigned(ctx.app, PLATFORM_WEBHOOK, 'not json', standIn.webhookSecret);
    expect(notJson.body.errorMessage).toBe('The webhook body is not JSON');
  });

  it('still takes a real event of a type it does not act on', async () => {
    const res = await postSigned(
      ctx.app,
      PLATFORM_WEBHOOK,
      {
        id: 'evt_fine_ping',
        object: 'event',
        type: 'customer.created',
        created: now(),
        data: { object: { id: 'cus_1' } },
      },
      standIn.webhookSecret,
    );
    expect(res.status).toBe(200);
    expect(await ctx.prisma.stripeEvent.count({ where: { id: 'evt_fine_ping' } })).toBe(1);
  });
});

describe('the Connect webhook', () => {
  it('answers 400 to a signed body that is not an event, and changes no centre or top-up', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const account = await connectCentre(ctx.prisma, stripe, standIn, centre.id, { onboarded: false });
    const before = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } });
    const events = await ctx.prisma.stripeEvent.count();
    await expectRefused(
      CONNECT_WEBHOOK,
      standIn.connectWebhookSecret,
      badBodies(account, {
        'charges_enabled as text': [
          'account.updated',
          { id: account, object: 'account', charges_enabled: 'yes', details_submitted: true },
        ],
        'an account without flags': ['account.updated', { id: account, object: 'account' }],
        'a session without mode': ['checkout.session.completed', { id: 'cs_bad', status: 'complete' }],
        'amount_total as text': [
          'checkout.session.completed',
          { id: 'cs_bad', mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: '50' },
        ],
        'a PaymentIntent of no id': ['payment_intent.succeeded', { amount: 5000, currency: 'cad' }],
      }),
    );
    // `{"data":null}` without an account, as the finding sent it, too.
    await expectRefused(CONNECT_WEBHOOK, standIn.connectWebhookSecret, { 'data null, no account': '{"data":null}' });
    expect(await ctx.prisma.stripeEvent.count()).toBe(events);
    expect(await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } })).toEqual(before);
    // Stripe's own events still apply.
    standIn.onboardAccount(account);
    await standIn.deliveriesSettled();
    const real = standIn.state.events.find((e) => e.type === 'account.updated' && e.account === account);
    expect(
      (await postSigned(ctx.app, CONNECT_WEBHOOK, JSON.stringify(real), standIn.connectWebhookSecret)).status,
    ).toBe(200);
    expect((await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } })).stripeChargesEnabled).toBe(
      true,
    );
  });
});

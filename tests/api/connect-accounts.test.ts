// Issue 37: what a connected Stripe account can do through the Connect webhook. Every centre's account
// signs its events with the one Connect secret and may put any metadata on its own payments, so an event
// of centre B's account naming centre A's top-up must change nothing (finding 3); top-ups are named in
// Stripe by a random reference, not the row's id; and Stripe's account.updated events, which are not
// delivered in order, never let an older one overwrite newer flags (finding 7).
import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignTopUpReports } from '../../server/metrics/top-up-reports';
import { stripeFor } from '../support/billing-factories';
import { submitHostedCard } from '../support/checkout-page';
import {
  CONNECT_WEBHOOK,
  connectBillingFor,
  connectCentre,
  postSigned,
  serveStripeWebhooks,
} from '../support/connect-factories';
import { createCentreWithStaff } from '../support/factories';
import { createHousehold } from '../support/household-factories';
import { logLines, logOutput } from '../support/log-capture';
import { createGuardianUser } from '../support/portal-factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let standIn: StripeStandIn;
let stripe: Stripe;
let ctx: TestContext;
let served: Awaited<ReturnType<typeof serveStripeWebhooks>>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeFor(standIn);
  ctx = await createTestContext({ billing: connectBillingFor(standIn), appUrl: 'http://app.test' });
  served = await serveStripeWebhooks(ctx.app, standIn);
}, 60_000);
afterAll(async () => {
  await standIn?.deliveriesSettled();
  await served?.close();
  await ctx?.close();
  await standIn?.close();
});

/** A centre whose account is connected, with a family (one child, a guardian who signs in). */
async function payingFamily() {
  const { centre } = await createCentreWithStaff(ctx);
  const account = await connectCentre(ctx.prisma, stripe, standIn, centre.id);
  const household = await createHousehold(ctx.prisma, centre.id, { name: 'Chen' });
  const family = await createGuardianUser(ctx, centre.id, household.id, { name: 'Mei Chen' });
  return { centre, account, family, childId: household.studentIds[0] };
}

const send = (event: object) => postSigned(ctx.app, CONNECT_WEBHOOK, event, standIn.connectWebhookSecret);
const balanceOf = async (studentId: number) =>
  (await ctx.prisma.student.findUniqueOrThrow({ where: { id: studentId } })).voucherBalance.toFixed(2);
const foreignCount = async () => (await foreignTopUpReports.get()).values.reduce((n, v) => n + v.value, 0);

describe('events of another centre’s account', () => {
  it('cannot mark a top-up MISMATCH or EXPIRED; the family’s real payment is then recorded once', async () => {
    const a = await payingFamily();
    const b = await createCentreWithStaff(ctx);
    const otherAccount = await connectCentre(ctx.prisma, stripe, standIn, b.centre.id);
    const open = await a.family.caller.post('/api/portal/top-ups', { studentId: a.childId, amount: '50' });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const before = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: open.body.topUpId } });
    // Whatever centre B's account can learn or guess, it names: the row's id and its reference.
    const metadata = { topUpId: String(before.id), topUpRef: before.reference };
    const created = Math.floor(Date.now() / 1000);
    const forged = [
      {
        id: 'evt_b_paid',
        object: 'event',
        type: 'payment_intent.succeeded',
        account: otherAccount,
        created,
        data: {
          object: {
            id: 'pi_b_paid',
            object: 'payment_intent',
            amount: 5000,
            amount_received: 5000,
            currency: 'cad',
            status: 'succeeded',
            metadata,
          },
        },
      },
      {
        id: 'evt_b_expired',
        object: 'event',
        type: 'checkout.session.expired',
        account: otherAccount,
        created,
        data: {
          object: {
            id: 'cs_b_expired',
            object: 'checkout.session',
            mode: 'payment',
            status: 'expired',
            payment_status: 'unpaid',
            amount_total: 5000,
            currency: 'cad',
            metadata,
          },
        },
      },
    ];
    const counted = await foreignCount();
    const log = await logOutput('warn', async () => {
      for (const event of forged) expect((await send(event)).status, event.type).toBe(200);
    });
    const untouched = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: before.id } });
    expect(untouched).toEqual(before);
    expect(await balanceOf(a.childId)).toBe('0.00');
    // Logged by ids (no name, email or amount) and counted.
    const ignored = logLines(log).filter(
      (line) => line.message === 'card top-up report from another Stripe account ignored',
    );
    expect(ignored.map((line) => [line.type, line.eventId, line.account, line.topUpId])).toEqual([
      ['payment_intent.succeeded', 'evt_b_paid', otherAccount, before.id],
      ['checkout.session.expired', 'evt_b_expired', otherAccount, before.id],
    ]);
    for (const personal of ['Mei', 'Chen', a.family.guardian.email, '50.00']) expect(log).not.toContain(personal);
    expect((await foreignCount()) - counted).toBe(2);

    // The family pays on centre A's hosted page: the stand-in delivers A's events, recorded once.
    expect((await submitHostedCard(open.body.url, '4242424242424242')).status).toBe(303);
    await standIn.deliveriesSettled();
    const paid = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: before.id } });
    const intent = standIn.state.events.find(
      (e) => e.type === 'payment_intent.succeeded' && e.account === a.account,
    ) as unknown as Stripe.Event;
    const intentId = (intent.data.object as Stripe.PaymentIntent).id;
    expect(paid).toMatchObject({ status: 'PAID', paymentIntentId: intentId, failure: null });
    for (const event of standIn.state.events.filter((e) => e.account === a.account))
      expect(await standIn.deliverEvent(event.id)).toBe(200);
    expect(await balanceOf(a.childId)).toBe('50.00');
    expect(await ctx.prisma.voucherPurchase.count({ where: { studentId: a.childId, paymentMethod: 'CARD' } })).toBe(1);
  });

  it('names a top-up in Stripe by a random reference, never by its id', async () => {
    const a = await payingFamily();
    const opened = [];
    for (const amount of ['20', '30']) {
      const open = await a.family.caller.post('/api/portal/top-ups', { studentId: a.childId, amount });
      expect(open.status).toBe(200);
      const row = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: open.body.topUpId } });
      const session = await stripe.checkout.sessions.retrieve(
        String(row.checkoutSessionId),
        {},
        { stripeAccount: a.account },
      );
      expect(row.reference).toMatch(/^tu_[0-9a-f]{32}$/);
      expect(session.metadata).toEqual({
        topUpRef: row.reference,
        organisationId: String(a.centre.id),
        studentId: String(a.childId),
      });
      expect(session.client_reference_id).toBe(row.reference);
      opened.push(row);
    }
    expect(opened[0].reference).not.toBe(opened[1].reference);
    // An event of the centre's own account naming a top-up by its id alone finds nothing.
    const res = await send({
      id: 'evt_by_id',
      object: 'event',
      type: 'checkout.session.completed',
      account: a.account,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_not_ours',
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          amount_total: 2000,
          currency: 'cad',
          payment_intent: 'pi_by_id',
          metadata: { topUpId: String(opened[0].id) },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: opened[0].id } })).toEqual(opened[0]);
  });
});

describe('account.updated delivered late', () => {
  const accountUpdated = (id: string, account: string, created: number, chargesEnabled: boolean) => ({
    id,
    object: 'event',
    type: 'account.updated',
    account,
    created,
    data: { object: { id: account, object: 'account', charges_enabled: chargesEnabled, details_submitted: true } },
  });
  const flags = async (organisationId: number) =>
    ctx.prisma.organisation.findUniqueOrThrow({
      where: { id: organisationId },
      select: { stripeChargesEnabled: true, stripeDetailsSubmitted: true, stripeAccountEventAt: true },
    });

  it('ignores an event older than the last one applied for the account', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const account = await connectCentre(ctx.prisma, stripe, standIn, centre.id, { onboarded: false });
    const t = Math.floor(Date.now() / 1000) - 600;
    // Charges turned off at t + 120, after being turned on at t; Stripe delivers the newer event first.
    expect((await send(accountUpdated('evt_acct_off', account, t + 120, false))).status).toBe(200);
    expect((await send(accountUpdated('evt_acct_on', account, t, true))).status).toBe(200);
    expect(await flags(centre.id)).toEqual({
      stripeChargesEnabled: false,
      stripeDetailsSubmitted: true,
      stripeAccountEventAt: new Date((t + 120) * 1000),
    });
    // A newer one still applies, and one of the same second as the last.
    expect((await send(accountUpdated('evt_acct_on_again', account, t + 300, true))).status).toBe(200);
    expect((await flags(centre.id)).stripeChargesEnabled).toBe(true);
    expect((await send(accountUpdated('evt_acct_same_second', account, t + 300, false))).status).toBe(200);
    expect(await flags(centre.id)).toMatchObject({ stripeChargesEnabled: false });
    expect(await ctx.prisma.stripeEvent.count({ where: { id: { startsWith: 'evt_acct_' } } })).toBe(4);
  });

  it('keeps what the refresh read from Stripe over an event created before the read', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const account = await connectCentre(ctx.prisma, stripe, standIn, centre.id, { onboarded: false });
    standIn.onboardAccount(account); // at Stripe: charges enabled now
    await standIn.deliveriesSettled();
    await ctx.prisma.organisation.update({
      where: { id: centre.id },
      data: { stripeChargesEnabled: false, stripeAccountEventAt: null },
    });
    const refreshed = await request(ctx.app)
      .post('/api/billing/connect/refresh')
      .set('Authorization', `Bearer ${tokens.admin}`);
    expect(refreshed.body).toMatchObject({ chargesEnabled: true });
    const old = Math.floor(Date.now() / 1000) - 60;
    expect((await send(accountUpdated('evt_before_refresh', account, old, false))).status).toBe(200);
    expect((await flags(centre.id)).stripeChargesEnabled).toBe(true);
  });
});

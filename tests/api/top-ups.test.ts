// Family card payments (issue 21): a guardian tops up a child by card on Checkout (payment mode, on the
// centre's connected account at the stand-in), recorded as one voucher PURCHASE (CARD) however many
// times it is reported; a payment that differs from what was asked records nothing; auto top-up charges
// once per dip and a decline turns it off and tells the family and the desk. Figures are worked out by hand.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { runAutoTopUps } from '../../server/features/topups/auto-top-up';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { stripeFor } from '../support/billing-factories';
import { submitHostedCard } from '../support/checkout-page';
import { connectBillingFor, connectCentre } from '../support/connect-factories';
import { createHousehold } from '../support/household-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { voucherPurchaseBody } from '../support/money-factories';
import { createGuardianUser } from '../support/portal-factories';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { type StripeStandIn, signPayload, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

const APP = 'http://app.test';
let ctx: TestContext;
let queue: MessageQueue;
let standIn: StripeStandIn;
let stripe: Stripe;
let c: ScheduleCentre;
let account: string;
let family: Awaited<ReturnType<typeof createGuardianUser>>;
let other: Awaited<ReturnType<typeof createGuardianUser>>;
let server: Server;
const billing = () => connectBillingFor(standIn);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeFor(standIn);
  ctx = await createTestContext();
  const mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-topup-mail-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir }));
  ctx.app = createApp({
    prisma: ctx.prisma,
    jwtSecret: ctx.jwtSecret,
    sinKey: randomBytes(32),
    queue,
    billing: billing(),
    appUrl: APP,
  });
  // Stripe's Connect webhook reaches the app over HTTP, signed with the Connect secret.
  server = createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.setConnectWebhookEndpoint(`${origin}/api/billing/stripe-connect-webhook`);
  c = await createScheduleCentre(ctx);
  const [cleo, dan, eve] = c.students;
  const household = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id, dan.id] });
  family = await createGuardianUser(ctx, c.centre.id, household.id);
  const evans = await createHousehold(ctx.prisma, c.centre.id, { name: 'Evans', studentIds: [eve.id] });
  other = await createGuardianUser(ctx, c.centre.id, evans.id, { name: 'Eva Evans' });
  // Cleo: 100.00 bought, then a one-hour lesson at 40.00 (her usual lesson charge).
  expect((await c.operator.post('/api/voucher-purchases', voucherPurchaseBody(cleo.id))).status).toBe(201);
  const lesson = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      startAt: hoursFromNow(-5),
      endAt: hoursFromNow(-4),
      students: [{ studentId: cleo.id, hourlyRate: '40' }],
    }),
  );
  expect(lesson.status).toBe(201);
  expect((await c.operator.post(`/api/schedules/${lesson.body.schedule.id}/confirm`, {})).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await standIn?.deliveriesSettled();
  await new Promise((resolve) => server?.close(resolve));
  await queue?.stop();
  await ctx?.close();
  await standIn?.close();
});

const balanceOf = async (studentId: number) =>
  (await ctx.prisma.student.findUniqueOrThrow({ where: { id: studentId } })).voucherBalance.toFixed(2);

/** Opens Checkout for `body`, pays on the hosted page with `card`, returns the session id. */
async function payOnCheckout(body: object, card = '4242424242424242') {
  const open = await family.caller.post('/api/portal/top-ups', body);
  expect(open.status, JSON.stringify(open.body)).toBe(200);
  const paid = await submitHostedCard(open.body.url, card);
  expect(paid.status).toBe(303);
  const back = new URL(String(paid.headers.get('location')));
  expect(`${back.origin}${back.pathname}`).toBe(`${APP}/family/top-up`);
  return { sessionId: String(back.searchParams.get('session_id')), topUpId: open.body.topUpId as number };
}

/** The connected account's events of a type for a top-up (named by its reference), as Stripe would deliver them. */
const eventsOf = async (type: string, topUpId: number) => {
  const { reference } = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: topUpId } });
  return standIn.state.events.filter(
    (e) => e.type === type && (e.data.object as { metadata?: Record<string, string> }).metadata?.topUpRef === reference,
  ) as unknown as Stripe.Event[];
};

/** Stripe delivers the event (again) to the app's Connect webhook; the app answers 200. */
const deliver = async (event: Stripe.Event) => expect(await standIn.deliverEvent(event.id)).toBe(200);

/** An event Stripe never sent, signed with the Connect secret as if it had (a test of the app's checks). */
const postSigned = (event: object) => {
  const payload = JSON.stringify(event);
  return request(ctx.app)
    .post('/api/billing/stripe-connect-webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signPayload(payload, standIn.connectWebhookSecret))
    .send(payload);
};

describe('without a connected account', () => {
  it('says the centre takes payment at the desk and refuses to start a top-up', async () => {
    const payments = await family.caller.get('/api/portal/payments');
    expect(payments.status).toBe(200);
    expect(payments.body).toMatchObject({ available: false, centre: { currency: 'CAD' } });
    const refused = await family.caller.post('/api/portal/top-ups', { studentId: c.students[0].id, amount: '50' });
    expect(refused.status).toBe(503);
    expect(refused.body.errorMessage).toMatch(/does not take card payments online/);
    expect(await ctx.prisma.cardTopUp.count()).toBe(0);
  });
});

describe('a top-up on Checkout', () => {
  beforeAll(async () => {
    account = await connectCentre(ctx.prisma, stripe, standIn, c.centre.id);
  });

  it('shows each child with its usual lesson charge', async () => {
    const payments = await family.caller.get('/api/portal/payments');
    expect(payments.body.available).toBe(true);
    expect(payments.body.children).toEqual([
      { id: c.students[0].id, name: 'Cleo Chen', balance: '60.00', usualLessonCharge: '40.00' },
      { id: c.students[1].id, name: 'Dan Diaz', balance: '0.00', usualLessonCharge: null },
    ]);
  });

  it('refuses bad input naming the field, and another family’s child as not found', async () => {
    const cleo = c.students[0].id;
    const cases: [object, string][] = [
      [{ studentId: cleo, amount: '50', lessons: 2 }, 'lessons'],
      [{ studentId: cleo }, 'amount'],
      [{ studentId: cleo, lessons: 0 }, 'lessons'],
      [{ studentId: cleo, lessons: 51 }, 'lessons'],
      [{ studentId: cleo, amount: '0.50' }, 'amount'],
      [{ studentId: cleo, amount: '10000.01' }, 'amount'],
      [{ studentId: cleo, amount: '12.345' }, 'amount'],
      [{ studentId: c.students[1].id, lessons: 3 }, 'lessons'], // Dan has no usual lesson charge yet
      [{ studentId: cleo, lessons: 50, amount: null }, 'lessons'], // 50 x 40.00 = 2,000.00 is fine: see below
    ];
    for (const [body, field] of cases.slice(0, -1)) {
      const res = await family.caller.post('/api/portal/top-ups', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (await family.caller.post('/api/portal/top-ups', { studentId: c.students[2].id, amount: '50' })).status,
    ).toBe(404);
    const operator = await c.operator.post('/api/portal/top-ups', { studentId: cleo, amount: '50' });
    expect(operator.status).toBe(403);
    expect(await ctx.prisma.cardTopUp.count()).toBe(0);
  });

  it('pays 5 lessons at 40.00 on the hosted page; the return page records one CARD purchase', async () => {
    const cleo = c.students[0].id;
    const { sessionId, topUpId } = await payOnCheckout({ studentId: cleo, lessons: 5 });
    const session = await stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: account });
    expect(session).toMatchObject({ mode: 'payment', amount_total: 20000, currency: 'cad', payment_status: 'paid' });
    expect(session.metadata).toMatchObject({ topUpRef: expect.stringMatching(/^tu_/), studentId: String(cleo) });
    // The session is the connected account's, not the platform's.
    await expect(stripe.checkout.sessions.retrieve(sessionId)).rejects.toThrow(/No such/);

    const confirmed = await family.caller.get(`/api/portal/top-ups/confirm?session_id=${sessionId}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: 'PAID',
      amount: '200.00',
      lessons: 5,
      lessonRate: '40.00',
      childName: 'Cleo Chen',
      balance: '260.00',
    });
    const purchase = await ctx.prisma.voucherPurchase.findUniqueOrThrow({ where: { id: confirmed.body.purchaseId } });
    expect(purchase).toMatchObject({ type: 'PURCHASE', paymentMethod: 'CARD', classCount: 5, studentId: cleo });
    expect(purchase.voucherAmount.toFixed(2)).toBe('200.00');

    // The webhook's events, each delivered three times, and the return page again: still one purchase.
    for (const type of ['checkout.session.completed', 'payment_intent.succeeded']) {
      const [event] = await eventsOf(type, topUpId);
      expect(event?.account).toBe(account);
      for (let i = 0; i < 3; i++) await deliver(event);
    }
    expect((await family.caller.get(`/api/portal/top-ups/confirm?session_id=${sessionId}`)).body.status).toBe('PAID');
    expect(await ctx.prisma.voucherPurchase.count({ where: { studentId: cleo, paymentMethod: 'CARD' } })).toBe(1);
    expect(await balanceOf(cleo)).toBe('260.00');
    // The receipt goes to the guardian.
    const receipts = await ctx.prisma.message.findMany({
      where: { entityType: 'VOUCHER_PURCHASE', entityId: purchase.id },
    });
    expect(receipts.map((m) => m.recipient)).toEqual([family.guardian.email]);
    // The payments page lists it, with its receipt.
    const payments = await family.caller.get('/api/portal/payments');
    expect(payments.body.recent[0]).toMatchObject({ id: topUpId, status: 'PAID', purchaseId: purchase.id });
  });

  it('records a payment reported only by the webhook, once, when the family never comes back', async () => {
    const cleo = c.students[0].id;
    const { topUpId } = await payOnCheckout({ studentId: cleo, amount: '35.50' });
    await standIn.deliveriesSettled();
    const [completed] = await eventsOf('checkout.session.completed', topUpId);
    await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    const row = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: topUpId } });
    expect(row.status).toBe('PAID');
    expect(await balanceOf(cleo)).toBe('295.50');
  });

  it('records nothing when the amount Stripe reports differs, and keeps the mismatch', async () => {
    const cleo = c.students[0].id;
    const open = await family.caller.post('/api/portal/top-ups', { studentId: cleo, amount: '80' });
    expect(open.status).toBe(200);
    const session = await stripe.checkout.sessions.retrieve(
      String(open.body.url).split('/pay/')[1],
      {},
      {
        stripeAccount: account,
      },
    );
    const forged = {
      id: `evt_forged_${open.body.topUpId}`,
      object: 'event',
      type: 'checkout.session.completed',
      account,
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, status: 'complete', payment_status: 'paid', amount_total: 800 } },
    };
    expect((await postSigned(forged)).status).toBe(200);
    const row = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: open.body.topUpId } });
    expect(row.status).toBe('MISMATCH');
    expect(row.failure).toMatch(/8\.00 CAD does not match the top-up of 80\.00 CAD/);
    expect(row.purchaseId).toBeNull();
    expect(await balanceOf(cleo)).toBe('295.50');
    // Paid to another account: nothing at all, the top-up stays open for its own payment (issue 37).
    const again = await family.caller.post('/api/portal/top-ups', { studentId: cleo, amount: '80' });
    const { reference } = await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: again.body.topUpId } });
    await postSigned({
      ...forged,
      id: 'evt_forged_other',
      account: 'acct_elsewhere',
      data: {
        object: {
          ...session,
          metadata: { topUpRef: reference },
          status: 'complete',
          payment_status: 'paid',
          amount_total: 8000,
        },
      },
    });
    expect((await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: again.body.topUpId } })).status).toBe('OPEN');
    expect(await balanceOf(cleo)).toBe('295.50');
  });

  it('never shows another family’s top-up', async () => {
    const { sessionId } = await payOnCheckout({ studentId: c.students[0].id, amount: '10' });
    await standIn.deliveriesSettled(); // the webhook records it: Cleo 305.50
    expect((await other.caller.get(`/api/portal/top-ups/confirm?session_id=${sessionId}`)).status).toBe(404);
    expect((await other.caller.get('/api/portal/payments')).body.recent).toEqual([]);
    expect((await family.caller.get('/api/portal/top-ups/confirm?session_id=nope')).status).toBe(400);
  });
});

describe('auto top-up', () => {
  /** Saves `card` through Checkout in setup mode and confirms it. */
  async function saveCard(card: string) {
    const open = await family.caller.post('/api/portal/auto-top-up/card', {});
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const saved = await submitHostedCard(open.body.url, card);
    expect(saved.status).toBe(303);
    const back = new URL(String(saved.headers.get('location')));
    const confirmed = await family.caller.post('/api/portal/auto-top-up/card/confirm', {
      session_id: back.searchParams.get('card_session_id'),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return confirmed.body;
  }
  /** A desk adjustment taking `amount` off the child (a debit, as a lesson charge would be). */
  const debit = async (studentId: number, amount: string) =>
    expect(
      (
        await c.operator.post(
          '/api/voucher-purchases',
          voucherPurchaseBody(studentId, { type: 'ADJUSTMENT', voucherAmount: `-${amount}` }),
        )
      ).status,
    ).toBe(201);

  it('needs a saved card and a floor to turn on', async () => {
    const noCard = await family.caller.put('/api/portal/auto-top-up', { enabled: true, floor: '100', amount: '150' });
    expect(noCard.status).toBe(400);
    expect(noCard.body.fieldErrors[0].field).toBe('enabled');
    const noFloor = await family.caller.put('/api/portal/auto-top-up', { enabled: true, amount: '150' });
    expect(noFloor.status).toBe(400);
    expect(noFloor.body.fieldErrors[0].field).toBe('floor');
    expect(
      (await ctx.prisma.household.findUniqueOrThrow({ where: { id: family.guardian.householdId } })).autoTopUp,
    ).toBe(false);
  });

  it('charges once per dip, however many runs race for it', async () => {
    const dan = c.students[1].id;
    const saved = await saveCard('4242424242424242');
    expect(saved.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const on = await family.caller.put('/api/portal/auto-top-up', { enabled: true, floor: '100', amount: '150' });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, floor: '100.00', amount: '150.00', lessons: null });
    // Dan: 0.00 → bought 120.00 → a 50.00 debit leaves 70.00, below the floor of 100.00 (Cleo is above it).
    expect(
      (await c.operator.post('/api/voucher-purchases', voucherPurchaseBody(dan, { voucherAmount: '120' }))).status,
    ).toBe(201);
    await debit(dan, '50');
    const before = standIn.state.paymentIntents.size;
    const runs = await Promise.all(Array.from({ length: 10 }, () => runAutoTopUps(ctx.prisma, billing(), queue)));
    expect(runs.reduce((n, r) => n + r.charged, 0)).toBe(1);
    expect(standIn.state.paymentIntents.size - before).toBe(1);
    expect(await balanceOf(dan)).toBe('220.00');
    // The next run finds the balance above the floor: nothing.
    expect((await runAutoTopUps(ctx.prisma, billing(), queue)).charged).toBe(0);
    // A new dip (220 → 90) is charged once more.
    await debit(dan, '130');
    expect((await runAutoTopUps(ctx.prisma, billing(), queue)).charged).toBe(1);
    expect((await runAutoTopUps(ctx.prisma, billing(), queue)).charged).toBe(0);
    expect(await balanceOf(dan)).toBe('240.00');
    const autos = await ctx.prisma.cardTopUp.findMany({ where: { studentId: dan, kind: 'AUTO' } });
    expect(autos.map((a) => a.status)).toEqual(['PAID', 'PAID']);
    const intent = standIn.state.paymentIntents.get(String(autos[0].paymentIntentId));
    expect(intent).toMatchObject({ amount: 15000, currency: 'cad', status: 'succeeded' });
  });

  it('turns itself off on a decline and tells the family and the desk', async () => {
    const dan = c.students[1].id;
    await saveCard('4000000000000341'); // saves, then every charge is declined
    expect(
      (
        await family.caller.put('/api/portal/auto-top-up', {
          enabled: true,
          floor: '400',
          lessons: null,
          amount: '150',
        })
      ).status,
    ).toBe(200);
    await debit(dan, '10');
    const run = await runAutoTopUps(ctx.prisma, billing(), queue);
    // Both children are below 400.00: Cleo's charge is declined first, and Dan's is then not tried.
    expect(run).toEqual({ charged: 0, declined: 1 });
    expect(await balanceOf(dan)).toBe('230.00');
    expect(await balanceOf(c.students[0].id)).toBe('305.50');
    const household = await ctx.prisma.household.findUniqueOrThrow({ where: { id: family.guardian.householdId } });
    expect(household.autoTopUp).toBe(false);
    expect(household.autoTopUpStoppedReason).toBe('Your card was declined.');
    const notices = await ctx.prisma.notice.findMany({ where: { type: 'AUTO_TOP_UP_FAILED' } });
    expect(notices.map((n) => n.userId).sort()).toEqual([c.users.admin.id, c.users.operator.id].sort());
    const emails = await ctx.prisma.message.findMany({ where: { template: 'auto-top-up-declined' } });
    expect(emails.map((m) => m.recipient)).toEqual([family.guardian.email]);
    const home = await family.caller.get('/api/portal/home');
    expect(home.body.attention).toContainEqual(
      expect.objectContaining({ kind: 'PAYMENT_FAILED', childId: c.students[0].id, amount: '150.00' }),
    );
    // Off: no more charges.
    await debit(dan, '10');
    expect(await runAutoTopUps(ctx.prisma, billing(), queue)).toEqual({ charged: 0, declined: 0 });
    // Removing the card forgets it.
    const removed = await family.caller.delete('/api/portal/auto-top-up/card');
    expect(removed.body).toMatchObject({ enabled: false, card: null });
  });
});

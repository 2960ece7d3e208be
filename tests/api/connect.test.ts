// Family card payments, the centre's side (issue 21): its admin connects the centre's own Stripe account
// (Stripe Connect, hosted onboarding at the stand-in), the Connect webhook keeps the account's status
// (each event once, signed under the Connect secret only), and the rights and configuration refusals.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { familyPaymentsReady } from '../../server/features/billing/connect';
import { loadStripeConfig } from '../../server/features/billing/stripe-config';
import { billingFor, stripeFor } from '../support/billing-factories';
import { connectBillingFor, connectCentre } from '../support/connect-factories';
import { createCentreWithStaff } from '../support/factories';
import { withGuardianToken } from '../support/portal-factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let standIn: StripeStandIn;
let stripe: Stripe;
let ctx: TestContext;
let server: Server;
let origin: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeFor(standIn);
  ctx = await createTestContext({ billing: connectBillingFor(standIn) });
  server = createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.setWebhookEndpoint(`${origin}/api/billing/stripe-webhook`);
  standIn.setConnectWebhookEndpoint(`${origin}/api/billing/stripe-connect-webhook`);
}, 60_000);
afterAll(async () => {
  await standIn?.close();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

const as = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An app on the same database with other billing deps (none, or Stripe without the Connect secret). */
const appWith = (billing: ReturnType<typeof billingFor> | undefined) =>
  createApp({ sinKey: randomBytes(32), prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, billing });

function postEvent(app: ReturnType<typeof createApp>, payload: string, secret: string) {
  return request(app)
    .post('/api/billing/stripe-connect-webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', stripe.webhooks.generateTestHeaderString({ payload, secret }))
    .send(payload);
}

const accountEvent = (id: string, account: string | undefined, chargesEnabled = true) =>
  JSON.stringify({
    id,
    object: 'event',
    ...(account ? { account } : {}),
    type: 'account.updated',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: account ?? 'acct_none',
        object: 'account',
        charges_enabled: chargesEnabled,
        details_submitted: true,
      },
    },
  });

describe('connecting the centre’s Stripe account', () => {
  it('onboards end to end: one account per centre, the hosted page, back to /manage-payment, status from Stripe', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const before = await request(ctx.app).get('/api/billing/connect').set(as(tokens.admin));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ configured: true, accountId: null, chargesEnabled: false, detailsSubmitted: false });

    // Two first clicks at once: one account (the idempotency key), each click its own link; a third later.
    const [first, second] = await Promise.all([
      request(server).post('/api/billing/connect/account-link').set(as(tokens.admin)),
      request(server).post('/api/billing/connect/account-link').set(as(tokens.admin)),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.url).not.toBe(second.body.url);
    const saved = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } });
    expect(saved.stripeAccountId).toMatch(/^acct_/);
    const account = standIn.state.accounts.get(String(saved.stripeAccountId));
    expect(account).toMatchObject({ type: 'standard', metadata: { organisationId: String(centre.id) } });
    expect(account?.business_profile.name).toBe(centre.name);
    const third = await request(server).post('/api/billing/connect/account-link').set(as(tokens.admin));
    expect(third.status).toBe(200);
    const accounts = [...standIn.state.accounts.values()].filter(
      (a) => a.metadata.organisationId === String(centre.id),
    );
    expect(accounts).toHaveLength(1);
    const links = [...standIn.state.accountLinks.values()].filter((l) => l.account === saved.stripeAccountId);
    expect(links).toHaveLength(3);
    expect(links[0]).toMatchObject({
      return_url: `${origin}/manage-payment?connect=return`,
      refresh_url: `${origin}/manage-payment?connect=refresh`,
      type: 'account_onboarding',
    });

    const pending = await request(ctx.app).get('/api/billing/connect').set(as(tokens.admin));
    expect(pending.body).toMatchObject({ accountId: saved.stripeAccountId, chargesEnabled: false });

    // The admin fills Stripe's page; the webhook is held back, so the return page's refresh reads Stripe.
    standIn.pauseDeliveries();
    const page = await fetch(first.body.url);
    expect(await page.text()).toContain(`value="${centre.name}"`);
    const submitted = await fetch(first.body.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ businessName: centre.name }).toString(),
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`${origin}/manage-payment?connect=return`);
    const refreshed = await request(ctx.app).post('/api/billing/connect/refresh').set(as(tokens.admin));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      configured: true,
      accountId: saved.stripeAccountId,
      chargesEnabled: true,
      detailsSubmitted: true,
    });
    const ready = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } });
    expect(familyPaymentsReady(connectBillingFor(standIn), ready)).toBe(true);
    await standIn.resumeDeliveries();
    await standIn.deliveriesSettled();
    const updated = standIn.state.events.find(
      (e) => e.type === 'account.updated' && e.account === ready.stripeAccountId,
    );
    expect(updated).toBeDefined();
    expect(await ctx.prisma.stripeEvent.count({ where: { id: updated?.id } })).toBe(1);
  });

  it('reads STRIPE_CONNECT_WEBHOOK_SECRET: optional, a whsec_ secret', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(loadStripeConfig(keys)?.connectWebhookSecret).toBeUndefined();
    expect(loadStripeConfig({ ...keys, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_c' })?.connectWebhookSecret).toBe(
      'whsec_c',
    );
    expect(() => loadStripeConfig({ ...keys, STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_test_oops' })).toThrow(/whsec_/);
  });

  it('says whether family payments are ready: Stripe, the Connect secret and an account that can charge', () => {
    const connected = { stripeAccountId: 'acct_1', stripeChargesEnabled: true };
    expect(familyPaymentsReady(connectBillingFor(standIn), connected)).toBe(true);
    expect(familyPaymentsReady(billingFor(standIn), connected)).toBe(false);
    expect(familyPaymentsReady(undefined, connected)).toBe(false);
    expect(familyPaymentsReady(connectBillingFor(standIn), { ...connected, stripeChargesEnabled: false })).toBe(false);
    expect(familyPaymentsReady(connectBillingFor(standIn), { stripeAccountId: null, stripeChargesEnabled: true })).toBe(
      false,
    );
  });
});

describe('the Connect webhook', () => {
  it('applies account.updated once, however often it is delivered', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const accountId = await connectCentre(ctx.prisma, stripe, standIn, centre.id, { onboarded: false });
    standIn.onboardAccount(accountId);
    await standIn.deliveriesSettled();
    const event = standIn.state.events.find((e) => e.type === 'account.updated' && e.account === accountId);
    expect(event).toBeDefined();
    const id = String(event?.id);
    const after = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } });
    expect(after).toMatchObject({ stripeChargesEnabled: true, stripeDetailsSubmitted: true });

    // The flags turned off by hand: a repeat of the old event must not apply again.
    await ctx.prisma.organisation.update({ where: { id: centre.id }, data: { stripeChargesEnabled: false } });
    expect(await standIn.deliverEvent(id)).toBe(200);
    expect(await standIn.deliverEvent(id)).toBe(200);
    const deliveries = standIn.state.deliveries.filter((d) => d.eventId === id);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(deliveries.every((d) => d.url.endsWith('/api/billing/stripe-connect-webhook'))).toBe(true);
    expect(await ctx.prisma.stripeEvent.count({ where: { id } })).toBe(1);
    expect((await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } })).stripeChargesEnabled).toBe(
      false,
    );
  });

  it('refuses a bad signature, the platform secret and an event of no account with 400, changing nothing', async () => {
    const { centre } = await createCentreWithStaff(ctx);
    const accountId = await connectCentre(ctx.prisma, stripe, standIn, centre.id, { onboarded: false });
    await standIn.deliveriesSettled();
    const forged = await request(ctx.app)
      .post('/api/billing/stripe-connect-webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
      .send(accountEvent('evt_connect_forged', accountId));
    expect(forged.status).toBe(400);
    const platformSigned = await postEvent(
      ctx.app,
      accountEvent('evt_connect_platform', accountId),
      standIn.webhookSecret,
    );
    expect(platformSigned.status).toBe(400);
    const noAccount = await postEvent(
      ctx.app,
      accountEvent('evt_connect_none', undefined),
      standIn.connectWebhookSecret,
    );
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.errorMessage).toMatch(/only events of connected accounts/);
    const missing = await request(ctx.app)
      .post('/api/billing/stripe-connect-webhook')
      .set('Content-Type', 'application/json')
      .send(accountEvent('evt_connect_unsigned', accountId));
    expect(missing.status).toBe(400);
    for (const id of ['evt_connect_forged', 'evt_connect_platform', 'evt_connect_none', 'evt_connect_unsigned'])
      expect(await ctx.prisma.stripeEvent.count({ where: { id } }), id).toBe(0);
    expect(await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } })).toMatchObject({
      stripeChargesEnabled: false,
      stripeDetailsSubmitted: false,
    });

    // Signed under the Connect secret, it applies; an event for another account changes no other centre.
    const good = await postEvent(ctx.app, accountEvent('evt_connect_good', accountId), standIn.connectWebhookSecret);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ received: true });
    expect((await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } })).stripeChargesEnabled).toBe(
      true,
    );
  });

  it('refuses a signed timestamp an hour away', async () => {
    const payload = accountEvent('evt_connect_timed', 'acct_timed');
    for (const offset of [3600, -3600]) {
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: standIn.connectWebhookSecret,
        timestamp: Math.floor(Date.now() / 1000) + offset,
      });
      const res = await request(ctx.app)
        .post('/api/billing/stripe-connect-webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', header)
        .send(payload);
      expect(res.status, String(offset)).toBe(400);
    }
    expect(await ctx.prisma.stripeEvent.count({ where: { id: 'evt_connect_timed' } })).toBe(0);
  });
});

describe('rights and configuration', () => {
  it('gives the connect endpoints to the centre’s admin only (403 for operator, teacher, guardian, platform)', async () => {
    const staff = await withGuardianToken(ctx, await createCentreWithStaff(ctx));
    const calls = [
      (token: string) => request(ctx.app).get('/api/billing/connect').set(as(token)),
      (token: string) => request(ctx.app).post('/api/billing/connect/account-link').set(as(token)),
      (token: string) => request(ctx.app).post('/api/billing/connect/refresh').set(as(token)),
    ];
    for (const [role, token] of Object.entries({
      operator: staff.tokens.operator,
      teacher: staff.tokens.teacher,
      customer: staff.tokens.customer,
      system: staff.tokens.system,
    }))
      for (const call of calls) expect((await call(token)).status, role).toBe(403);
    for (const call of calls) expect((await call('')).status).toBe(401);
    expect(
      (await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: staff.centre.id } })).stripeAccountId,
    ).toBeNull();
  });

  it('without Stripe, or without the Connect secret: not configured, 503 on the POSTs and the webhook, in both languages', async () => {
    const { tokens } = await createCentreWithStaff(ctx);
    for (const [name, app] of [
      ['no Stripe', appWith(undefined)],
      ['no Connect secret', appWith(billingFor(standIn))],
    ] as const) {
      const status = await request(app).get('/api/billing/connect').set(as(tokens.admin));
      expect(status.status, name).toBe(200);
      expect(status.body, name).toMatchObject({ configured: false, accountId: null });
      for (const path of ['/api/billing/connect/account-link', '/api/billing/connect/refresh']) {
        const en = await request(app).post(path).set(as(tokens.admin));
        expect(en.status, `${name} ${path}`).toBe(503);
        expect(en.body.errorMessage).toBe(
          'Family card payments are not configured on this server (they need Stripe keys and STRIPE_CONNECT_WEBHOOK_SECRET)',
        );
        const zh = await request(app).post(path).set(as(tokens.admin)).set('Accept-Language', 'zh-CN');
        expect(zh.status).toBe(503);
        expect(zh.body.errorMessage).toContain('此服务器未配置家庭刷卡付款');
      }
      const hook = await postEvent(app, accountEvent('evt_connect_off', 'acct_off'), standIn.connectWebhookSecret);
      expect(hook.status, name).toBe(503);
    }
  });
});

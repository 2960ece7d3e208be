// Billing cycles (issue 10): the start rules (no earlier than one month back, end after start, one
// active at a time, rights), cancel, and a run: each centre's invoice, charged on its card through the
// Stripe stand-in (paid, declined), skipped without students, CREATED with the reason without Stripe;
// the next cycle started when it repeats, and a second run charges nothing again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { activeCycle, cycleView, startCycle } from '../../server/features/billing/cycles';
import { billingTick, startBillingJobs } from '../../server/features/billing/jobs';
import { runCycle } from '../../server/features/billing/run-cycle';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { CYCLE_ALREADY_ACTIVE_MESSAGE, CYCLE_TOO_EARLY_MESSAGE, type TBillingCycle } from '../../src/contracts/billing';
import { billingFor, giveCard, stripeFor } from '../support/billing-factories';
import { classAt, classSetup } from '../support/billing-served';
import { createCentre, createCentreWithStaff } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createStudentRecord } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const monthsBack = (months: number, extraDays = 0) => {
  const d = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
};

async function waitForCompleted(ctx: TestContext, token: string, id: number): Promise<TBillingCycle> {
  for (let i = 0; i < 600; i++) {
    const res = await request(ctx.app).get(`/api/billing/cycles/${id}`).set(auth(token));
    expect(res.status).toBe(200);
    if (res.body.status === 'COMPLETED') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`cycle ${id} did not complete`);
}

/** A centre with `students` students, each in one class on the cycle's second day. */
async function centreWithStudents(ctx: TestContext, students: number, day: string) {
  const centre = await createCentre(ctx.prisma);
  if (students > 0) {
    const setup = { organisationId: centre.id, ...(await classSetup(ctx.prisma, centre.id)) };
    const ids: number[] = [];
    for (let i = 0; i < students; i++) ids.push((await createStudentRecord(ctx.prisma, centre.id)).id);
    await classAt(ctx.prisma, setup, `${day}T16:00:00Z`, ids);
  }
  return centre;
}

describe('starting and cancelling a cycle', () => {
  let ctx: TestContext;
  let tokens: Awaited<ReturnType<typeof createCentreWithStaff>>['tokens'];
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ tokens } = await createCentreWithStaff(ctx));
  }, 60_000);
  afterAll(async () => ctx?.close());
  const start = (body: object, token = tokens.system) =>
    request(ctx.app).post('/api/billing/cycles').set(auth(token)).send(body);

  it('refuses a start earlier than one month back with the seed’s message, data unchanged', async () => {
    const res = await start({ startDate: monthsBack(1, -1), endDate: dayOffset(-1) });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toContain(CYCLE_TOO_EARLY_MESSAGE);
    expect(JSON.stringify(res.body.fieldErrors)).toContain('startDate');
    expect(JSON.stringify(res.body.fieldErrors)).toContain(CYCLE_TOO_EARLY_MESSAGE);
    expect(await ctx.prisma.billingCycle.count()).toBe(0);
  });

  it('refuses an end before the start, and bad dates, naming the field', async () => {
    const before = await start({ startDate: dayOffset(-2), endDate: dayOffset(-3) });
    expect(before.status).toBe(400);
    expect(JSON.stringify(before.body.fieldErrors)).toContain('endDate');
    const bad = await start({ startDate: '2026-13-45', endDate: dayOffset(1) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.fieldErrors ?? bad.body.errorMessage)).toContain('startDate');
    const missing = await start({ startDate: dayOffset(0) });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.fieldErrors ?? missing.body.errorMessage)).toContain('endDate');
    expect(await ctx.prisma.billingCycle.count()).toBe(0);
  });

  it('is the platform’s only: a centre admin or operator gets 403', async () => {
    for (const token of [tokens.admin, tokens.operator]) {
      expect((await start({ startDate: dayOffset(0), endDate: dayOffset(10) }, token)).status).toBe(403);
      expect((await request(ctx.app).get('/api/billing/cycles/active').set(auth(token))).status).toBe(403);
    }
    expect(await ctx.prisma.billingCycle.count()).toBe(0);
  });

  it('starts one cycle at a time with a PENDING row per centre; cancel only while ACTIVE', async () => {
    const none = await request(ctx.app).get('/api/billing/cycles/active').set(auth(tokens.system));
    expect(none.body).toEqual({ cycle: null });
    const centres = await ctx.prisma.organisation.count();
    const res = await start({ startDate: monthsBack(1), endDate: dayOffset(-1), repeat: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'ACTIVE', repeat: false, runStartedAt: null, finishedAt: null });
    expect(res.body.counts).toEqual({
      total: centres,
      PENDING: centres,
      CREATED: 0,
      CHARGED: 0,
      FAILED: 0,
      SKIPPED: 0,
    });
    expect(res.body.startedByName).toBeTruthy();

    const second = await start({ startDate: dayOffset(0), endDate: dayOffset(10) });
    expect(second.status).toBe(409);
    expect(second.body.errorMessage).toBe(CYCLE_ALREADY_ACTIVE_MESSAGE);
    // Two at once: one wins.
    await request(ctx.app).post(`/api/billing/cycles/${res.body.id}/cancel`).set(auth(tokens.system)).expect(200);
    const both = await Promise.all([
      start({ startDate: dayOffset(0), endDate: dayOffset(10) }),
      start({ startDate: dayOffset(0), endDate: dayOffset(10) }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const active = await request(ctx.app).get('/api/billing/cycles/active').set(auth(tokens.system));
    const winner = both.find((r) => r.status === 201)?.body;
    expect(active.body.cycle).toMatchObject({ id: winner.id, status: 'ACTIVE' });
    const list = await request(ctx.app).get('/api/billing/cycles').set(auth(tokens.system));
    expect(list.body.total).toBe(2);
    expect(list.body.data[0].id).toBe(winner.id);

    const cancel = await request(ctx.app).post(`/api/billing/cycles/${winner.id}/cancel`).set(auth(tokens.system));
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('CANCELLED');
    const again = await request(ctx.app).post(`/api/billing/cycles/${winner.id}/cancel`).set(auth(tokens.system));
    expect(again.status).toBe(409);
    const run = await request(ctx.app).post(`/api/billing/cycles/${winner.id}/run`).set(auth(tokens.system));
    expect(run.status).toBe(409);
    expect((await request(ctx.app).get('/api/billing/cycles/999999').set(auth(tokens.system))).status).toBe(404);
  });

  it('without Stripe: invoices CREATED with the reason, centres without students SKIPPED', async () => {
    const startDate = dayOffset(-10);
    const withStudents = await centreWithStudents(ctx, 3, dayOffset(-9));
    const without = await centreWithStudents(ctx, 0, dayOffset(-9));
    const res = await start({ startDate, endDate: dayOffset(-1), repeat: false });
    expect(res.status).toBe(201);
    const run = await request(ctx.app).post(`/api/billing/cycles/${res.body.id}/run`).set(auth(tokens.system));
    expect(run.status).toBe(200);
    expect(run.body.status).toBe('RUNNING');
    const done = await waitForCompleted(ctx, tokens.system, res.body.id);
    expect(done.counts).toMatchObject({ PENDING: 0, CREATED: 1, CHARGED: 0, FAILED: 0 });
    expect(done.counts.SKIPPED).toBe(done.counts.total - 1);
    const centres = await request(ctx.app)
      .get(`/api/billing/cycles/${res.body.id}/centres?pageSize=100`)
      .set(auth(tokens.system));
    const of = (id: number) => centres.body.data.find((c: { organisationId: number }) => c.organisationId === id);
    expect(of(withStudents.id)).toMatchObject({ outcome: 'CREATED', reason: 'Card payments are not configured' });
    expect(of(withStudents.id).invoiceNumber).toBeGreaterThan(0);
    expect(of(without.id)).toMatchObject({ outcome: 'SKIPPED', invoiceId: null });
    expect(of(without.id).reason).toBeTruthy();
    const invoice = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: of(withStudents.id).invoiceId } });
    expect(invoice).toMatchObject({ status: 'UNPAID', quantity: 3, cycleId: res.body.id });
    // Not repeating: nothing else active.
    const active = await request(ctx.app).get('/api/billing/cycles/active').set(auth(tokens.system));
    expect(active.body).toEqual({ cycle: null });
  });
});

describe('running a cycle with card payments', () => {
  let ctx: TestContext;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestContext({ billing: billingFor(standIn) });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await standIn?.close();
  });

  it('charges the good card, records the decline, skips the centre without students, starts the next', async () => {
    const { tokens } = await createCentreWithStaff(ctx);
    const stripe = stripeFor(standIn);
    const startDate = dayOffset(-10);
    const endDate = dayOffset(-1);
    const good = await centreWithStudents(ctx, 4, dayOffset(-8));
    const declined = await centreWithStudents(ctx, 2, dayOffset(-8));
    const noCard = await centreWithStudents(ctx, 1, dayOffset(-8));
    const empty = await centreWithStudents(ctx, 0, dayOffset(-8));
    const { customer: goodCustomer } = await giveCard(ctx.prisma, stripe, good.id);
    const { customer: badCustomer } = await giveCard(ctx.prisma, stripe, declined.id, 'pm_card_chargeCustomerFail');
    await giveCard(ctx.prisma, stripe, empty.id);

    const started = await request(ctx.app)
      .post('/api/billing/cycles')
      .set(auth(tokens.system))
      .send({ startDate, endDate });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const run = await request(ctx.app).post(`/api/billing/cycles/${id}/run`).set(auth(tokens.system));
    expect(run.status).toBe(200);
    // A second request while it runs (or once it has finished) is refused.
    const second = await request(ctx.app).post(`/api/billing/cycles/${id}/run`).set(auth(tokens.system));
    expect(second.status).toBe(409);
    const done = await waitForCompleted(ctx, tokens.system, id);
    const total = await ctx.prisma.organisation.count();
    expect(done.counts).toEqual({
      total,
      PENDING: 0,
      CREATED: 1,
      CHARGED: 1,
      FAILED: 1,
      SKIPPED: total - 3,
    });
    expect(done.finishedAt).not.toBeNull();
    const centres = await request(ctx.app)
      .get(`/api/billing/cycles/${id}/centres?pageSize=100`)
      .set(auth(tokens.system));
    const of = (orgId: number) => centres.body.data.find((c: { organisationId: number }) => c.organisationId === orgId);
    expect(of(good.id)).toMatchObject({ outcome: 'CHARGED' });
    expect(of(declined.id).outcome).toBe('FAILED');
    expect(of(declined.id).reason).toContain('Your card was declined.');
    expect(of(noCard.id)).toMatchObject({ outcome: 'CREATED', reason: 'No saved card: the invoice waits for payment' });
    expect(of(empty.id)).toMatchObject({ outcome: 'SKIPPED', invoiceId: null });
    const paid = await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: of(good.id).invoiceId } });
    expect(paid).toMatchObject({ status: 'PAID', paidMethod: 'CARD', quantity: 4 });
    const intents = () => [...standIn.state.paymentIntents.values()];
    expect(intents().filter((pi) => pi.customer === goodCustomer)).toHaveLength(1);
    expect(intents().filter((pi) => pi.customer === badCustomer)).toHaveLength(1);

    // Repeat: the next cycle, same length, starts the day after, ACTIVE with PENDING rows.
    const active = await request(ctx.app).get('/api/billing/cycles/active').set(auth(tokens.system));
    expect(active.body.cycle).toMatchObject({ startDate: dayOffset(0), endDate: dayOffset(9), status: 'ACTIVE' });
    expect(active.body.cycle.counts).toMatchObject({ total, PENDING: total });

    // Running the finished cycle again changes nothing and charges nothing.
    const before = intents().length;
    const invoices = await ctx.prisma.invoice.count();
    await runCycle(ctx.prisma, billingFor(standIn), id);
    expect(intents().length).toBe(before);
    expect(await ctx.prisma.invoice.count()).toBe(invoices);
    // A run whose process died (RUNNING again, rows as they were) continues without a second charge.
    await ctx.prisma.billingCycle.update({ where: { id: active.body.cycle.id }, data: { status: 'CANCELLED' } });
    await ctx.prisma.billingCycle.update({ where: { id }, data: { status: 'RUNNING', finishedAt: null } });
    await ctx.prisma.billingCycleCentre.updateMany({
      where: { cycleId: id, organisationId: { in: [good.id, declined.id] } },
      data: { outcome: 'PENDING', reason: null, invoiceId: null },
    });
    await runCycle(ctx.prisma, billingFor(standIn), id);
    expect(intents().filter((pi) => pi.customer === goodCustomer)).toHaveLength(1);
    expect(await ctx.prisma.invoice.count()).toBe(invoices);
    const resumed = await request(ctx.app).get(`/api/billing/cycles/${id}`).set(auth(tokens.system));
    expect(resumed.body).toMatchObject({ status: 'COMPLETED' });
    expect(resumed.body.counts).toMatchObject({ CHARGED: 1, PENDING: 0 });
  });
});

describe('the billing jobs', () => {
  let ctx: TestContext;
  let queue: MessageQueue;
  let mailDir: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-billing-jobs-'));
    queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir, retryLimit: 0 }));
  }, 120_000);
  afterAll(async () => {
    await queue?.stop();
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('the tick bills a cycle the day after it ends and resumes a stalled run, nothing else', async () => {
    const { system } = await createCentreWithStaff(ctx);
    await centreWithStudents(ctx, 2, dayOffset(-5));
    const endsToday = await startCycle(
      ctx.prisma,
      { startDate: dayOffset(-6), endDate: dayOffset(0), repeat: false },
      system.id,
    );
    await billingTick(ctx.prisma, undefined);
    expect((await ctx.prisma.billingCycle.findUniqueOrThrow({ where: { id: endsToday.id } })).status).toBe('ACTIVE');
    await ctx.prisma.billingCycle.update({
      where: { id: endsToday.id },
      data: { endDate: new Date(`${dayOffset(-1)}T00:00:00Z`) },
    });
    await billingTick(ctx.prisma, undefined);
    const billed = await cycleView(ctx.prisma, endsToday.id);
    expect(billed).toMatchObject({ status: 'COMPLETED', counts: { PENDING: 0, CREATED: 1 } });

    // A run alive (recent runStartedAt) is left alone; one stalled for 20 minutes is taken up again.
    const running = await startCycle(
      ctx.prisma,
      { startDate: dayOffset(0), endDate: dayOffset(5), repeat: false },
      system.id,
    );
    await ctx.prisma.billingCycle.update({
      where: { id: running.id },
      data: { status: 'RUNNING', runStartedAt: new Date() },
    });
    await billingTick(ctx.prisma, undefined);
    expect((await cycleView(ctx.prisma, running.id)).status).toBe('RUNNING');
    await ctx.prisma.billingCycle.update({
      where: { id: running.id },
      data: { runStartedAt: new Date(Date.now() - 20 * 60_000) },
    });
    await billingTick(ctx.prisma, undefined);
    expect((await cycleView(ctx.prisma, running.id)).status).toBe('COMPLETED');
  });

  it('on pg-boss: the tick is scheduled, and the run endpoint queues the run that the worker does', async () => {
    const { system, tokens } = await createCentreWithStaff(ctx);
    const app = createApp({ sinKey: randomBytes(32), prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
    const jobs = await startBillingJobs(queue, ctx.prisma, undefined);
    try {
      const schedules = await queue.boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['billing-cycle-tick', '*/15 * * * *']);
      const cycle = await startCycle(
        ctx.prisma,
        { startDate: dayOffset(-3), endDate: dayOffset(-1), repeat: true },
        system.id,
      );
      const run = await request(app).post(`/api/billing/cycles/${cycle.id}/run`).set(auth(tokens.system));
      expect(run.status).toBe(200);
      expect(run.body.status).toBe('RUNNING');
      const done = await waitForCompleted(ctx, tokens.system, cycle.id);
      expect(done.counts.PENDING).toBe(0);
      const next = await activeCycle(ctx.prisma);
      expect(next.cycle).toMatchObject({ startDate: dayOffset(0), endDate: dayOffset(2), status: 'ACTIVE' });
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});

describe('past billing: periods invoiced outside a cycle', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('lists the periods of invoices made by hand, newest first, where the cycle list is empty', async () => {
    ctx = await createTestContext();
    const a = await createCentreWithStaff(ctx);
    const b = await createCentreWithStaff(ctx);
    const september = { periodStart: monthsBack(3), periodEnd: dayOffset(-70) };
    const october = { periodStart: monthsBack(2), periodEnd: dayOffset(-40) };
    const totals: Record<string, number> = {};
    for (const [centre, period] of [
      [a, september],
      [a, october],
      [b, october],
    ] as const) {
      const res = await request(ctx.app)
        .post('/api/billing/invoices')
        .set(auth(a.tokens.system))
        .send({ organisationId: centre.centre.id, ...period });
      expect(res.status).toBe(201);
      totals[period.periodStart] = (totals[period.periodStart] ?? 0) + Math.round(Number(res.body.total) * 100);
    }
    const cents = (period: { periodStart: string }) => (totals[period.periodStart] / 100).toFixed(2);
    const cycles = await request(ctx.app).get('/api/billing/cycles').set(auth(a.tokens.system));
    expect(cycles.body.total).toBe(0);
    const res = await request(ctx.app).get('/api/billing/invoiced-periods').set(auth(a.tokens.system));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data).toEqual([
      { ...october, invoices: 2, paid: 0, unpaid: 2, void: 0, total: cents(october) },
      { ...september, invoices: 1, paid: 0, unpaid: 1, void: 0, total: cents(september) },
    ]);
    const admin = await request(ctx.app).get('/api/billing/invoiced-periods').set(auth(a.tokens.admin));
    expect(admin.status).toBe(403);
  });
});

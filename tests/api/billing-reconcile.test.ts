// A charge whose process dies between Stripe's answer and our write (issue 10). The charging step runs
// in a child process (tests/support/charge-process.ts) that the stand-in's onPaymentIntentCreated hook
// SIGKILLs after Stripe has decided the charge and before it answers: Stripe holds a PaymentIntent the
// database never recorded, and the invoice is left UNPAID with chargePendingSince set. The reconcile step
// then settles it from Stripe (paid, or the decline recorded, or nothing charged: pending cleared),
// never charging again. The child works on an on-disk PGlite folder (one process at a time: this process
// lets go of it while the child runs) or this file's PostgreSQL database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrisma } from '../../server/db/client';
import { closePglite, type DatabaseTarget, openPglite } from '../../server/db/target';
import { CHARGE_PENDING_REASON, chargeInvoice, NOT_CHARGED_REASON } from '../../server/features/billing/charge-invoice';
import { reconcilePendingCharges } from '../../server/features/billing/reconcile';
import type { BillingStripe } from '../../server/features/billing/stripe-config';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { billingFor, createInvoiceRow, giveCard, inCycleChargePending, stripeFor } from '../support/billing-factories';
import { createCentre } from '../support/factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { createTestContext, type TestContext } from '../support/test-app';

const root = path.resolve(import.meta.dirname, '../..');
let standIn: StripeStandIn;
let stripe: Stripe;
let billing: BillingStripe;
let ctx: TestContext | undefined;
let folder: string | undefined;
let target: DatabaseTarget;
let databaseUrl: string;
/** Set while a child charges: the stand-in's hook kills it once Stripe has decided the charge. */
let killOnCharge: (() => Promise<void>) | undefined;

beforeAll(async () => {
  standIn = await startStripeStandIn({ onPaymentIntentCreated: () => killOnCharge?.() });
  stripe = stripeFor(standIn);
  billing = billingFor(standIn);
  if (process.env.TEST_DB === 'postgres') {
    ctx = await createTestContext({ billing });
    target = ctx.target;
    databaseUrl = (target as { url: string }).url;
  } else {
    folder = mkdtempSync(path.join(tmpdir(), 'levelup-charge-kill-'));
    target = { kind: 'pglite', dataDir: path.join(folder, 'pglite') };
    databaseUrl = `pglite:${target.dataDir}`;
    const template = inject('pgliteTemplate');
    if (!template) throw new Error('no PGlite template');
    await openPglite(target.dataDir, { loadDataDir: new Blob([readFileSync(template)]) });
    await closePglite(target.dataDir);
  }
}, 120_000);
afterAll(async () => {
  await standIn?.close();
  await ctx?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Opens the database in this process for `work`, then lets go of it (a PGlite folder has one owner). */
async function withDatabase<T>(work: (prisma: PrismaClient) => Promise<T>): Promise<T> {
  if (ctx) return work(ctx.prisma);
  const prisma = await createPrisma(target);
  try {
    return await work(prisma);
  } finally {
    await prisma.$disconnect();
    await closePglite((target as { dataDir: string }).dataDir);
  }
}

/** Runs the charging step in a child and SIGKILLs it as soon as Stripe has made the PaymentIntent. */
async function chargeInChildKilledAfterStripe(invoiceId: number) {
  const script = path.join(root, 'tests/support/charge-process.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl, String(invoiceId)], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: standIn.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  let killed = false;
  killOnCharge = async () => {
    killed = true;
    child.kill('SIGKILL');
    await exited;
  };
  try {
    const how = await exited;
    if (!killed) throw new Error(`the child ended (${how}) before Stripe made a PaymentIntent: ${output}`);
    expect(how).toBe('SIGKILL');
  } finally {
    killOnCharge = undefined;
  }
}

const intentsOf = (customer: string) =>
  [...standIn.state.paymentIntents.values()].filter((pi) => pi.customer === customer);

async function invoiceWithCard(card = 'pm_card_visa') {
  return withDatabase(async (prisma) => {
    const centre = await createCentre(prisma);
    const { customer } = await giveCard(prisma, stripe, centre.id, card);
    const invoice = await createInvoiceRow(prisma, centre.id, { total: '250.00' });
    // As a billing cycle's run leaves it when its charge's result is unknown.
    const progress = await inCycleChargePending(prisma, invoice);
    return { customer, invoice, progress };
  });
}

describe('a charge killed between Stripe and the database', () => {
  it('is found and recorded by the reconcile step, and never charged twice', async () => {
    const { customer, invoice, progress } = await invoiceWithCard();
    await chargeInChildKilledAfterStripe(invoice.id);
    expect(intentsOf(customer).map((pi) => pi.status)).toEqual(['succeeded']);

    await withDatabase(async (prisma) => {
      const left = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
      expect(left).toMatchObject({ status: 'UNPAID', paymentIntentId: null, chargeAttempt: 0 });
      expect(left.chargePendingSince).not.toBeNull();

      // Too recent for the default (a charge may still be under way): left alone.
      expect(await reconcilePendingCharges(prisma, billing)).toMatchObject({ paid: [], cleared: [] });
      expect(await prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
        outcome: 'CREATED',
        reason: CHARGE_PENDING_REASON,
      });
      const calls = standIn.state.requests.filter((r) => r.method === 'POST').length;
      const result = await reconcilePendingCharges(prisma, billing, { olderThanMs: 0 });
      expect(result).toMatchObject({ paid: [invoice.id], failed: [], cleared: [], errors: [] });
      expect(standIn.state.requests.filter((r) => r.method === 'POST').length).toBe(calls);
      const [pi] = intentsOf(customer);
      expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
        status: 'PAID',
        paidMethod: 'CARD',
        paymentIntentId: pi.id,
        chargePendingSince: null,
      });
      expect(await prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
        outcome: 'CHARGED',
        reason: null,
        invoiceId: invoice.id,
      });
      const again = await chargeInvoice(prisma, billing, invoice.id);
      expect(again.status).toBe('PAID');
      expect(await reconcilePendingCharges(prisma, billing, { olderThanMs: 0 })).toMatchObject({ paid: [] });
    });
    expect(intentsOf(customer)).toHaveLength(1);
  }, 60_000);

  it('a charge tried again before the reconcile replays the same PaymentIntent', async () => {
    const { customer, invoice } = await invoiceWithCard();
    await chargeInChildKilledAfterStripe(invoice.id);
    await withDatabase(async (prisma) => {
      const paid = await chargeInvoice(prisma, billing, invoice.id);
      expect(paid).toMatchObject({ status: 'PAID', chargeAttempt: 0, chargePendingSince: null });
      expect(paid.paymentIntentId).toBe(intentsOf(customer)[0].id);
    });
    expect(intentsOf(customer)).toHaveLength(1);
  }, 60_000);

  it('a decline found by the reconcile step is recorded, and the next attempt is a new charge', async () => {
    const { customer, invoice, progress } = await invoiceWithCard('pm_card_chargeDeclined');
    await chargeInChildKilledAfterStripe(invoice.id);
    await withDatabase(async (prisma) => {
      const result = await reconcilePendingCharges(prisma, billing, { olderThanMs: 0 });
      expect(result.failed).toEqual([invoice.id]);
      expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
        status: 'UNPAID',
        chargeAttempt: 1,
        chargePendingSince: null,
        lastChargeError: 'Your card was declined.',
      });
      expect(await prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
        outcome: 'FAILED',
        reason: 'Your card was declined.',
      });
      await giveCard(prisma, stripe, invoice.organisationId, 'pm_card_visa');
      expect((await chargeInvoice(prisma, billing, invoice.id)).status).toBe('PAID');
      // Paid at the next attempt: the cycle's progress shows it charged.
      expect(await prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
        outcome: 'CHARGED',
        reason: null,
      });
    });
    expect(
      intentsOf(customer)
        .map((pi) => [pi.metadata.attempt, pi.status])
        .sort(),
    ).toEqual([
      ['0', 'requires_payment_method'],
      ['1', 'succeeded'],
    ]);
  }, 60_000);

  it('a pending mark with nothing at Stripe is cleared without charging', async () => {
    const { customer, invoice, progress } = await invoiceWithCard();
    await withDatabase(async (prisma) => {
      await prisma.invoice.update({ where: { id: invoice.id }, data: { chargePendingSince: new Date() } });
      const result = await reconcilePendingCharges(prisma, billing, { olderThanMs: 0 });
      expect(result.cleared).toEqual([invoice.id]);
      expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
        status: 'UNPAID',
        chargeAttempt: 0,
        chargePendingSince: null,
      });
      expect(await prisma.billingCycleCentre.findUniqueOrThrow({ where: progress })).toMatchObject({
        outcome: 'CREATED',
        reason: NOT_CHARGED_REASON,
      });
    });
    expect(intentsOf(customer)).toEqual([]);
  });
});

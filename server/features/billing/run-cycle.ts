// Running a billing cycle (issue 10): ACTIVE → RUNNING once (a second request while it runs is a 409),
// then batches of 100 centres still PENDING: their invoices (createCycleInvoices, set-based, idempotent
// per cycle and centre), each batch's outcomes committed so the page shows progress; then each created
// invoice still unpaid is charged on the centre's card when Stripe is configured. Everything can run
// again: a RUNNING cycle whose process died is picked up by the tick and continues where it stands.

import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { isoDate } from '../../http/list';
import { log } from '../../http/log';
import { notFound } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { cycleStatusWord } from './billing-errors';
import { CHARGE_PENDING_REASON, chargeInvoice, VOIDED_REASON } from './charge-invoice';
import { createCycleInvoices } from './create-cycle-invoices';
import { completeCycle } from './cycles';
import { todayUtc } from './invoice-view';
import type { BillingStripe } from './stripe-config';

export const CYCLE_BATCH_SIZE = 100;
export const NO_CARD_REASON = 'No saved card: the invoice waits for payment';
export const NOT_CONFIGURED_REASON = 'Card payments are not configured';
export const PAID_FROM_CREDIT_REASON = 'Paid from credit';
const CHARGE_PREFIX = 'Failed to charge invoice: ';

/** ACTIVE → RUNNING (runStartedAt now); 409 when it is already running or finished, 404 when unknown. */
export async function markRunning(prisma: PrismaClient, cycleId: number) {
  const { count } = await prisma.billingCycle.updateMany({
    where: { id: cycleId, status: 'ACTIVE' },
    data: { status: 'RUNNING', runStartedAt: new Date() },
  });
  if (count) return;
  const row = await prisma.billingCycle.findUnique({ where: { id: cycleId } });
  if (!row) throw notFound('Billing cycle', cycleId);
  if (row.status === 'RUNNING') throw new AppError('conflict', 'This billing cycle is already running');
  throw new AppError(
    'conflict',
    t('This billing cycle is {status}: it cannot run', { status: t(cycleStatusWord(row.status)) }),
  );
}

/**
 * Bills a RUNNING cycle (an ACTIVE one is marked RUNNING first). Safe to call again at any point.
 * Returns without doing anything when the cycle is neither ACTIVE nor RUNNING.
 */
export async function runCycle(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  cycleId: number,
  { batchSize = CYCLE_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<void> {
  await prisma.billingCycle.updateMany({
    where: { id: cycleId, status: 'ACTIVE' },
    data: { status: 'RUNNING', runStartedAt: new Date() },
  });
  const cycle = await prisma.billingCycle.findUnique({ where: { id: cycleId } });
  if (cycle?.status !== 'RUNNING') return;
  // Show that the run is alive (the tick resumes a RUNNING cycle whose runStartedAt is old).
  await prisma.billingCycle.update({ where: { id: cycleId }, data: { runStartedAt: new Date() } });
  const periodStart = isoDate(cycle.startDate) as string;
  const periodEnd = isoDate(cycle.endDate) as string;
  const invoiceDate = todayUtc();

  // 1. Invoices, batch by batch (each batch's outcomes committed with a keep-alive).
  for (;;) {
    const batch = await prisma.billingCycleCentre.findMany({
      where: { cycleId, outcome: 'PENDING' },
      select: { organisationId: true },
      orderBy: { organisationId: 'asc' },
      take: batchSize,
    });
    if (batch.length === 0) break;
    const outcomes = await createCycleInvoices(prisma, {
      cycleId,
      periodStart,
      periodEnd,
      invoiceDate,
      createdById: cycle.startedById,
      organisationIds: batch.map((b) => b.organisationId),
    });
    const created = outcomes.filter((o) => o.outcome === 'CREATED');
    const skipped = outcomes.filter((o) => o.outcome === 'SKIPPED');
    await prisma.$transaction(async (tx) => {
      // Set-based: one statement for the created centres, one per skip reason.
      if (created.length)
        await tx.$executeRaw`
          UPDATE "BillingCycleCentre" c SET outcome = 'CREATED', "invoiceId" = v.invoice, reason = NULL,
                 "updatedAt" = now()
            FROM unnest(${created.map((o) => o.organisationId)}::int[], ${created.map((o) => o.invoiceId as number)}::int[])
                 AS v(org, invoice)
           WHERE c."cycleId" = ${cycleId} AND c."organisationId" = v.org AND c.outcome = 'PENDING'`;
      const reasons = new Map<string, number[]>();
      for (const s of skipped) {
        const key = s.reason ?? '';
        reasons.set(key, [...(reasons.get(key) ?? []), s.organisationId]);
      }
      for (const [reason, ids] of reasons)
        await tx.billingCycleCentre.updateMany({
          where: { cycleId, organisationId: { in: ids }, outcome: 'PENDING' },
          data: { outcome: 'SKIPPED', reason: reason || null },
        });
      await tx.billingCycle.update({ where: { id: cycleId }, data: { runStartedAt: new Date() } });
    });
  }

  // 2. Charges: the created centres whose invoice is not settled yet in this cycle's progress.
  if (!billing) {
    // Nothing can be charged: set-based, credit-covered invoices first.
    await prisma.billingCycleCentre.updateMany({
      where: { cycleId, outcome: 'CREATED', reason: null, invoice: { status: 'PAID', total: 0 } },
      data: { reason: PAID_FROM_CREDIT_REASON },
    });
    await prisma.billingCycleCentre.updateMany({
      where: { cycleId, outcome: 'CREATED', reason: null, invoice: { status: 'UNPAID' } },
      data: { reason: NOT_CONFIGURED_REASON },
    });
  }
  const toCharge = await prisma.billingCycleCentre.findMany({
    where: { cycleId, outcome: 'CREATED', reason: null },
    select: {
      organisationId: true,
      invoiceId: true,
      invoice: { select: { status: true, total: true } },
      organisation: { select: { billingAccount: { select: { paymentMethodId: true } } } },
    },
    orderBy: { organisationId: 'asc' },
  });
  for (const centre of toCharge) {
    const where = { cycleId_organisationId: { cycleId, organisationId: centre.organisationId } };
    const invoice = centre.invoice;
    if (!invoice || centre.invoiceId === null) continue;
    if (invoice.status === 'PAID' && invoice.total.isZero()) {
      await prisma.billingCycleCentre.update({ where, data: { reason: PAID_FROM_CREDIT_REASON } });
      continue;
    }
    if (invoice.status !== 'UNPAID') {
      // Paid or void meanwhile (by hand, or a charge of a run that died): nothing to charge.
      await prisma.billingCycleCentre.update({
        where,
        data: invoice.status === 'PAID' ? { outcome: 'CHARGED' } : { reason: VOIDED_REASON },
      });
      continue;
    }
    if (!billing) {
      await prisma.billingCycleCentre.update({ where, data: { reason: NOT_CONFIGURED_REASON } });
      continue;
    }
    if (!centre.organisation.billingAccount?.paymentMethodId) {
      await prisma.billingCycleCentre.update({ where, data: { reason: NO_CARD_REASON } });
      continue;
    }
    try {
      const charged = await chargeInvoice(prisma, billing, centre.invoiceId);
      await prisma.billingCycleCentre.update({
        where,
        data: charged.status === 'PAID' ? { outcome: 'CHARGED', reason: null } : { reason: CHARGE_PENDING_REASON },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof AppError && error.code === 'payment_failed') {
        const reason = message.startsWith(CHARGE_PREFIX) ? message.slice(CHARGE_PREFIX.length) : message;
        await prisma.billingCycleCentre.update({ where, data: { outcome: 'FAILED', reason: reason.slice(0, 500) } });
      } else if (error instanceof AppError && error.code === 'conflict') {
        await prisma.billingCycleCentre.update({ where, data: { reason: message.slice(0, 500) } });
      } else {
        // Stripe unreachable or the like: the reconcile step settles a pending charge; the centre stays
        // CREATED with the reason, and the invoice waits (it can be charged by hand).
        log('error', 'billing cycle charge failed', { cycleId, invoiceId: centre.invoiceId, error: message });
        await prisma.billingCycleCentre.update({ where, data: { reason: message.slice(0, 500) } });
      }
    }
    await prisma.billingCycle.update({ where: { id: cycleId }, data: { runStartedAt: new Date() } });
  }

  // 3. Done; the next cycle starts when this one repeats.
  await completeCycle(prisma, cycleId);
}

/** Runs the cycle in this process without waiting (no queue: API tests, a server without a worker). */
export function runCycleInBackground(prisma: PrismaClient, billing: BillingStripe | undefined, cycleId: number) {
  void runCycle(prisma, billing, cycleId).catch((error: unknown) =>
    log('error', 'billing cycle run failed', {
      cycleId,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

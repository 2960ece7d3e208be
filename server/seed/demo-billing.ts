// The demo centre's platform billing (issue 10): a small credit history (a welcome credit from the
// platform, then the credit an invoice applied) and two past invoices: one paid by hand (no card),
// one unpaid and not yet due, each made by a COMPLETED billing cycle of its month (the cycles page lists them). Never overdue: the alert would greet every demo sign-in.
import { appendCreditEntry } from '../features/billing/credit-ledger';
import { invoiceAmountsData, priceInvoice } from '../features/billing/invoice-math';
import { addDays, platformPricing } from '../features/billing/pricing-inputs';
import { NOT_CONFIGURED_REASON } from '../features/billing/run-cycle';
import { studentsServed } from '../features/billing/students-served';
import { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const day = (s: string) => new Date(`${s}T00:00:00Z`);

/** First and last day of the month `back` months before today's (UTC). */
function month(back: number) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return { start: iso(first), end: iso(last) };
}

async function demoInvoice(
  tx: Tx,
  organisationId: number,
  systemUserId: number,
  period: { start: string; end: string },
  invoiceDate: string,
) {
  // The platform's billing cycle of the period, run on the invoice date (COMPLETED), as the cycle job leaves it.
  // Run early on the invoice date (or just now, when that is today).
  const ranAt = Math.min(Date.parse(`${invoiceDate}T06:00:00Z`), Date.now() - 120_000);
  const cycle = await tx.billingCycle.create({
    data: {
      startDate: day(period.start),
      endDate: day(period.end),
      status: 'COMPLETED',
      repeat: false,
      startedById: systemUserId,
      runStartedAt: new Date(ranAt),
      finishedAt: new Date(ranAt + 60_000),
      createdAt: new Date(`${period.start}T14:00:00Z`),
    },
  });
  const organisation = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId } });
  const pricing = await platformPricing(tx);
  const served = await studentsServed(tx, [organisationId], period.start, period.end);
  const amounts = priceInvoice({
    quantity: served.length,
    tiers: pricing.tiers,
    minimumCharge: pricing.minimumCharge,
    creditBalance: organisation.creditBalance,
    taxRate: organisation.taxRate,
  });
  const invoice = await tx.invoice.create({
    data: {
      organisationId,
      periodStart: day(period.start),
      periodEnd: day(period.end),
      invoiceDate: day(invoiceDate),
      dueDate: day(addDays(invoiceDate, pricing.dueDays)),
      currency: pricing.currency,
      quantity: amounts.quantity,
      ...invoiceAmountsData(amounts),
      createdById: systemUserId,
      cycleId: cycle.id,
    },
  });
  await tx.billingCycleCentre.create({
    // Created, not charged: the demo runs without card payments (the paid one was paid by hand later).
    data: {
      cycleId: cycle.id,
      organisationId,
      outcome: 'CREATED',
      invoiceId: invoice.id,
      reason: NOT_CONFIGURED_REASON,
    },
  });
  if (served.length)
    await tx.invoiceStudent.createMany({
      data: served.map((s) => ({ invoiceId: invoice.id, studentId: s.studentId, name: s.name })),
    });
  const credit = new Prisma.Decimal(amounts.creditApplied);
  if (credit.gt(0))
    await appendCreditEntry(tx, {
      organisationId,
      type: 'INVOICE_CHARGE',
      amount: credit.neg(),
      invoiceId: invoice.id,
      createdById: systemUserId,
    });
  return invoice;
}

export async function seedDemoBilling(
  tx: Tx,
  { organisationId, systemUserId }: { organisationId: number; systemUserId: number },
) {
  await tx.organisation.update({ where: { id: organisationId }, data: { taxRate: '0.13' } });
  await appendCreditEntry(tx, {
    organisationId,
    type: 'ADD',
    amount: new Prisma.Decimal('50.00'),
    comments: 'Welcome credit',
    createdById: systemUserId,
  });
  // Two months back: paid by bank transfer (the centre has no card), the welcome credit applied.
  const older = month(2);
  const paid = await demoInvoice(tx, organisationId, systemUserId, older, addDays(older.end, 1));
  await tx.invoice.update({
    where: { id: paid.id },
    data: {
      status: 'PAID',
      paidMethod: 'MANUAL',
      paidNote: 'Bank transfer',
      paidAt: new Date(`${addDays(older.end, 6)}T15:00:00Z`),
    },
  });
  // Last month: invoiced today, due in the platform's due days (not overdue).
  await demoInvoice(tx, organisationId, systemUserId, month(1), iso(new Date()));
}

// A billing cycle's invoices for a batch of centres (issue 10), set-based: one transaction per batch
// with the centres locked in id order, one query for the students served by the whole batch, pricing
// in JS (invoice-math), one createManyAndReturn for the invoices, one INSERT ... SELECT FROM unnest for
// their students, and ledger entries only for centres whose credit is applied. Idempotent per
// (cycleId, organisationId): a centre that already has this cycle's invoice is reported CREATED again
// with that invoice, and nothing new is written.
import { INVOICE_OVERLAP_MESSAGE } from '../../../src/contracts/billing';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { toDbDate } from '../../http/list';
import { appendCreditEntry } from './credit-ledger';
import { invoiceAmountsData, invoiceInputError, priceInvoice } from './invoice-math';
import { addDays, platformPricing } from './pricing-inputs';
import { studentsServed } from './students-served';

const { Decimal } = Prisma;

export const NO_STUDENTS_REASON = 'No students had classes in this period';

export interface CycleInvoicesInput {
  cycleId: number;
  periodStart: string;
  periodEnd: string;
  invoiceDate: string;
  createdById: number | null;
  organisationIds: readonly number[];
}

export interface CycleInvoiceOutcome {
  organisationId: number;
  outcome: 'CREATED' | 'SKIPPED';
  invoiceId?: number;
  /** The invoice's total, a 2-decimal string. */
  total?: string;
  reason?: string;
}

/**
 * Each InvoiceStudent row's foreign-key check looks its invoice up with a plan made from Invoice's
 * statistics. Statistics taken while the table was (nearly) empty, as on a new database's first
 * cycles, make that a sequential scan of every invoice per student row (4x slower at 1,000 centres,
 * growing with the table). When they count fewer invoices than ten batches, ANALYZE refreshes them in
 * this transaction (it sees the rows just made; a small table takes milliseconds), and the check's
 * plan is made again from them.
 */
async function refreshInvoiceStatistics(tx: Prisma.TransactionClient, justCreated: number) {
  const [stats] = await tx.$queryRaw<{ reltuples: number }[]>`
    SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = '"Invoice"'::regclass`;
  if (stats && stats.reltuples < justCreated * 10) await tx.$executeRawUnsafe('ANALYZE "Invoice"');
}

export async function createCycleInvoices(
  prisma: PrismaClient,
  input: CycleInvoicesInput,
): Promise<CycleInvoiceOutcome[]> {
  const ids = [...new Set(input.organisationIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return prisma.$transaction(
    async (tx) => {
      const centres = await tx.$queryRaw<{ id: number; creditBalance: Prisma.Decimal; taxRate: Prisma.Decimal }[]>`
        SELECT id, "creditBalance", "taxRate" FROM "Organisation"
         WHERE id = ANY(${ids}::int[]) ORDER BY id FOR NO KEY UPDATE`;
      const outcomes = new Map<number, CycleInvoiceOutcome>();
      // Already billed in this cycle (a batch run twice): report that invoice, write nothing.
      const existing = await tx.invoice.findMany({
        where: { cycleId: input.cycleId, organisationId: { in: ids } },
        select: { id: true, organisationId: true, total: true },
      });
      for (const e of existing)
        outcomes.set(e.organisationId, {
          organisationId: e.organisationId,
          outcome: 'CREATED',
          invoiceId: e.id,
          total: e.total.toFixed(2),
        });
      const overlapping = await tx.invoice.findMany({
        where: {
          organisationId: { in: ids },
          status: { not: 'VOID' },
          periodStart: { lte: toDbDate(input.periodEnd) as Date },
          periodEnd: { gte: toDbDate(input.periodStart) as Date },
        },
        select: { organisationId: true },
      });
      for (const o of overlapping)
        if (!outcomes.has(o.organisationId))
          outcomes.set(o.organisationId, {
            organisationId: o.organisationId,
            outcome: 'SKIPPED',
            reason: INVOICE_OVERLAP_MESSAGE,
          });
      const toBill = centres.filter((c) => !outcomes.has(c.id));
      const served = await studentsServed(
        tx,
        toBill.map((c) => c.id),
        input.periodStart,
        input.periodEnd,
      );
      const byCentre = new Map<number, typeof served>();
      for (const s of served) {
        const list = byCentre.get(s.organisationId);
        if (list) list.push(s);
        else byCentre.set(s.organisationId, [s]);
      }
      const pricing = await platformPricing(tx);
      const dueDate = addDays(input.invoiceDate, pricing.dueDays);
      const rows: Prisma.InvoiceCreateManyInput[] = [];
      for (const centre of toBill) {
        const quantity = byCentre.get(centre.id)?.length ?? 0;
        if (quantity === 0) {
          outcomes.set(centre.id, { organisationId: centre.id, outcome: 'SKIPPED', reason: NO_STUDENTS_REASON });
          continue;
        }
        const priceInput = {
          quantity,
          tiers: pricing.tiers,
          minimumCharge: pricing.minimumCharge,
          creditBalance: new Decimal(centre.creditBalance),
          taxRate: new Decimal(centre.taxRate),
        };
        const error = invoiceInputError(priceInput);
        if (error) throw new Error(`centre ${centre.id}: ${error.field}: ${error.message}`);
        const amounts = priceInvoice(priceInput);
        const paid = new Decimal(amounts.total).isZero();
        rows.push({
          organisationId: centre.id,
          cycleId: input.cycleId,
          periodStart: toDbDate(input.periodStart) as Date,
          periodEnd: toDbDate(input.periodEnd) as Date,
          invoiceDate: toDbDate(input.invoiceDate) as Date,
          dueDate: toDbDate(dueDate) as Date,
          currency: pricing.currency,
          quantity,
          ...invoiceAmountsData(amounts),
          ...(paid ? { status: 'PAID' as const, paidAt: new Date(), paidMethod: 'NONE' as const } : {}),
          createdById: input.createdById,
        });
      }
      if (rows.length) {
        const created = await tx.invoice.createManyAndReturn({
          data: rows,
          select: { id: true, organisationId: true, total: true, creditApplied: true },
        });
        const invoiceOf = new Map(created.map((c) => [c.organisationId, c.id]));
        const studentRows = served.filter((s) => invoiceOf.has(s.organisationId));
        await refreshInvoiceStatistics(tx, created.length);
        await tx.$executeRaw`
          INSERT INTO "InvoiceStudent" ("invoiceId", "studentId", name)
          SELECT * FROM unnest(
            ${studentRows.map((s) => invoiceOf.get(s.organisationId) as number)}::int[],
            ${studentRows.map((s) => s.studentId)}::int[],
            ${studentRows.map((s) => s.name)}::text[])`;
        for (const c of created) {
          if (c.creditApplied.gt(0))
            await appendCreditEntry(tx, {
              organisationId: c.organisationId,
              type: 'INVOICE_CHARGE',
              amount: c.creditApplied.neg(),
              invoiceId: c.id,
              createdById: input.createdById,
            });
          outcomes.set(c.organisationId, {
            organisationId: c.organisationId,
            outcome: 'CREATED',
            invoiceId: c.id,
            total: c.total.toFixed(2),
          });
        }
      }
      return centres.map((c) => outcomes.get(c.id) as CycleInvoiceOutcome);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

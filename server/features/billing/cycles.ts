// Billing cycles (issue 10): start (one ACTIVE/RUNNING at a time, a partial unique index), cancel, the
// views with their per-centre counts, and the next cycle of a repeating one.
import { DateTime } from 'luxon';
import {
  CYCLE_ALREADY_ACTIVE_MESSAGE,
  CYCLE_START_FAILED_MESSAGE,
  CYCLE_TOO_EARLY_MESSAGE,
  type TBillingCycle,
  type TCycleCentre,
  type ZCycleCentreQuery,
} from '../../../src/contracts/billing';
import type { ZListQuery } from '../../../src/contracts/list';
import type { z } from '../../../src/contracts/z';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { isConcurrencyFailure, isOverload } from '../../http/error-handler';
import { AppError, fieldError } from '../../http/errors';
import { isoDate, money, pageArgs, toDbDate } from '../../http/list';
import { notFound } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { cycleStatusWord } from './billing-errors';
import { todayUtc } from './invoice-view';

type Db = PrismaClient | Prisma.TransactionClient;

const withStartedBy = { startedBy: { select: { firstName: true, lastName: true, login: true } } } as const;
type CycleRow = Prisma.BillingCycleGetPayload<{ include: typeof withStartedBy }>;

const emptyCounts = () => ({ total: 0, PENDING: 0, CREATED: 0, CHARGED: 0, FAILED: 0, SKIPPED: 0 });

async function countsOf(db: Db, cycleIds: number[]) {
  const result = new Map<number, TBillingCycle['counts']>();
  for (const id of cycleIds) result.set(id, emptyCounts());
  if (cycleIds.length === 0) return result;
  const groups = await db.billingCycleCentre.groupBy({
    by: ['cycleId', 'outcome'],
    where: { cycleId: { in: cycleIds } },
    _count: { _all: true },
  });
  for (const g of groups) {
    const counts = result.get(g.cycleId) as TBillingCycle['counts'];
    counts[g.outcome] = g._count._all;
    counts.total += g._count._all;
  }
  return result;
}

function toCycle(row: CycleRow, counts: TBillingCycle['counts']): TBillingCycle {
  const name = [row.startedBy.firstName, row.startedBy.lastName].filter(Boolean).join(' ') || row.startedBy.login;
  return {
    id: row.id,
    startDate: isoDate(row.startDate) as string,
    endDate: isoDate(row.endDate) as string,
    status: row.status,
    repeat: row.repeat,
    startedByName: name,
    runStartedAt: row.runStartedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    counts,
  };
}

export async function cycleView(db: Db, id: number): Promise<TBillingCycle> {
  const row = await db.billingCycle.findUnique({ where: { id }, include: withStartedBy });
  if (!row) throw notFound('Billing cycle', id);
  return toCycle(row, (await countsOf(db, [id])).get(id) as TBillingCycle['counts']);
}

export async function listCycles(prisma: PrismaClient, query: z.output<typeof ZListQuery> & { sortField?: string }) {
  const direction = query.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const);
  const field = query.sortField === 'startDate' ? 'startDate' : 'createdAt';
  const [rows, total] = await Promise.all([
    prisma.billingCycle.findMany({
      include: withStartedBy,
      orderBy: [{ [field]: direction }, { id: direction }],
      ...pageArgs(query),
    }),
    prisma.billingCycle.count(),
  ]);
  const counts = await countsOf(
    prisma,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toCycle(r, counts.get(r.id) as TBillingCycle['counts'])),
    total,
    success: true as const,
  };
}

export async function activeCycle(prisma: PrismaClient): Promise<{ cycle: TBillingCycle | null }> {
  const row = await prisma.billingCycle.findFirst({
    where: { status: { in: ['ACTIVE', 'RUNNING'] } },
    orderBy: { id: 'desc' },
  });
  return { cycle: row ? await cycleView(prisma, row.id) : null };
}

/** The earliest start allowed: today (UTC) minus one calendar month. */
export function earliestStart(now = new Date()): string {
  return DateTime.fromISO(todayUtc(now), { zone: 'utc' }).minus({ months: 1 }).toISODate() as string;
}

const isUniqueViolation = (error: unknown) =>
  (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') ||
  (error instanceof Error && /unique|23505/i.test(error.message));

/** Inserts the cycle and a PENDING row for every centre, in one transaction. */
async function insertCycle(db: Prisma.TransactionClient, data: Prisma.BillingCycleUncheckedCreateInput) {
  const cycle = await db.billingCycle.create({ data });
  await db.$executeRaw`
    INSERT INTO "BillingCycleCentre" ("cycleId", "organisationId", outcome, "updatedAt")
    SELECT ${cycle.id}, id, 'PENDING', now() FROM "Organisation"`;
  return cycle;
}

export async function startCycle(
  prisma: PrismaClient,
  body: { startDate: string; endDate: string; repeat: boolean },
  userId: number,
): Promise<TBillingCycle> {
  if (body.startDate < earliestStart()) throw fieldError('startDate', CYCLE_TOO_EARLY_MESSAGE);
  if (body.endDate < body.startDate) throw fieldError('endDate', 'The end date must be on or after the start date');
  try {
    const cycle = await prisma.$transaction(async (tx) => {
      const open = await tx.billingCycle.findFirst({ where: { status: { in: ['ACTIVE', 'RUNNING'] } } });
      if (open) throw new AppError('conflict', CYCLE_ALREADY_ACTIVE_MESSAGE);
      return insertCycle(tx, {
        startDate: toDbDate(body.startDate) as Date,
        endDate: toDbDate(body.endDate) as Date,
        repeat: body.repeat,
        startedById: userId,
      });
    });
    return cycleView(prisma, cycle.id);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw new AppError('conflict', CYCLE_ALREADY_ACTIVE_MESSAGE);
    // A clash with another transaction (409) or an overloaded database (503) is the error handler's to say.
    if (isConcurrencyFailure(error) || isOverload(error)) throw error;
    throw new AppError('internal', CYCLE_START_FAILED_MESSAGE, { cause: error });
  }
}

/** The next cycle's dates: the same calendar-month length for a whole month, else the same days. */
export function nextPeriod(startDate: string, endDate: string): { startDate: string; endDate: string } {
  const start = DateTime.fromISO(startDate, { zone: 'utc' });
  const end = DateTime.fromISO(endDate, { zone: 'utc' });
  const nextStart = end.plus({ days: 1 });
  const day = (d: DateTime) => d.toISODate() as string;
  if (start.day === 1 && nextStart.day === 1) {
    const months = Math.round(nextStart.diff(start, 'months').months);
    return { startDate: day(nextStart), endDate: day(nextStart.plus({ months }).minus({ days: 1 })) };
  }
  const days = Math.round(end.diff(start, 'days').days);
  return { startDate: day(nextStart), endDate: day(nextStart.plus({ days })) };
}

/** Completes a RUNNING cycle and, when it repeats, starts the next one (in the same transaction). */
export async function completeCycle(prisma: PrismaClient, cycleId: number) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.billingCycle.updateMany({
      where: { id: cycleId, status: 'RUNNING' },
      data: { status: 'COMPLETED', finishedAt: new Date() },
    });
    if (!count) return;
    const cycle = await tx.billingCycle.findUniqueOrThrow({ where: { id: cycleId } });
    if (!cycle.repeat) return;
    const next = nextPeriod(isoDate(cycle.startDate) as string, isoDate(cycle.endDate) as string);
    await insertCycle(tx, {
      startDate: toDbDate(next.startDate) as Date,
      endDate: toDbDate(next.endDate) as Date,
      repeat: true,
      startedById: cycle.startedById,
    });
  });
}

export async function cancelCycle(prisma: PrismaClient, id: number): Promise<TBillingCycle> {
  const { count } = await prisma.billingCycle.updateMany({
    where: { id, status: 'ACTIVE' },
    data: { status: 'CANCELLED', finishedAt: new Date() },
  });
  if (!count) {
    const row = await prisma.billingCycle.findUnique({ where: { id } });
    if (!row) throw notFound('Billing cycle', id);
    throw new AppError(
      'conflict',
      t('This billing cycle is {status}: only an active cycle can be cancelled', {
        status: t(cycleStatusWord(row.status)),
      }),
    );
  }
  return cycleView(prisma, id);
}

export async function cycleCentres(
  prisma: PrismaClient,
  id: number,
  query: z.output<typeof ZCycleCentreQuery>,
): Promise<{ data: TCycleCentre[]; total: number; success: true }> {
  if (!(await prisma.billingCycle.findUnique({ where: { id }, select: { id: true } })))
    throw notFound('Billing cycle', id);
  const where: Prisma.BillingCycleCentreWhereInput = {
    cycleId: id,
    ...(query.outcome ? { outcome: query.outcome } : {}),
  };
  const direction = query.sortOrder === 'descend' ? ('desc' as const) : ('asc' as const);
  const orderBy: Prisma.BillingCycleCentreOrderByWithRelationInput[] =
    query.sortField === 'updatedAt'
      ? [{ updatedAt: direction }, { organisationId: 'asc' }]
      : query.sortField === 'outcome'
        ? [{ outcome: direction }, { organisationId: 'asc' }]
        : [{ organisation: { name: 'asc' } }, { organisationId: 'asc' }];
  const [rows, total] = await Promise.all([
    prisma.billingCycleCentre.findMany({
      where,
      include: {
        organisation: { select: { name: true } },
        invoice: { select: { number: true, total: true } },
      },
      orderBy,
      ...pageArgs(query),
    }),
    prisma.billingCycleCentre.count({ where }),
  ]);
  return {
    data: rows.map((r) => ({
      organisationId: r.organisationId,
      organisationName: r.organisation.name,
      outcome: r.outcome,
      reason: r.reason,
      invoiceId: r.invoiceId,
      invoiceNumber: r.invoice?.number ?? null,
      total: money(r.invoice?.total),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total,
    success: true as const,
  };
}

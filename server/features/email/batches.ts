// Bulk emails sent (History tab) and their progress: counts per status, the per-recipient messages,
// and resending the failed ones.
import type { z } from 'zod';
import type {
  TBatchMessagesQuery,
  TEmailBatch,
  TStatusCounts,
  ZEmailBatchListQuery,
} from '../../../src/contracts/email';
import { messageStatuses } from '../../../src/contracts/message-history';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { containsLiteral } from '../../http/search';
import { notFound, organisationOf } from '../../http/tenancy';
import { requireQueue, sendJobs } from '../../messaging/enqueue';
import { listMessages } from '../../messaging/history';
import type { MessageQueue } from '../../messaging/queue';
import { personName } from './templates';

const batchSelect = {
  id: true,
  subject: true,
  body: true,
  audience: true,
  recipientCount: true,
  createdAt: true,
  finishedAt: true,
  createdBy: { select: { id: true, firstName: true, lastName: true, login: true } },
} as const satisfies Prisma.EmailBatchSelect;
type BatchRow = Prisma.EmailBatchGetPayload<{ select: typeof batchSelect }>;

const zeroCounts = (): TStatusCounts => Object.fromEntries(messageStatuses.map((s) => [s, 0])) as TStatusCounts;

/** Messages per status of each batch, in one grouped query (index batchId, status). */
async function countsOf(prisma: PrismaClient, ids: number[]): Promise<Map<number, TStatusCounts>> {
  const counts = new Map(ids.map((id) => [id, zeroCounts()]));
  if (ids.length === 0) return counts;
  const groups = await prisma.message.groupBy({
    by: ['batchId', 'status'],
    where: { batchId: { in: ids } },
    _count: { _all: true },
  });
  for (const g of groups) {
    const c = g.batchId === null ? undefined : counts.get(g.batchId);
    if (c) c[g.status] = g._count._all;
  }
  return counts;
}

const toBatch = ({ createdBy, createdAt, finishedAt, ...row }: BatchRow, counts: TStatusCounts): TEmailBatch => ({
  ...row,
  createdBy: createdBy ? personName(createdBy) : null,
  createdAt: createdAt.toISOString(),
  finishedAt: finishedAt ? finishedAt.toISOString() : null,
  counts,
});

export async function listBatches(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZEmailBatchListQuery>,
) {
  const where: Prisma.EmailBatchWhereInput = {
    organisationId: organisationOf(auth),
    subject: containsLiteral(query.q),
  };
  const orderBy = sortArgs(query.sortField ?? 'createdAt', query.sortField ? query.sortOrder : 'descend', 'createdAt');
  const [rows, total] = await prisma.$transaction([
    prisma.emailBatch.findMany({ where, orderBy, ...pageArgs(query), select: batchSelect }),
    prisma.emailBatch.count({ where }),
  ]);
  const counts = await countsOf(
    prisma,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toBatch(r, counts.get(r.id) ?? zeroCounts())), total, success: true as const };
}

export async function getBatch(prisma: PrismaClient, auth: AuthContext, id: number): Promise<TEmailBatch> {
  const row = await prisma.emailBatch.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: batchSelect,
  });
  if (!row) throw notFound('Email batch', id);
  const counts = await countsOf(prisma, [id]);
  return toBatch(row, counts.get(id) ?? zeroCounts());
}

async function assertBatch(prisma: Prisma.TransactionClient, auth: AuthContext, id: number) {
  const found = await prisma.emailBatch.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: { id: true },
  });
  if (!found) throw notFound('Email batch', id);
}

export async function batchMessages(prisma: PrismaClient, auth: AuthContext, id: number, query: TBatchMessagesQuery) {
  await assertBatch(prisma, auth, id);
  return listMessages(prisma, auth, query, { batchId: id, q: query.q });
}

/**
 * Queues every FAILED message of the batch again (same idempotency keys, so each is still sent at
 * most once), and opens the batch again until they settle.
 */
export async function resendFailed(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  id: number,
) {
  const running = requireQueue(queue);
  return prisma.$transaction(
    async (tx) => {
      await assertBatch(tx, auth, id);
      const failed = await tx.message.findMany({ where: { batchId: id, status: 'FAILED' }, select: { id: true } });
      if (failed.length === 0) return { resent: 0 };
      const ids = failed.map((m) => m.id);
      await tx.message.updateMany({
        where: { id: { in: ids }, status: 'FAILED' },
        data: { status: 'QUEUED', failedAt: null },
      });
      await tx.emailBatch.update({ where: { id }, data: { finishedAt: null } });
      await sendJobs(tx, running, ids);
      return { resent: ids.length };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

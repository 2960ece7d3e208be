// GET /api/messages and POST /api/messages/:id/resend.
import type { TMessage, TMessageListQuery } from '../../src/contracts/message-history';
import { ONLY_FAILED_RESEND_MESSAGE } from '../../src/contracts/message-history';
import { endOfDayIn, startOfDayIn } from '../features/courses/zoned-dates';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { AuthContext } from '../http/context';
import { AppError } from '../http/errors';
import { pageArgs, sortArgs } from '../http/list';
import { containsLiteral } from '../http/search';
import { notFound, organisationOf } from '../http/tenancy';
import { t } from '../i18n/text';
import { requireQueue, sendJob } from './enqueue';
import type { MessageQueue } from './queue';

const messageSelect = {
  id: true,
  channel: true,
  recipient: true,
  recipientName: true,
  template: true,
  subject: true,
  status: true,
  attempts: true,
  error: true,
  note: true,
  providerMessageId: true,
  entityType: true,
  entityId: true,
  queuedAt: true,
  lastAttemptAt: true,
  sentAt: true,
  failedAt: true,
  queuedBy: { select: { id: true, firstName: true, lastName: true, login: true } },
} as const satisfies Prisma.MessageSelect;
type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toMessage({ queuedBy, ...row }: MessageRow): TMessage {
  return {
    ...row,
    queuedBy: queuedBy
      ? { id: queuedBy.id, name: [queuedBy.firstName, queuedBy.lastName].filter(Boolean).join(' ') || queuedBy.login }
      : null,
    queuedAt: row.queuedAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    sentAt: iso(row.sentAt),
    failedAt: iso(row.failedAt),
  };
}

/** `scope`: the messages of one bulk email (/email), searched by address or name with `q`. */
export async function listMessages(
  prisma: PrismaClient,
  auth: AuthContext,
  query: TMessageListQuery,
  scope: { batchId?: number; q?: string } = {},
) {
  const organisationId = organisationOf(auth);
  let queuedAt: Prisma.DateTimeFilter | undefined;
  if (query.from || query.to) {
    const { timeZone } = await prisma.organisation.findUniqueOrThrow({
      where: { id: organisationId },
      select: { timeZone: true },
    });
    queuedAt = {
      ...(query.from ? { gte: startOfDayIn(query.from, timeZone) } : {}),
      ...(query.to ? { lt: endOfDayIn(query.to, timeZone) } : {}),
    };
  }
  const where: Prisma.MessageWhereInput = {
    organisationId,
    status: query.status,
    channel: query.channel,
    template: query.template,
    entityType: query.entityType,
    entityId: query.entityId,
    recipient: containsLiteral(query.recipient),
    queuedAt,
    batchId: scope.batchId,
    ...(scope.q ? { OR: [{ recipient: containsLiteral(scope.q) }, { recipientName: containsLiteral(scope.q) }] } : {}),
  };
  const orderBy = sortArgs(query.sortField ?? 'queuedAt', query.sortField ? query.sortOrder : 'descend', 'queuedAt');
  const [rows, total] = await prisma.$transaction([
    prisma.message.findMany({ where, orderBy, ...pageArgs(query), select: messageSelect }),
    prisma.message.count({ where }),
  ]);
  return { data: rows.map(toMessage), total, success: true as const };
}

/**
 * Queues a FAILED message again, in one transaction with its new job. It keeps its idempotency key
 * and Message-ID, and counts its attempts on from where they were.
 */
export async function resendMessage(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  organisationId: number,
  id: number,
): Promise<TMessage> {
  const running = requireQueue(queue);
  return prisma.$transaction(async (tx) => {
    const updated = await tx.message.updateMany({
      where: { id, organisationId, status: 'FAILED' },
      data: { status: 'QUEUED', failedAt: null },
    });
    if (updated.count === 0) {
      const row = await tx.message.findFirst({ where: { id, organisationId }, select: { status: true } });
      if (!row) throw notFound('Message', id);
      throw new AppError(
        'conflict',
        t('{reason} (this one is {status})', { reason: t(ONLY_FAILED_RESEND_MESSAGE), status: row.status }),
      );
    }
    await sendJob(tx, running, id);
    return toMessage(await tx.message.findUniqueOrThrow({ where: { id }, select: messageSelect }));
  });
}

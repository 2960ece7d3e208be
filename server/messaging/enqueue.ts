// Queueing a message: the Message row and its pg-boss job are written in the caller's transaction
// (pg-boss's fromPrisma adapter runs its insert through the same Prisma transaction), so a rolled
// back request queues nothing and a committed one always has its job. Nothing is sent from a request.
import { randomUUID } from 'node:crypto';
import { fromPrisma } from 'pg-boss';
import type { Message, MessageChannel, Prisma } from '../generated/prisma/client';
import { AppError } from '../http/errors';
import { MESSAGE_QUEUE, type MessageQueue } from './queue';
import { quietHoursEnd, waitsForDaytime } from './quiet-hours';

export interface MessageInput {
  /** The centre it is sent for; null only for the install's own email to an address of no centre yet. */
  organisationId: number | null;
  channel: MessageChannel;
  /** An email address or a phone number. */
  recipient: string;
  recipientName?: string | null;
  /** A code naming the kind of message ("feedback", "bulk", "login-code", ...). */
  template: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  /** Email only: one file sent with it (a voucher receipt's PDF). */
  attachedFile?: { name: string; content: Uint8Array } | null;
  /** The record it is about. */
  entityType?: string | null;
  entityId?: number | null;
  queuedById?: number | null;
  /** The bulk email (EmailBatch) it belongs to. */
  batchId?: number | null;
  /** Unique per message; a repeated key is refused by the database. A uuid when omitted. */
  idempotencyKey?: string;
}

export function requireQueue(queue: MessageQueue | undefined): MessageQueue {
  if (!queue) throw new AppError('internal', 'The message queue is not running in this process');
  return queue;
}

/**
 * Adds the job of an existing message (new, or one being resent) inside transaction `tx`; `startAfter`:
 * not before then (an SMS queued in quiet hours waits for 08:00 in the centre's zone).
 */
export async function sendJob(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  messageId: number,
  startAfter?: Date | null,
): Promise<void> {
  await queue.boss.send(
    MESSAGE_QUEUE,
    { messageId },
    { ...queue.jobOptions, ...(startAfter ? { startAfter } : {}), db: fromPrisma(tx) },
  );
}

/**
 * When the SMS of these inputs may go out (for whoever queues jobs itself): for each input, the end of quiet hours in its centre's zone
 * when it is queued in them (undefined: now). Email, sign-in codes and staff notices are never held.
 */
export async function smsStartTimes(
  tx: Prisma.TransactionClient,
  inputs: readonly Pick<MessageInput, 'organisationId' | 'channel' | 'template'>[],
  now = new Date(),
): Promise<(Date | undefined)[]> {
  const timed = inputs.map((input) => waitsForDaytime(input.channel, input.template));
  if (!timed.some(Boolean)) return inputs.map(() => undefined);
  const ids = [...new Set(inputs.filter((_, i) => timed[i]).flatMap((input) => input.organisationId ?? []))];
  const centres = await tx.organisation.findMany({ where: { id: { in: ids } }, select: { id: true, timeZone: true } });
  const zoneOf = new Map(centres.map((c) => [c.id, c.timeZone]));
  return inputs.map((input, i) =>
    timed[i] ? (quietHoursEnd(now, zoneOf.get(input.organisationId ?? 0) ?? 'UTC') ?? undefined) : undefined,
  );
}

function messageRow(input: MessageInput): Prisma.MessageCreateManyInput {
  if (input.channel === 'EMAIL' && !input.subject) throw new Error('An email needs a subject');
  return {
    organisationId: input.organisationId,
    channel: input.channel,
    recipient: input.recipient,
    recipientName: input.recipientName ?? null,
    template: input.template,
    subject: input.channel === 'EMAIL' ? input.subject : null,
    bodyText: input.bodyText,
    bodyHtml: input.channel === 'EMAIL' ? (input.bodyHtml ?? null) : null,
    attachmentName: input.channel === 'EMAIL' ? (input.attachedFile?.name ?? null) : null,
    attachment: input.channel === 'EMAIL' && input.attachedFile ? new Uint8Array(input.attachedFile.content) : null,
    entityType: input.entityType ?? null,
    entityId: input.entityId ?? null,
    queuedById: input.queuedById ?? null,
    batchId: input.batchId ?? null,
    idempotencyKey: input.idempotencyKey ?? randomUUID(),
  };
}

/** The jobs of many existing messages in ONE pg-boss insert inside transaction `tx` (`startAfter` by index). */
export async function sendJobs(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  messageIds: readonly number[],
  startAfter: readonly (Date | undefined)[] = [],
) {
  if (messageIds.length === 0) return;
  const { retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds } = queue.jobOptions;
  await queue.boss.insert(
    MESSAGE_QUEUE,
    messageIds.map((messageId, i) => ({
      data: { messageId },
      retryLimit,
      retryDelay,
      retryBackoff,
      retryDelayMax,
      expireInSeconds,
      ...(startAfter[i] ? { startAfter: startAfter[i] } : {}),
    })),
    { db: fromPrisma(tx) },
  );
}

export async function enqueueMessage(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  input: MessageInput,
): Promise<Message> {
  const message = await tx.message.create({ data: messageRow(input) });
  const [startAfter] = await smsStartTimes(tx, [input]);
  await sendJob(tx, queue, message.id, startAfter);
  return message;
}

/**
 * Many messages at once (a bulk email): one INSERT … RETURNING for the rows and one pg-boss insert
 * for their jobs, both in transaction `tx`, so a batch of thousands costs two statements, not 2n.
 * Returns the ids in the order of `inputs`.
 */
export async function enqueueMessages(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  inputs: readonly MessageInput[],
): Promise<number[]> {
  if (inputs.length === 0) return [];
  const data = inputs.map(messageRow);
  const rows = await tx.message.createManyAndReturn({ data, select: { id: true, idempotencyKey: true } });
  // RETURNING's order is not promised: match the rows back by their unique key.
  const idByKey = new Map(rows.map((row) => [row.idempotencyKey, row.id]));
  const ids = data.map((row) => {
    const id = idByKey.get(row.idempotencyKey);
    if (id === undefined) throw new Error('A queued message was not returned by its insert');
    return id;
  });
  await sendJobs(tx, queue, ids, await smsStartTimes(tx, inputs));
  return ids;
}

/**
 * Like enqueueMessages, but a message whose idempotency key exists already is skipped by the database
 * (ON CONFLICT DO NOTHING on the unique key): two runs at once, or one run twice, queue each key once.
 * Returns how many were new (and got a job).
 */
export async function enqueueMessagesOnce(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  inputs: readonly (MessageInput & { idempotencyKey: string })[],
): Promise<number> {
  if (inputs.length === 0) return 0;
  const rows = await tx.message.createManyAndReturn({
    data: inputs.map(messageRow),
    select: { id: true, idempotencyKey: true },
    skipDuplicates: true,
  });
  // Only the new rows get a job, each held past quiet hours like any family SMS.
  const startOf = new Map((await smsStartTimes(tx, inputs)).map((at, i) => [inputs[i].idempotencyKey, at]));
  await sendJobs(
    tx,
    queue,
    rows.map((row) => row.id),
    rows.map((row) => startOf.get(row.idempotencyKey)),
  );
  return rows.length;
}

// Queueing a message: the Message row and its pg-boss job are written in the caller's transaction
// (pg-boss's fromPrisma adapter runs its insert through the same Prisma transaction), so a rolled
// back request queues nothing and a committed one always has its job. Nothing is sent from a request.
import { randomUUID } from 'node:crypto';
import { fromPrisma } from 'pg-boss';
import type { Message, MessageChannel, Prisma } from '../generated/prisma/client';
import { AppError } from '../http/errors';
import { MESSAGE_QUEUE, type MessageQueue } from './queue';

export interface MessageInput {
  organisationId: number;
  channel: MessageChannel;
  /** An email address or a phone number. */
  recipient: string;
  recipientName?: string | null;
  /** A code naming the kind of message ("feedback", "bulk", "login-code", ...). */
  template: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  /** The record it is about. */
  entityType?: string | null;
  entityId?: number | null;
  queuedById?: number | null;
  /** Unique per message; a repeated key is refused by the database. A uuid when omitted. */
  idempotencyKey?: string;
}

export function requireQueue(queue: MessageQueue | undefined): MessageQueue {
  if (!queue) throw new AppError('internal', 'The message queue is not running in this process');
  return queue;
}

/** Adds the job of an existing message (new, or one being resent) inside transaction `tx`. */
export async function sendJob(tx: Prisma.TransactionClient, queue: MessageQueue, messageId: number): Promise<void> {
  await queue.boss.send(MESSAGE_QUEUE, { messageId }, { ...queue.jobOptions, db: fromPrisma(tx) });
}

export async function enqueueMessage(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  input: MessageInput,
): Promise<Message> {
  if (input.channel === 'EMAIL' && !input.subject) throw new Error('An email needs a subject');
  const message = await tx.message.create({
    data: {
      organisationId: input.organisationId,
      channel: input.channel,
      recipient: input.recipient,
      recipientName: input.recipientName ?? null,
      template: input.template,
      subject: input.channel === 'EMAIL' ? input.subject : null,
      bodyText: input.bodyText,
      bodyHtml: input.channel === 'EMAIL' ? (input.bodyHtml ?? null) : null,
      entityType: input.entityType ?? null,
      entityId: input.entityId ?? null,
      queuedById: input.queuedById ?? null,
      idempotencyKey: input.idempotencyKey ?? randomUUID(),
    },
  });
  await sendJob(tx, queue, message.id);
  return message;
}

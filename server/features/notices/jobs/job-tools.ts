// What the notice jobs share: the centre's local clock, small batches that let the event loop (and, on
// PGlite, the HTTP server sharing the one connection) breathe, and queueing a message at most once.
import { DateTime } from 'luxon';
import type { Prisma } from '../../../generated/prisma/client';
import { enqueueMessage, type MessageInput } from '../../../messaging/enqueue';
import type { MessageQueue } from '../../../messaging/queue';

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `now` in the centre's zone. */
export function localNow(now: Date, timeZone: string): DateTime {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  return local.isValid ? local : DateTime.fromJSDate(now, { zone: 'America/Toronto' });
}

/** A class's local start as 'YYYY-MM-DD HH:mm' in the centre's zone. */
export function localClassTime(at: Date, timeZone: string): string {
  return localNow(at, timeZone).toFormat('yyyy-MM-dd HH:mm');
}

/**
 * Queues the message unless one with its idempotency key exists already (a job run twice, or run
 * by two workers: the caller holds a lock or a cursor row that orders them). Returns whether it queued.
 */
export async function enqueueOnce(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  input: MessageInput & { idempotencyKey: string },
): Promise<boolean> {
  const taken = await tx.message.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: { id: true } });
  if (taken) return false;
  await enqueueMessage(tx, queue, input);
  return true;
}

/** Splits `items` into slices of `size`. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

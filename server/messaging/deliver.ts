// The worker's side: one job = one Message row, sent at most once per idempotency key.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { PrismaClient } from '../generated/prisma/client';
import { log } from '../http/log';
import { MESSAGE_QUEUE, type MessageQueue } from './queue';
import { createTransports, type Transports } from './transports';

export interface MessageJob {
  messageId: number;
}

const ERROR_MAX = 2000;

/** The provider's own words: SMTP's reply line, Twilio's status and message, else the error's message. */
export function providerError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, ERROR_MAX);
  const e = error as Error & { response?: string; responseCode?: number; status?: number; code?: unknown };
  if (typeof e.response === 'string' && e.response) return e.response.slice(0, ERROR_MAX);
  if (typeof e.status === 'number')
    return `${e.status}${e.code ? ` (${e.code})` : ''}: ${e.message}`.slice(0, ERROR_MAX);
  return e.message.slice(0, ERROR_MAX);
}

/**
 * Sends message `messageId` unless it was sent already; 'failed' hands the job back to pg-boss, which
 * retries it with backoff. The row is claimed first (QUEUED, or SENDING left by a worker that died more
 * than `expireInSeconds` ago) so two deliveries of the same job never both send; a SENT row is never
 * sent again. `lastAttempt`: a failure now marks the message FAILED instead of waiting for a retry.
 */
export async function deliverMessage(
  prisma: PrismaClient,
  transports: Transports,
  messageId: number,
  options: { lastAttempt: boolean; expireInSeconds: number },
): Promise<'completed' | 'failed'> {
  const now = new Date();
  const staleBefore = new Date(now.getTime() - options.expireInSeconds * 1000);
  const claimed = await prisma.message.updateMany({
    where: {
      id: messageId,
      OR: [{ status: 'QUEUED' }, { status: 'SENDING', lastAttemptAt: { lt: staleBefore } }],
    },
    data: { status: 'SENDING', attempts: { increment: 1 }, lastAttemptAt: now },
  });
  if (claimed.count === 0) {
    const row = await prisma.message.findUnique({ where: { id: messageId }, select: { status: true } });
    // Sent already (a repeated delivery), failed for good, or gone: nothing to do.
    if (row?.status !== 'SENDING') return 'completed';
    return 'failed'; // another worker is sending it right now; look again after the retry delay
  }
  const message = await prisma.message.findUniqueOrThrow({ where: { id: messageId } });
  try {
    const result = message.channel === 'EMAIL' ? await transports.email(message) : await transports.sms(message);
    await prisma.message.update({
      where: { id: messageId },
      data: {
        status: 'SENT',
        sentAt: new Date(),
        providerMessageId: result.providerMessageId,
        note: result.note,
        error: null,
        failedAt: null,
      },
    });
    return 'completed';
  } catch (error) {
    const text = providerError(error);
    await prisma.message.update({
      where: { id: messageId },
      data: options.lastAttempt
        ? { status: 'FAILED', failedAt: new Date(), error: text }
        : { status: 'QUEUED', error: text },
    });
    log('warn', 'message not sent', { messageId, lastAttempt: options.lastAttempt, error: text });
    return 'failed';
  }
}

export interface MessageWorker {
  stop(): Promise<void>;
}

/**
 * Works the message queue in this process: small batches (config.batchSize), one message at a time,
 * yielding to the event loop after each so that the HTTP server sharing the process (and, on PGlite,
 * the one database connection) keeps answering while a batch drains.
 */
export async function startMessageWorker(
  queue: MessageQueue,
  prisma: PrismaClient,
  transports: Transports = createTransports(queue.config),
): Promise<MessageWorker> {
  const { config } = queue;
  const options = {
    batchSize: config.batchSize,
    pollingIntervalSeconds: config.pollingIntervalSeconds,
    burstWhenBatchFull: true,
    includeMetadata: true,
    perJobResults: true,
  } as const;
  const id = await queue.boss.work<MessageJob, JobResult[], typeof options>(
    MESSAGE_QUEUE,
    options,
    async (jobs: JobWithMetadata<MessageJob>[]) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        let status: 'completed' | 'failed';
        try {
          status = await deliverMessage(prisma, transports, job.data.messageId, {
            lastAttempt: job.retryCount >= job.retryLimit,
            expireInSeconds: job.expireInSeconds,
          });
        } catch (error) {
          // The database, not the provider: the message row could not be read or written.
          log('error', 'message job failed', { jobId: job.id, error: providerError(error) });
          status = 'failed';
        }
        results.push({ id: job.id, status });
        await yieldToEventLoop();
      }
      return results;
    },
  );
  return {
    async stop() {
      await queue.boss.offWork(MESSAGE_QUEUE, { id, wait: true });
      transports.close();
    },
  };
}

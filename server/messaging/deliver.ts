// The worker's side: one job = one Message row, sent at most once per idempotency key.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { MessageChannel, PrismaClient } from '../generated/prisma/client';
import { log } from '../http/log';
import { DEFAULT_CONCURRENCY } from './config';
import { sendJob } from './enqueue';
import { holdWorkerLease, reclaimFromStoppedWorkers } from './lease';
import { MESSAGE_QUEUE, type MessageQueue } from './queue';
import { heldForOptOut, quietHoursEnd, waitsForDaytime } from './quiet-hours';
import { type SettledMessage, settledHandlers } from './settled-handlers';
import { isOptedOut, OPTED_OUT_NOTE } from './sms-opt-out';
import { createTransports, type OutgoingMessage, type Transports } from './transports';

export interface MessageJob {
  messageId: number;
}

const ERROR_MAX = 2000;

type ClaimedMessage = OutgoingMessage & { channel: MessageChannel; template: string; timeZone: string };

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
 * sent again. A row another attempt holds SENDING gets a new job for the moment that attempt counts as
 * abandoned, and this job completes. `lastAttempt`: a failure now marks the message FAILED instead of
 * waiting for a retry.
 * An SMS (not a sign-in code) to a number that replied STOP is not sent (SENT with a "not sent" note,
 * like an SMS without Twilio); a family SMS whose attempt falls in the centre's quiet hours goes back to QUEUED
 * with a new job on `queue` at 08:00 local, this job done. `now`: the clock (tests).
 */
export async function deliverMessage(
  prisma: PrismaClient,
  transports: Transports,
  messageId: number,
  options: {
    lastAttempt: boolean;
    expireInSeconds: number;
    queue: MessageQueue;
    now?: Date;
    /** The worker's lease id (lease.ts), written on the row while it sends. */
    workerId?: string;
  },
): Promise<'completed' | 'failed'> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - options.expireInSeconds * 1000);
  // Claim and read in one statement (one round trip less per message: on PGlite every query waits for
  // the one connection).
  const [message] = await prisma.$queryRaw<ClaimedMessage[]>`
    UPDATE "Message" SET status = 'SENDING', attempts = attempts + 1, "lastAttemptAt" = ${now},
                         "workerId" = ${options.workerId ?? null}
     WHERE id = ${messageId}
       AND (status = 'QUEUED' OR (status = 'SENDING' AND "lastAttemptAt" < ${staleBefore}))
    RETURNING id, channel, template, recipient, "recipientName", subject, "bodyText", "bodyHtml", "idempotencyKey",
              "attachmentName", attachment,
              (SELECT o."timeZone" FROM "Organisation" o WHERE o.id = "Message"."organisationId") AS "timeZone"`;
  if (!message) {
    const row = await prisma.message.findUnique({
      where: { id: messageId },
      select: { status: true, lastAttemptAt: true },
    });
    // Sent already (a repeated delivery), failed for good, or gone: nothing to do.
    if (row?.status !== 'SENDING') return 'completed';
    // Another worker is sending it, or was when it died. Look again (a new job, this one done) the
    // moment that attempt counts as abandoned, not after the retry backoff: a killed worker's messages
    // otherwise went out up to 20 s later than they could (issue 24, item 6). Should that worker still
    // finish, the new job finds the message sent; the claim above lets only one attempt send.
    const attempted = row.lastAttemptAt?.getTime() ?? now.getTime();
    await sendJob(prisma, options.queue, messageId, new Date(attempted + options.expireInSeconds * 1000 + 1000));
    return 'completed';
  }
  if (await holdSms(prisma, message, now, options.queue)) return 'completed';
  try {
    const result = message.channel === 'EMAIL' ? await transports.email(message) : await transports.sms(message);
    const sent = await prisma.message.update({
      where: { id: messageId },
      data: {
        status: 'SENT',
        sentAt: new Date(),
        providerMessageId: result.providerMessageId,
        note: result.note,
        error: null,
        failedAt: null,
        workerId: null,
      },
    });
    await runSettledHandler(prisma, sent);
    return 'completed';
  } catch (error) {
    const text = providerError(error);
    const after = await prisma.message.update({
      where: { id: messageId },
      data: options.lastAttempt
        ? { status: 'FAILED', failedAt: new Date(), error: text, workerId: null }
        : { status: 'QUEUED', error: text, workerId: null },
    });
    log('warn', 'message not sent', { messageId, lastAttempt: options.lastAttempt, error: text });
    if (after.status === 'FAILED') await runSettledHandler(prisma, after);
    return 'failed';
  }
}

/**
 * The checks made when an SMS is about to go out: a number that opted out gets nothing (the message is
 * settled with the reason), and quiet hours put it off to their end. Returns whether it was held.
 */
async function holdSms(
  prisma: PrismaClient,
  message: ClaimedMessage,
  now: Date,
  queue: MessageQueue,
): Promise<boolean> {
  if (heldForOptOut(message.channel, message.template) && (await isOptedOut(prisma, message.recipient))) {
    const settled = await prisma.message.update({
      where: { id: message.id },
      data: {
        status: 'SENT',
        sentAt: now,
        providerMessageId: null,
        note: OPTED_OUT_NOTE,
        error: null,
        failedAt: null,
        workerId: null,
      },
    });
    await runSettledHandler(prisma, settled);
    return true;
  }
  if (!waitsForDaytime(message.channel, message.template)) return false;
  const until = quietHoursEnd(now, message.timeZone);
  if (!until) return false;
  // Back to QUEUED (this attempt does not count) with a job at the end of quiet hours, in one
  // transaction; this job then completes. Should the process die in between, this job's retry finds the
  // row QUEUED and defers it again: the claim still lets only one of them send.
  await prisma.$transaction(async (tx) => {
    await tx.message.update({
      where: { id: message.id },
      data: { status: 'QUEUED', attempts: { decrement: 1 }, workerId: null },
    });
    await sendJob(tx, queue, message.id, until);
  });
  log('info', 'sms deferred to the end of quiet hours', { messageId: message.id, until: until.toISOString() });
  return true;
}

/** Tells the feature that follows this kind of message; its failure is logged, the message stays settled. */
export async function runSettledHandler(prisma: PrismaClient, message: SettledMessage): Promise<void> {
  const handler = settledHandlers[message.template];
  if (!handler) return;
  try {
    await handler(prisma, message);
  } catch (error) {
    log('error', 'message settled handler failed', { messageId: message.id, error: providerError(error) });
  }
}

export const INTERRUPTED_MESSAGE =
  'interrupted: its worker stopped during the last attempt (it may or may not have gone out); resend to try again';

/**
 * Marks FAILED the messages still QUEUED or SENDING that no job will ever pick up again: a worker killed
 * during the last attempt leaves its job failed by expiry and its row SENDING. Rows and jobs are written
 * in one transaction, so a live message always has a live job; the age guard (twice the expiry) keeps
 * clear of attempts in progress. Returns how many it marked.
 */
export async function failOrphanedMessages(prisma: PrismaClient, expireInSeconds: number): Promise<number> {
  const failed = await prisma.$queryRawUnsafe<SettledMessage[]>(
    `UPDATE "Message" m SET status = 'FAILED', "failedAt" = now(), error = $1, "workerId" = NULL
      WHERE m.status IN ('QUEUED', 'SENDING')
        AND coalesce(m."lastAttemptAt", m."queuedAt") < now() - make_interval(secs => $2)
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j
                         WHERE j.name = $3 AND j.state IN ('created', 'retry', 'active')
                           AND j.data->>'messageId' = m.id::text)
      RETURNING m.id, m."organisationId", m.template, m.status, m."entityType", m."entityId", m."batchId",
                m."queuedById"`,
    INTERRUPTED_MESSAGE,
    expireInSeconds * 2,
    MESSAGE_QUEUE,
  );
  for (const message of failed) await runSettledHandler(prisma, message);
  return failed.length;
}

export interface MessageWorker {
  stop(): Promise<void>;
}

/**
 * Works the message queue in this process: small batches (config.batchSize), up to config.concurrency
 * messages of a batch at a time (an SMTP exchange is mostly waiting), each lane yielding to the event
 * loop after each message so that the HTTP server sharing the process (and, on PGlite, the one database
 * connection) keeps answering while a batch drains. Every message is still claimed before it is sent.
 * Each batch's messages carry this process's lease id (lease.ts): should it die, another worker hands
 * them back at once.
 */
export async function startMessageWorker(
  queue: MessageQueue,
  prisma: PrismaClient,
  transports: Transports = createTransports(queue.config),
): Promise<MessageWorker> {
  const { config } = queue;
  const concurrency = Math.max(1, config.concurrency ?? DEFAULT_CONCURRENCY);
  // The lease first: the messages this worker marks are its own only while its session lives. With
  // MESSAGE_REAP_SECONDS=0 there is none: no session, no marks, nothing taken back.
  const reapSeconds = config.reapIntervalSeconds ?? 1;
  const lease = reapSeconds > 0 ? await holdWorkerLease(queue.target) : undefined;
  const workerId = lease?.workerId;
  const reclaim = async () => {
    if (!workerId) return;
    await reclaimFromStoppedWorkers(prisma, queue.boss, workerId).catch((error: unknown) =>
      log('error', "could not take back a stopped worker's messages", { error: providerError(error) }),
    );
  };
  // A killed predecessor's messages (on PGlite the only way there can be any: one process per folder).
  await reclaim();
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
      // This worker's from now: should it die, a live worker hands these back (lease.ts). Only QUEUED
      // rows: one SENDING under another live worker stays that worker's.
      if (workerId)
        await prisma.$executeRaw`
          UPDATE "Message" SET "workerId" = ${workerId}
           WHERE id = ANY(${jobs.map((job) => job.data.messageId)}::int[]) AND status = 'QUEUED'`;
      const deliver = async (job: JobWithMetadata<MessageJob>) => {
        let status: 'completed' | 'failed';
        try {
          status = await deliverMessage(prisma, transports, job.data.messageId, {
            lastAttempt: job.retryCount >= job.retryLimit,
            // A SENDING row older than one exchange can take was left by a dead worker.
            expireInSeconds: config.sendTimeoutSeconds
              ? Math.min(job.expireInSeconds, config.sendTimeoutSeconds + 5)
              : job.expireInSeconds,
            queue,
            workerId,
          });
        } catch (error) {
          // The database, not the provider: the message row could not be read or written.
          log('error', 'message job failed', { jobId: job.id, error: providerError(error) });
          status = 'failed';
        }
        results.push({ id: job.id, status });
      };
      // `concurrency` lanes take the batch's jobs in turn; each yields to the event loop between its
      // messages, so queries from the HTTP server get their turn between the lanes' (on PGlite they all
      // wait for the one connection in arrival order).
      let next = 0;
      const lane = async () => {
        while (next < jobs.length && !stopping) {
          const job = jobs[next++];
          await deliver(job);
          await yieldToEventLoop();
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
      if (next < jobs.length) await handBack(jobs.slice(next));
      return results;
    },
  );
  // Shutting down (issue 24, item 6): the lanes finish the message each is sending and take no other;
  // the batch's jobs not yet started go back to the queue at once, untouched (no retry counted, no
  // retry delay), for another worker, instead of waiting for their claim to expire.
  let stopping = false;
  const handBack = async (jobs: JobWithMetadata<MessageJob>[]) => {
    const ids = jobs.map((job) => job.id);
    try {
      if (workerId)
        await prisma.$executeRaw`
          UPDATE "Message" SET "workerId" = NULL
           WHERE id = ANY(${jobs.map((job) => job.data.messageId)}::int[]) AND "workerId" = ${workerId}`;
      await queue.boss.cancel(MESSAGE_QUEUE, ids);
      await queue.boss.resume(MESSAGE_QUEUE, ids);
      log('info', 'message jobs handed back at shutdown', { jobs: ids.length });
    } catch (error) {
      log('error', 'could not hand message jobs back at shutdown', { error: providerError(error) });
    }
  };
  // Orphans are rare (a kill during a last attempt): a look every few supervision periods is plenty.
  const sweep = setInterval(
    () =>
      failOrphanedMessages(prisma, config.expireInSeconds).catch((error: unknown) =>
        log('error', 'orphaned message sweep failed', { error: providerError(error) }),
      ),
    Math.max(config.superviseIntervalSeconds, config.expireInSeconds) * 2000,
  );
  sweep.unref();
  // On PostgreSQL other worker processes can die at any time; on PGlite there are none.
  const reaper = queue.target.kind === 'postgres' && workerId ? setInterval(reclaim, reapSeconds * 1000) : undefined;
  reaper?.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(sweep);
      clearInterval(reaper);
      await queue.boss.offWork(MESSAGE_QUEUE, { id, wait: true });
      transports.close();
      await lease?.release();
    },
  };
}

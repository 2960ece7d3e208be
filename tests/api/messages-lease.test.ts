// A message worker's lease (issue 24, item 6; server/messaging/lease.ts): the messages a worker has
// taken carry its id, and once the worker's database session is gone (the process was killed) a live
// worker hands them back to the queue at once: a SENDING one back to QUEUED with its attempt counted,
// the jobs active again for anyone. A live worker's messages stay its own. Without the lease these jobs
// would wait for their expiry (30 s here, no heartbeat), past this file's waits.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMessageWorker } from '../../server/messaging/deliver';
import { enqueueMessages } from '../../server/messaging/enqueue';
import {
  holdWorkerLease,
  processWorkerId,
  reclaimFromStoppedWorkers,
  WORKER_SESSION_PREFIX,
  type WorkerLease,
} from '../../server/messaging/lease';
import { MESSAGE_QUEUE, type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createMetrics } from '../../server/metrics/metrics';
import { createCentre } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let smtp: SmtpStandIn;
let queue: MessageQueue;
let lease: WorkerLease;
const sessions: pg.Client[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpStandIn();
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent', smtpUrl: smtp.url }));
  lease = await holdWorkerLease(ctx.target);
}, 60_000);
afterAll(async () => {
  for (const session of sessions) await session.end().catch(() => undefined);
  await lease?.release();
  await queue?.stop();
  await smtp?.close();
  await ctx?.close();
});

/** A worker's session as another process would hold it (PostgreSQL only: PGlite has one session). */
async function workerSession(workerId: string): Promise<pg.Client> {
  const url = (ctx.target as { url: string }).url;
  const client = new pg.Client({ connectionString: url, application_name: `${WORKER_SESSION_PREFIX}${workerId}` });
  await client.connect();
  sessions.push(client);
  return client;
}

/** Queues one email per subject; their message ids. */
async function queueEmails(subjects: string[]): Promise<number[]> {
  const centre = await createCentre(ctx.prisma);
  return ctx.prisma.$transaction((tx) =>
    enqueueMessages(
      tx,
      queue,
      subjects.map((subject, n) => ({
        organisationId: centre.id,
        channel: 'EMAIL' as const,
        recipient: `family${n}@example.test`,
        template: 'bulk',
        subject,
        bodyText: subject,
      })),
    ),
  );
}

/** Fetches the jobs of `ids` (active now), as a worker's batch does. */
async function fetchJobs(ids: number[]): Promise<void> {
  const jobs = await queue.boss.fetch(MESSAGE_QUEUE, { batchSize: 100 });
  expect(jobs.map((job) => (job.data as { messageId: number }).messageId).sort()).toEqual([...ids].sort());
}

/**
 * Marks `ids` as worker `workerId`'s (their jobs fetched); `sending`: the messages it was sending
 * (claimed, one attempt made).
 */
async function takeAs(workerId: string, ids: number[], sending: number[]): Promise<void> {
  await ctx.prisma.message.updateMany({ where: { id: { in: ids } }, data: { workerId } });
  await ctx.prisma.message.updateMany({
    where: { id: { in: sending } },
    data: { status: 'SENDING', attempts: 1, lastAttemptAt: new Date() },
  });
}

async function jobStates(ids: number[]): Promise<Record<number, string>> {
  const rows = await ctx.prisma.$queryRaw<{ messageId: string; state: string }[]>`
    SELECT data->>'messageId' AS "messageId", state::text AS state FROM pgboss.job
     WHERE name = ${MESSAGE_QUEUE} AND data->>'messageId' = ANY(${ids.map(String)}::text[])`;
  return Object.fromEntries(rows.map((row) => [Number(row.messageId), row.state]));
}

async function rows(ids: number[]) {
  const found = await ctx.prisma.message.findMany({
    where: { id: { in: ids } },
    select: { id: true, status: true, workerId: true, attempts: true },
    orderBy: { id: 'asc' },
  });
  return Object.fromEntries(found.map((row) => [row.id, row]));
}

async function waitForSubjects(subjects: string[], seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  const arrived = () =>
    subjects.every((subject) => smtp.received.some((mail) => mail.raw.includes(`Subject: ${subject}`)));
  while (!arrived()) {
    if (Date.now() > until) throw new Error(`not delivered within ${seconds} s: ${subjects.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `levelup_messages_reclaimed_total` as a scrape of this process's metrics shows it. */
async function reclaimedOnScrape(): Promise<number> {
  const text = await createMetrics({ prisma: ctx.prisma }).registry.metrics();
  const line = /^levelup_messages_reclaimed_total (\d+)$/m.exec(text);
  if (!line) throw new Error('levelup_messages_reclaimed_total is not in the metrics');
  return Number(line[1]);
}

it("hands back a stopped worker's messages at once and leaves a live worker's alone", async () => {
  const reclaimedBefore = await reclaimedOnScrape();
  const [wasSending, wasWaiting, livesSending] = await queueEmails(['lease sending', 'lease waiting', 'lease live']);
  const stopped = randomUUID();
  // PostgreSQL: a live worker in another session, and the stopped one's session while it lived. PGlite
  // has one session per folder (and so one worker process): the live worker is this process.
  const live = process.env.TEST_DB === 'postgres' ? randomUUID() : processWorkerId;
  const stoppedSession = process.env.TEST_DB === 'postgres' ? await workerSession(stopped) : undefined;
  if (process.env.TEST_DB === 'postgres') await workerSession(live);
  await fetchJobs([wasSending, wasWaiting, livesSending]);
  await takeAs(stopped, [wasSending, wasWaiting], [wasSending]);
  await takeAs(live, [livesSending], [livesSending]);

  if (stoppedSession) {
    // While its session lives, its messages are its own.
    expect(await reclaimFromStoppedWorkers(ctx.prisma, queue.boss, randomUUID())).toBe(0);
    expect((await rows([wasSending]))[wasSending]).toMatchObject({ status: 'SENDING', workerId: stopped });
    await stoppedSession.end(); // as a SIGKILL does: the server ends the session
  }

  expect(await reclaimFromStoppedWorkers(ctx.prisma, queue.boss, randomUUID())).toBe(2);
  const after = await rows([wasSending, wasWaiting, livesSending]);
  expect(after[wasSending]).toMatchObject({ status: 'QUEUED', workerId: null, attempts: 1 });
  expect(after[wasWaiting]).toMatchObject({ status: 'QUEUED', workerId: null, attempts: 0 });
  expect(after[livesSending]).toMatchObject({ status: 'SENDING', workerId: live, attempts: 1 });
  expect(await jobStates([wasSending, wasWaiting, livesSending])).toEqual({
    [wasSending]: 'created',
    [wasWaiting]: 'created',
    [livesSending]: 'active',
  });
  // Taken back once only, and counted in the metrics (a worker died with messages in hand).
  expect(await reclaimFromStoppedWorkers(ctx.prisma, queue.boss, randomUUID())).toBe(0);
  expect((await reclaimedOnScrape()) - reclaimedBefore).toBe(2);

  // A worker delivers the two handed back (their expiry is 30 s away); the live worker's is not sent.
  const worker = await startMessageWorker(queue, ctx.prisma);
  try {
    await waitForSubjects(['lease sending', 'lease waiting'], 15);
  } finally {
    await worker.stop();
  }
  expect(smtp.received.filter((mail) => mail.raw.includes('Subject: lease live'))).toHaveLength(0);
  const sent = await rows([wasSending, wasWaiting]);
  expect(sent[wasSending]).toMatchObject({ status: 'SENT', workerId: null, attempts: 2 });
  expect(sent[wasWaiting]).toMatchObject({ status: 'SENT', workerId: null, attempts: 1 });
}, 60_000);

it("a worker starting takes back a killed predecessor's messages before its first batch", async () => {
  const [left] = await queueEmails(['left by the dead']);
  await fetchJobs([left]);
  await takeAs(randomUUID(), [left], [left]);
  const worker = await startMessageWorker(queue, ctx.prisma);
  try {
    await waitForSubjects(['left by the dead'], 15);
  } finally {
    await worker.stop();
  }
  expect((await rows([left]))[left]).toMatchObject({ status: 'SENT', workerId: null, attempts: 2 });
}, 60_000);

it("MESSAGE_REAP_SECONDS=0 turns the lease off: a dead worker's message waits for its expiry", async () => {
  const [left] = await queueEmails(['left with the lease off']);
  await fetchJobs([left]);
  const dead = randomUUID();
  await takeAs(dead, [left], [left]);
  const off = await openMessageQueue(
    ctx.target,
    testMessagingConfig({ mailDir: '/nonexistent', smtpUrl: smtp.url, reapIntervalSeconds: 0 }),
  );
  const worker = await startMessageWorker(off, ctx.prisma);
  try {
    await expect(waitForSubjects(['left with the lease off'], 3)).rejects.toThrow('not delivered');
  } finally {
    await worker.stop();
    await off.stop();
  }
  expect((await rows([left]))[left]).toMatchObject({ status: 'SENDING', workerId: dead, attempts: 1 });
  // Taken back once the lease is on again (as the default is).
  expect(await reclaimFromStoppedWorkers(ctx.prisma, queue.boss, randomUUID())).toBe(1);
}, 60_000);

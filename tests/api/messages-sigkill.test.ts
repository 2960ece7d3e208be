// A worker SIGKILLed in the middle of 1,000 queued emails, then started again: every email reaches the
// SMTP server (counted by Message-ID), none is lost, and at most the messages in flight at the kill
// (MESSAGE_CONCURRENCY of them: accepted by the server, not yet marked SENT) are delivered twice. SMTP
// has no idempotency key, so exactly once across a SIGKILL cannot be had: that window is the
// at-least-once part, see ARCHITECTURE.md. The worker runs in a child process against an on-disk PGlite
// folder (one process at a time) or this file's PostgreSQL database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createPrisma } from '../../server/db/client';
import { closePglite, type DatabaseTarget, openPglite } from '../../server/db/target';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { DEFAULT_CONCURRENCY, loadMessagingConfig } from '../../server/messaging/config';
import { enqueueMessages } from '../../server/messaging/enqueue';
import { openMessageQueue } from '../../server/messaging/queue';
import { createCentre } from '../support/factories';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

const EMAILS = 1000;
const IN_FLIGHT = DEFAULT_CONCURRENCY; // tests/support/smtp-worker-process.ts keeps the default
const root = path.resolve(import.meta.dirname, '../..');
let smtp: SmtpStandIn;
let ctx: TestContext | undefined;
let folder: string | undefined;
let target: DatabaseTarget;
let databaseUrl: string;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  if (process.env.TEST_DB === 'postgres') {
    ctx = await createTestContext();
    target = ctx.target;
    databaseUrl = (target as { url: string }).url;
  } else {
    folder = mkdtempSync(path.join(tmpdir(), 'levelup-sigkill-'));
    target = { kind: 'pglite', dataDir: path.join(folder, 'pglite') };
    databaseUrl = `pglite:${target.dataDir}`;
    const template = inject('pgliteTemplate');
    if (!template) throw new Error('no PGlite template');
    await openPglite(target.dataDir, { loadDataDir: new Blob([readFileSync(template)]) });
  }
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await ctx?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Opens the database in this process for `work`, then lets go of it (a PGlite folder has one owner). */
async function withDatabase<T>(work: (prisma: PrismaClient) => Promise<T>): Promise<T> {
  if (ctx) return work(ctx.prisma);
  const prisma = await createPrisma(target);
  try {
    return await work(prisma);
  } finally {
    await prisma.$disconnect();
    await closePglite((target as { dataDir: string }).dataDir);
  }
}

function startWorker(): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null> } {
  const script = path.join(root, 'tests/support/smtp-worker-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl, smtp.url], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      if (c.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      if (code) process.stderr.write(stderr);
      resolve(code);
    });
  });
  return { child, ready, exited };
}

/** Queues EMAILS emails with subjects "<subject> n" in one transaction; their ids. */
function queueEmails(subject: string): Promise<number[]> {
  return withDatabase(async (prisma) => {
    const centre = await createCentre(prisma);
    // The jobs carry these (as tests/support/smtp-worker-process.ts sets them): back 5 s after the kill.
    const queue = await openMessageQueue(target, {
      ...loadMessagingConfig(target, {}),
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 2,
      expireInSeconds: 5,
      superviseIntervalSeconds: 1,
    });
    try {
      return await prisma.$transaction(
        (tx) =>
          enqueueMessages(
            tx,
            queue,
            Array.from({ length: EMAILS }, (_, n) => ({
              organisationId: centre.id,
              channel: 'EMAIL' as const,
              recipient: `family${n}@example.test`,
              template: 'bulk',
              subject: `${subject} ${n}`,
              bodyText: `${subject} number ${n}`,
            })),
          ),
        { timeout: 60_000 },
      );
    } finally {
      await queue.stop();
    }
  });
}

const t0 = Date.now();
const mark = (what: string) => process.env.SIGKILL_TIMING && console.info(`${what}: ${Date.now() - t0} ms`);

it(`delivers each of ${EMAILS} emails once although its worker is SIGKILLed mid-batch`, async () => {
  const ids = await queueEmails('Notice');
  mark('queued');
  const first = startWorker();
  await first.ready;
  mark('first ready');
  // Kill it once about a third has gone out, in the middle of its batches.
  const until = Date.now() + 60_000;
  while (smtp.received.length < EMAILS / 3) {
    if (Date.now() > until) throw new Error(`only ${smtp.received.length} emails before the kill`);
    await new Promise((r) => setTimeout(r, 2));
  }
  first.child.kill('SIGKILL');
  await first.exited;
  const atKill = smtp.received.length;
  mark('killed');
  expect(atKill).toBeLessThan(EMAILS);

  const second = startWorker();
  await second.ready;
  mark('second ready');
  expect(await second.exited).toBe(0);
  mark('drained');

  const rows = await withDatabase((prisma) =>
    prisma.message.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } }),
  );
  expect(rows.filter((r) => r.status !== 'SENT')).toEqual([]);
  const counts = new Map<string, number>();
  for (const mail of smtp.received) counts.set(mail.messageId ?? '', (counts.get(mail.messageId ?? '') ?? 0) + 1);
  // None lost: every message's Message-ID arrived.
  expect(rows.filter((r) => !counts.has(r.providerMessageId ?? ''))).toEqual([]);
  expect(counts.size).toBe(EMAILS);
  // Twice at most for the messages in flight at the kill, and only if they had been accepted.
  const twice = [...counts].filter(([, n]) => n > 1);
  expect(twice.length).toBeLessThanOrEqual(IN_FLIGHT);
  expect(smtp.received.length).toBe(EMAILS + twice.length);
  // Only the messages being sent at the kill were attempted again; those received twice are among them.
  const retried = rows.filter((r) => r.attempts > 1);
  expect(retried.length).toBeLessThanOrEqual(IN_FLIGHT);
  expect(retried.every((r) => r.attempts === 2)).toBe(true);
  for (const [messageId] of twice) expect(retried.map((r) => r.providerMessageId)).toContain(messageId);
  console.info(
    `[messages-sigkill] ${process.env.TEST_DB ?? 'pglite'}: killed after ${atKill} of ${EMAILS}; delivered twice: ${twice.length}`,
  );
}, 180_000);

it('a worker stopped with SIGTERM finishes what it is sending and hands the rest of its batch back at once', async () => {
  const before = smtp.received.length;
  const ids = await queueEmails('Update');
  const worker = startWorker();
  await worker.ready;
  const until = Date.now() + 60_000;
  while (smtp.received.length - before < EMAILS / 3) {
    if (Date.now() > until) throw new Error('too few emails before the stop');
    await new Promise((r) => setTimeout(r, 2));
  }
  const atTerm = smtp.received.length;
  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
  // The lanes finished the message each was sending and took no other from the batch.
  expect(smtp.received.length - atTerm).toBeLessThanOrEqual(IN_FLIGHT);
  // What it had claimed and not started is back in the queue at once: waiting, no retry counted.
  const left = await withDatabase(async (prisma) => {
    const unsent = await prisma.message.findMany({
      where: { id: { in: ids }, status: { not: 'SENT' } },
      select: { id: true, status: true },
    });
    const jobs = await prisma.$queryRawUnsafe<{ state: string; retries: number }[]>(
      `SELECT state::text AS state, retry_count AS retries FROM pgboss.job
        WHERE name = 'message-send' AND (data->>'messageId')::int = ANY($1::int[])`,
      unsent.map((m) => m.id),
    );
    return { unsent, jobs };
  });
  expect(left.unsent.length).toBeGreaterThan(0);
  expect(left.unsent.every((m) => m.status === 'QUEUED')).toBe(true); // none left SENDING
  expect(left.jobs.length).toBe(left.unsent.length);
  expect(left.jobs.filter((j) => j.state !== 'created' || j.retries !== 0)).toEqual([]);
  // Another worker sends the rest, each once: a graceful stop sends nothing twice.
  const next = startWorker();
  await next.ready;
  expect(await next.exited).toBe(0);
  const mine = smtp.received.slice(before);
  const subjects = new Set(mine.map((m) => /Subject: Update (\d+)/.exec(m.raw)?.[1]));
  expect(subjects.size).toBe(EMAILS);
  expect(mine.length).toBe(EMAILS);
}, 180_000);

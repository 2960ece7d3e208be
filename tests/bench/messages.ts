// The message queue's throughput and its cost to the API (issue 9). Timed, never asserted:
// - 1,000 emails through the queue (enqueueMessages in one transaction, then the worker in this
//   process: claim, send, SENT, settled hook) to a local SMTP server (the smtp-server package), against
//   the same 1,000 emails sent through the same pooled nodemailer transport (transports.ts, as many
//   connections as MESSAGE_CONCURRENCY) by MESSAGE_CONCURRENCY plain loops, each awaiting its
//   email before the next (what the worker's lanes do, minus the queue and the database): the ratio is
//   the queue's own cost (target >= 0.5x). Every email handed to the pool at once is printed too.
// - the API's p99 latency (GET /api/account with a token, one request every 5 ms) while a second
//   batch of 1,000 drains, against the same calls with the queue idle.
// MESSAGES_BENCH_COUNT resizes the batches. Database: TEST_DATABASE_URL with TEST_DB=postgres, else
// in-memory PGlite.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { loadMessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { enqueueMessages, type MessageInput } from '../../server/messaging/enqueue';
import { openMessageQueue } from '../../server/messaging/queue';
import { createTransports } from '../../server/messaging/transports';
import { createCentreWithStaff } from '../support/factories';
import { startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext } from '../support/test-app';

const COUNT = Number(process.env.MESSAGES_BENCH_COUNT ?? 1000);
const PAUSE_MS = 5;

const perSecond = (n: number, ms: number) => `${((n * 1000) / ms).toFixed(1)}/s`;
const p99 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchMessages(): Promise<void> {
  const ctx = await createTestContext();
  const smtp = await startSmtpStandIn();
  const { centre, tokens } = await createCentreWithStaff(ctx);
  const config = {
    ...loadMessagingConfig(ctx.target, { MESSAGE_CONCURRENCY: process.env.MESSAGE_CONCURRENCY }),
    smtpUrl: smtp.url,
    mailFrom: 'Level Up <bench@levelup.test>',
    pollingIntervalSeconds: 0.5,
  };
  const emails = (tag: string): MessageInput[] =>
    Array.from({ length: COUNT }, (_, n) => ({
      organisationId: centre.id,
      channel: 'EMAIL' as const,
      recipient: `family${n}@example.test`,
      recipientName: `Family ${n}`,
      template: 'bench',
      subject: `Notice ${tag} ${n}`,
      bodyText: `Hello, this is notice ${n} of the ${tag} batch.`,
      bodyHtml: `<p>Hello, this is notice ${n} of the ${tag} batch.</p>`,
    }));
  const outgoing = (tag: string) =>
    emails(tag).map((m, n) => ({
      id: 1_000_000 + n,
      recipient: m.recipient,
      recipientName: m.recipientName ?? null,
      subject: m.subject ?? null,
      bodyText: m.bodyText,
      bodyHtml: m.bodyHtml ?? null,
      idempotencyKey: `${tag}-${n}`,
    }));

  // Baselines: plain nodemailer over the same pooled transport.
  const direct = createTransports(config);
  const lanes = config.concurrency ?? 1;
  await Promise.all(
    outgoing('warm')
      .slice(0, 20)
      .map((m) => direct.email(m)),
  );
  // The baseline: `concurrency` plain loops, each awaiting its email before the next (what the worker's
  // lanes do, without the queue and the database).
  const loopMails = outgoing('loop');
  let started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < loopMails.length) await direct.email(loopMails[next++]);
    }),
  );
  const loopMs = performance.now() - started;
  // For scale: the pool's best, every email handed over at once (its connections never wait).
  started = performance.now();
  await Promise.all(outgoing('direct').map((m) => direct.email(m)));
  const directMs = performance.now() - started;
  direct.close();

  // The queue: enqueue in one transaction, drained by the worker in this process.
  const queue = await openMessageQueue(ctx.target, config);
  const worker = await startMessageWorker(queue, ctx.prisma);
  const drain = async (tag: string) => {
    const began = performance.now();
    await ctx.prisma.$transaction((tx) => enqueueMessages(tx, queue, emails(tag)), { timeout: 120_000 });
    const queuedMs = performance.now() - began;
    for (;;) {
      const left = await ctx.prisma.message.count({ where: { status: { in: ['QUEUED', 'SENDING'] } } });
      if (left === 0) break;
      await sleep(100);
    }
    return { queuedMs, totalMs: performance.now() - began };
  };
  const first = await drain('queue');

  // API latency, idle and while a batch drains.
  const server = ctx.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/account`;
  const headers = { Authorization: `Bearer ${tokens.admin}` };
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/account answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 30; i++) await call();
  const idle: number[] = [];
  for (let i = 0; i < 300; i++) {
    idle.push(await call());
    await sleep(PAUSE_MS);
  }
  const busy: number[] = [];
  let draining = true;
  const load = (async () => {
    while (draining) {
      busy.push(await call());
      await sleep(PAUSE_MS);
    }
  })();
  const second = await drain('loaded');
  draining = false;
  await load;
  server.close();
  await worker.stop();
  await queue.stop();

  const db = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(`Messages: ${COUNT} emails to a local SMTP server, concurrency ${config.concurrency}, ${db}`);
  console.log(
    `nodemailer, ${lanes} plain loops (baseline) ${loopMs.toFixed(0).padStart(7)} ms  ${perSecond(COUNT, loopMs)}`,
  );
  console.log(
    `nodemailer pool, all at once        ${directMs.toFixed(0).padStart(7)} ms  ${perSecond(COUNT, directMs)}`,
  );
  console.log(
    `queue: enqueue + drain               ${first.totalMs.toFixed(0).padStart(7)} ms  ${perSecond(COUNT, first.totalMs)} (enqueue ${first.queuedMs.toFixed(0)} ms)`,
  );
  console.log(`ratio queue / plain loops throughput: ${(loopMs / first.totalMs).toFixed(2)}x (target >= 0.5x)`);
  console.log(`ratio queue / pool all at once:       ${(directMs / first.totalMs).toFixed(2)}x`);
  console.log(
    `GET /api/account p99 idle ${p99(idle).toFixed(1)} ms (${idle.length} calls); while ${COUNT} drain ${p99(busy).toFixed(1)} ms (${busy.length} calls, drain ${second.totalMs.toFixed(0)} ms)`,
  );
  console.log(`ratio p99 draining / idle: ${(p99(busy) / p99(idle)).toFixed(2)}`);
  await smtp.close();
  await ctx.close();
}

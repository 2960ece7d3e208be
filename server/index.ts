// Starts the API and the SPA on one port: migrate, seed the embedded demo when empty, listen.
import { createApp } from './app';
import { loadConfig } from './config';
import { createPrisma } from './db/client';
import { applyMigrations, waitForMigrations } from './db/migrator';
import { closePglite, describeTarget } from './db/target';
import { startBillingJobs } from './features/billing/jobs';
import { createBillingStripe } from './features/billing/stripe-config';
import { startNoticeJobs } from './features/notices/jobs';
import { createAfterReply } from './http/after-reply';
import { createLifecycle, loadMaxInFlight } from './http/lifecycle';
import { log } from './http/log';
import { startHousekeepingJobs } from './jobs/housekeeping';
import { startMessageWorker } from './messaging/deliver';
import { openMessageQueue } from './messaging/queue';
import { createMetrics, serveMetrics } from './metrics/metrics';
import { isEmpty, seedDemo } from './seed/demo';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  // MIGRATE_ON_START=false (a deployment that runs `npm run db:migrate:deploy` once): wait for them.
  // Either way several instances may start at once (migrator.ts: one migrates, the others wait).
  if (config.migrateOnStart) {
    const applied = await applyMigrations(config.target);
    if (applied.length) log('info', 'migrations applied', { applied });
  }
  const prisma = await createPrisma(config.target);
  if (!config.migrateOnStart)
    await waitForMigrations(prisma, (waitedSeconds, pending) =>
      log('info', 'waiting for migrations (MIGRATE_ON_START=false: run npm run db:migrate:deploy)', {
        pending,
        waitedSeconds,
      }),
    );
  if (config.seedDemoWhenEmpty && (await isEmpty(prisma))) {
    await seedDemo(prisma);
    log('info', 'seeded the demo centre (users admin, operator, teacher, system; see README)');
  }
  // The queue (pg-boss) before the app: requests queue email and SMS in their own transactions.
  const queue = await openMessageQueue(config.target, config.messaging);
  const worker = config.runWorker ? await startMessageWorker(queue, prisma) : undefined;
  const noticeJobs = config.runWorker ? await startNoticeJobs(queue, prisma) : undefined;
  const housekeeping = config.runWorker ? await startHousekeepingJobs(queue, prisma) : undefined;
  const billing = config.stripe ? createBillingStripe(config.stripe) : undefined;
  const billingJobs = config.runWorker ? await startBillingJobs(queue, prisma, billing) : undefined;
  // Stripe Checkout returns to APP_URL (never to an address taken from the request's Host).
  // Work requests leave for after their reply (sign-in codes, reset links): shutdown waits for it.
  const afterReply = createAfterReply();
  const lifecycle = createLifecycle(loadMaxInFlight());
  // Prometheus metrics: GET /api/metrics with METRICS_TOKEN and/or their own METRICS_PORT (no token).
  const metrics = config.metricsToken || config.metricsPort ? createMetrics({ prisma, queue }) : undefined;
  const metricsServer =
    metrics && config.metricsPort ? await serveMetrics(metrics, config.metricsPort, config.metricsHost) : undefined;
  const app = createApp({
    prisma,
    ...config,
    queue,
    billing,
    afterReply,
    lifecycle,
    appUrl: config.messaging.appUrl,
    metrics,
  });
  const server = app.listen(config.port, () => {
    log('info', 'Level Up is listening', {
      url: `http://localhost:${config.port}`,
      database: describeTarget(config.target),
      cardPayments: billing ? 'Stripe' : 'not configured',
      startupMs: Date.now() - started,
      ...(config.target.kind === 'pglite' && process.env.NODE_ENV === 'production'
        ? { capacity: PGLITE_CAPACITY }
        : {}),
    });
  });
  // Idle keep-alive connections stay open longer than a load balancer's or a client's idle timeout
  // (60 s is common): Node's 5 s default closes a socket a client may be reusing at that moment, and
  // its request fails with ECONNRESET. headersTimeout must exceed keepAliveTimeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // SIGTERM (issue 24): readiness turns false and new requests get a 503 (the load balancer sends them
  // elsewhere), the listener closes, the worker hands its claimed jobs back at once, requests in flight
  // finish (at most SHUTDOWN_GRACE_MS), then the pools close. PGlite flushes its files on close.
  const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const began = Date.now();
    log('info', 'shutting down', { signal, inFlight: lifecycle.inFlight });
    setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    lifecycle.drain();
    metricsServer?.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await worker?.stop();
    await Promise.race([lifecycle.idle(), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    server.closeAllConnections();
    await closed;
    await afterReply.settled();
    await billingJobs?.stop();
    await noticeJobs?.stop();
    await housekeeping?.stop();
    await queue.stop();
    await prisma.$disconnect();
    if (config.target.kind === 'pglite') await closePglite(config.target.dataDir);
    log('info', 'stopped', { ms: Date.now() - began });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** What the embedded database serves, measured by `npm run bench -- load` (README, "Capacity"). */
export const PGLITE_CAPACITY =
  "PGlite (the embedded database) is for one centre's desk and the demo: about 10 people working at once with p99 under 1 s (npm run bench -- loadPglite). Use PostgreSQL (DATABASE_URL) beyond that.";

main().catch((error: unknown) => {
  log('error', 'failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});

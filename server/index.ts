// Starts the API and the SPA on one port: migrate, seed the embedded demo when empty, listen.
import { createApp } from './app';
import { loadConfig } from './config';
import { createPrisma } from './db/client';
import { applyMigrations } from './db/migrator';
import { closePglite, describeTarget } from './db/target';
import { startBillingJobs } from './features/billing/jobs';
import { createBillingStripe } from './features/billing/stripe-config';
import { startNoticeJobs } from './features/notices/jobs';
import { createAfterReply } from './http/after-reply';
import { log } from './http/log';
import { startHousekeepingJobs } from './jobs/housekeeping';
import { startMessageWorker } from './messaging/deliver';
import { openMessageQueue } from './messaging/queue';
import { isEmpty, seedDemo } from './seed/demo';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const applied = await applyMigrations(config.target);
  if (applied.length) log('info', 'migrations applied', { applied });
  const prisma = await createPrisma(config.target);
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
  const app = createApp({ prisma, ...config, queue, billing, afterReply, appUrl: config.messaging.appUrl });
  const server = app.listen(config.port, () => {
    log('info', 'Level Up is listening', {
      url: `http://localhost:${config.port}`,
      database: describeTarget(config.target),
      cardPayments: billing ? 'Stripe' : 'not configured',
      startupMs: Date.now() - started,
    });
  });
  // Idle keep-alive connections stay open longer than a load balancer's or a client's idle timeout
  // (60 s is common): Node's 5 s default closes a socket a client may be reusing at that moment, and
  // its request fails with ECONNRESET. headersTimeout must exceed keepAliveTimeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Finish requests in flight, then close the database cleanly (PGlite flushes its files on close).
  const stop = () => {
    server.close(async () => {
      await afterReply.settled();
      await billingJobs?.stop();
      await noticeJobs?.stop();
      await housekeeping?.stop();
      await worker?.stop();
      await queue.stop();
      await prisma.$disconnect();
      if (config.target.kind === 'pglite') await closePglite(config.target.dataDir);
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  log('error', 'failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});

// `npm run worker`: the message queue's worker alone, without the API. With PostgreSQL, run as many
// as you like beside API processes started with WORKER=false. PGlite allows one process per folder,
// so there the worker runs inside `npm start` (its default).

import { parseSwitch } from '../config';
import { createPrisma } from '../db/client';
import { applyMigrations, waitForMigrations } from '../db/migrator';
import { closePglite, describeTarget, resolveDatabaseTarget } from '../db/target';
import { startBillingJobs } from '../features/billing/jobs';
import { createBillingStripe, loadStripeConfig } from '../features/billing/stripe-config';
import { startNoticeJobs } from '../features/notices/jobs';
import { log } from '../http/log';
import { startHousekeepingJobs } from '../jobs/housekeeping';
import { loadMetricsConfig } from '../metrics/config';
import { createMetrics, serveMetrics } from '../metrics/metrics';
import { loadMessagingConfig } from './config';
import { startMessageWorker } from './deliver';
import { openMessageQueue } from './queue';

async function main() {
  // Only the database and the messaging settings: the worker signs nothing (no JWT_SECRET needed).
  const target = resolveDatabaseTarget(process.env.DATABASE_URL);
  const config = { target, messaging: loadMessagingConfig(target), ...loadMetricsConfig() };
  // As the API: migrate unless MIGRATE_ON_START=false, then wait; any number may start at once.
  if (parseSwitch(process.env.MIGRATE_ON_START, 'MIGRATE_ON_START')) await applyMigrations(config.target);
  const prisma = await createPrisma(config.target);
  await waitForMigrations(prisma, (waitedSeconds, pending) =>
    log('info', 'waiting for migrations (run npm run db:migrate:deploy)', { pending, waitedSeconds }),
  );
  const queue = await openMessageQueue(config.target, config.messaging);
  const worker = await startMessageWorker(queue, prisma);
  const noticeJobs = await startNoticeJobs(queue, prisma);
  const housekeeping = await startHousekeepingJobs(queue, prisma);
  const stripeConfig = loadStripeConfig();
  const billingJobs = await startBillingJobs(
    queue,
    prisma,
    stripeConfig ? createBillingStripe(stripeConfig) : undefined,
  );
  // No HTTP server here: METRICS_PORT is how the queue's and this process's figures are scraped.
  const metricsServer = config.metricsPort
    ? await serveMetrics(createMetrics({ prisma, queue }), config.metricsPort, config.metricsHost)
    : undefined;
  log('info', 'Level Up message worker is running', {
    database: describeTarget(config.target),
    email: config.messaging.smtpUrl ? 'SMTP' : `.eml files in ${config.messaging.mailDir}`,
    sms: config.messaging.twilio ? 'Twilio' : 'recorded only (not configured)',
  });
  // SIGTERM: the message worker first (it hands its claimed jobs back at once), then the rest.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 15_000).unref();
    metricsServer?.close();
    await worker.stop();
    await billingJobs.stop();
    await noticeJobs.stop();
    await housekeeping.stop();
    await queue.stop();
    await prisma.$disconnect();
    if (config.target.kind === 'pglite') await closePglite(config.target.dataDir);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  log('error', 'message worker failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});

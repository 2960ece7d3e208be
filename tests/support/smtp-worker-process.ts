// A message worker in a process of its own, for tests/api/messages-sigkill.test.ts to SIGKILL:
//   node --import tsx smtp-worker-process.ts <DATABASE_URL> <SMTP_URL>
// Prints "ready" once it works the queue, and exits 0 once no message is QUEUED or SENDING, or on SIGTERM.
import { createPrisma } from '../../server/db/client';
import { closePglite, resolveDatabaseTarget } from '../../server/db/target';
import { loadMessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { openMessageQueue } from '../../server/messaging/queue';

async function main(databaseUrl: string, smtpUrl: string) {
  const target = resolveDatabaseTarget(databaseUrl);
  const config = {
    ...loadMessagingConfig(target, {}),
    smtpUrl,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 2,
    expireInSeconds: 5,
    superviseIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
  };
  const prisma = await createPrisma(target);
  const queue = await openMessageQueue(target, config);
  const worker = await startMessageWorker(queue, prisma);
  // SIGTERM: as worker-main.ts, the worker stops first (handing back what it has not started), then the rest.
  process.once('SIGTERM', () => {
    void (async () => {
      await worker.stop();
      await queue.stop();
      await prisma.$disconnect();
      if (target.kind === 'pglite') await closePglite(target.dataDir);
      process.exit(0);
    })();
  });
  process.stdout.write('ready\n');
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const left = await prisma.message.count({ where: { status: { in: ['QUEUED', 'SENDING'] } } });
    if (left === 0) break;
  }
  await worker.stop();
  await queue.stop();
  await prisma.$disconnect();
  if (target.kind === 'pglite') await closePglite(target.dataDir);
}

main(process.argv[2], process.argv[3]).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(3);
  },
);

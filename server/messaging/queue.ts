// The one durable queue (pg-boss) on either database, with the same code: on PostgreSQL pg-boss opens
// its own small pool from the connection string; on PGlite it shares the process's one PGlite
// instance through pg-boss's own adapter (fromPglite), never a socket shim. pg-boss keeps its tables in
// the `pgboss` schema, which it creates and migrates itself on start().
import { fromPglite, PgBoss, type SendOptions } from 'pg-boss';
import { type DatabaseTarget, openPglite } from '../db/target';
import { log } from '../http/log';
import type { MessagingConfig } from './config';

/** The queue of every email and SMS: one job per Message row, data { messageId }. */
export const MESSAGE_QUEUE = 'message-send';

export interface MessageQueue {
  boss: PgBoss;
  /** The database it lives in (a worker's lease session opens on it: lease.ts). */
  target: DatabaseTarget;
  config: MessagingConfig;
  /** Options each message job is sent with: retries with backoff, and a deliberate expiry. */
  jobOptions: SendOptions;
  stop(): Promise<void>;
}

export async function openMessageQueue(target: DatabaseTarget, config: MessagingConfig): Promise<MessageQueue> {
  // Expired jobs (a dead worker's) are looked for this often: with expireInSeconds, how soon they return.
  const supervision = {
    superviseIntervalSeconds: config.superviseIntervalSeconds,
    monitorIntervalSeconds: config.superviseIntervalSeconds,
  };
  const boss =
    target.kind === 'postgres'
      ? new PgBoss({ connectionString: target.url, max: 4, application_name: 'levelup-queue', ...supervision })
      : new PgBoss({ db: fromPglite(await openPglite(target.dataDir)), backend: 'pglite', ...supervision });
  boss.on('error', (error: unknown) =>
    log('error', 'queue error', { error: error instanceof Error ? error.message : String(error) }),
  );
  await boss.start();
  const queueOptions = {
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: config.retryDelayMaxSeconds,
    // A SIGKILLed worker's jobs come back after this, not after pg-boss's default 15 minutes.
    expireInSeconds: config.expireInSeconds,
    // …and sooner: once its heartbeat lapses (issue 24, item 6).
    ...(config.heartbeatSeconds ? { heartbeatSeconds: config.heartbeatSeconds } : {}),
  };
  // createQueue leaves an existing queue as it is; updateQueue applies this process's settings.
  if (await boss.getQueue(MESSAGE_QUEUE)) await boss.updateQueue(MESSAGE_QUEUE, queueOptions);
  else await boss.createQueue(MESSAGE_QUEUE, queueOptions);
  return {
    boss,
    target,
    config,
    jobOptions: queueOptions,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

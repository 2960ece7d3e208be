// A message worker's lease on the messages it has taken, held by a database session (issue 24, item 6).
//
// Each worker process has one id (`processWorkerId`) and, for as long as it lives, one database session
// named `levelup-worker:<id>` (its application_name). The worker writes its id on the messages of each
// batch it fetches and on the message it claims; settling a message clears it. When the process dies,
// even by SIGKILL, the server ends its session as the socket closes, and any live worker
// (`reclaimFromStoppedWorkers`, every MESSAGE_REAP_SECONDS) finds messages whose worker has no session:
// it puts a SENDING one back to QUEUED and hands their jobs back to the queue at once (cancel + resume:
// no retry counted, no delay). Before, those jobs waited for pg-boss's heartbeat to lapse (10 s at the
// least) and a message in flight for the send window (20 s). pg-boss's heartbeat and the send window
// stay as the fallback (a worker cut off from the database but still running, a crash between steps).
//
// PGlite: one process per folder, so the session is the one PGlite instance, renamed; a worker that
// starts on a folder a killed process left takes back that process's messages at once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { Counter } from 'prom-client';
import { type DatabaseTarget, openPglite } from '../db/target';
import type { PrismaClient } from '../generated/prisma/client';
import { log } from '../http/log';
import { MESSAGE_QUEUE } from './queue';

export const WORKER_SESSION_PREFIX = 'levelup-worker:';

/**
 * Messages this process took back from stopped workers, for the metrics (createMetrics registers it):
 * a rise is a worker process that died with messages in hand. In no registry of its own.
 */
export const reclaimedMessages = new Counter({
  name: 'levelup_messages_reclaimed_total',
  help: "Messages this process took back from message workers whose database session had ended (a killed or crashed worker's batch)",
  registers: [],
});

/** This process's worker id: one per process, however many workers it starts. */
export const processWorkerId = randomUUID();

export interface WorkerLease {
  workerId: string;
  release(): Promise<void>;
}

interface Held {
  users: number;
  close(): Promise<void>;
}

/** The lease sessions this process holds, one per database (tests open several in one process). */
const held = new Map<string, Held>();

function keyOf(target: DatabaseTarget): string {
  return target.kind === 'pglite' ? `pglite:${target.dataDir}` : target.url;
}

/**
 * Opens (or shares) this process's lease session on `target`. On PostgreSQL a dropped session is
 * opened again within a second or two; meanwhile other workers take this one for dead and hand its
 * messages back (at worst a message in flight goes out twice, as after a kill).
 */
export async function holdWorkerLease(target: DatabaseTarget): Promise<WorkerLease> {
  const key = keyOf(target);
  let entry = held.get(key);
  if (!entry) {
    entry = target.kind === 'pglite' ? await nameThePgliteSession(target.dataDir) : await openLeaseSession(target.url);
    held.set(key, entry);
  }
  entry.users += 1;
  const lease = entry;
  let released = false;
  return {
    workerId: processWorkerId,
    async release() {
      if (released) return;
      released = true;
      lease.users -= 1;
      if (lease.users > 0) return;
      held.delete(key);
      await lease.close();
    },
  };
}

const sessionName = `${WORKER_SESSION_PREFIX}${processWorkerId}`;

async function nameThePgliteSession(dataDir: string): Promise<Held> {
  const db = await openPglite(dataDir);
  await db.query(`SELECT set_config('application_name', $1, false)`, [sessionName]);
  // Nothing to close: the process's one PGlite session ends with the process.
  return { users: 0, close: async () => {} };
}

async function openLeaseSession(url: string): Promise<Held> {
  let closing = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: sessionName, keepAlive: true });
    next.on('error', () => undefined); // reported by 'end' below
    next.on('end', () => {
      if (closing || client !== next) return;
      log('warn', 'message worker lease session lost; opening it again');
      client = undefined;
      setTimeout(() => reconnect(1), 1000).unref();
    });
    await next.connect();
    // The URL's own application_name, if it has one, would win over the option above.
    await next.query(`SELECT set_config('application_name', $1, false)`, [sessionName]);
    client = next;
  };
  const reconnect = (attempt: number) => {
    if (closing) return;
    connect().catch(() => {
      setTimeout(() => reconnect(attempt + 1), Math.min(5000, 1000 * attempt)).unref();
    });
  };
  await connect();
  return {
    users: 0,
    async close() {
      closing = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Hands back the messages of workers whose lease session is gone: SENDING ones go back to QUEUED (the
 * attempt stays counted: it may have reached the provider), and their jobs still active or waiting for
 * a retry go back to the queue now. Only one live worker takes back a given message (the UPDATE's row
 * locks). Returns how many jobs went back.
 */
export async function reclaimFromStoppedWorkers(prisma: PrismaClient, boss: PgBoss, workerId: string): Promise<number> {
  const freed = await prisma.$queryRaw<{ id: number; status: string }[]>`
    UPDATE "Message" m
       SET "workerId" = NULL,
           status = CASE WHEN m.status = 'SENDING' THEN 'QUEUED'::"MessageStatus" ELSE m.status END
     WHERE m."workerId" IS NOT NULL AND m."workerId" <> ${workerId}
       AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a
                        WHERE a.application_name = ${WORKER_SESSION_PREFIX} || m."workerId")
    RETURNING m.id, m.status::text AS status`;
  const messageIds = freed.filter((row) => row.status === 'QUEUED').map((row) => String(row.id));
  if (messageIds.length === 0) return 0;
  reclaimedMessages.inc(messageIds.length);
  const jobs = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM pgboss.job
     WHERE name = ${MESSAGE_QUEUE} AND state IN ('active', 'retry')
       AND data->>'messageId' = ANY(${messageIds}::text[])`;
  const jobIds = jobs.map((job) => job.id);
  if (jobIds.length > 0) {
    await boss.cancel(MESSAGE_QUEUE, jobIds);
    await boss.resume(MESSAGE_QUEUE, jobIds);
  }
  log('info', 'messages of a stopped worker taken back', { messages: messageIds.length, jobs: jobIds.length });
  return jobIds.length;
}

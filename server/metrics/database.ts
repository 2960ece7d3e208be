// Figures read from the database at scrape time, one cheap query each: the message queue's jobs per
// pg-boss queue and state with the age of its oldest waiting job, Message rows by status, and the pg
// Pool's connections. They describe the whole database, so every process reports the same queue and
// message figures (aggregate them with max, not sum); the pool figures are this process's own.
import { Gauge, type Registry } from 'prom-client';
import { hasPool, poolOf } from '../db/pool-watch';
import { MessageStatus, type PrismaClient } from '../generated/prisma/client';
import { log } from '../http/log';

/** pg-boss's live job states (completed and cancelled rows are history, kept for retention only). */
const LIVE_STATES = ['created', 'retry', 'active', 'failed'] as const;

interface QueueRow {
  queue: string;
  state: string | null;
  jobs: number;
  oldestSeconds: number | null;
}

/**
 * One query over pg-boss's own tables (pg-boss 12: `pgboss.queue`, and `pgboss.job` partitioned by
 * queue name, whose partial index job_i14 (name, state, …) WHERE live states serves the join). Every
 * queue gets a row, with no jobs too. Waiting: created or retry and due (start_after passed).
 */
function queueFigures(prisma: PrismaClient): Promise<QueueRow[]> {
  return prisma.$queryRaw<QueueRow[]>`
    SELECT q.name AS queue, j.state::text AS state, count(j.id)::int AS jobs,
      extract(epoch FROM now() - min(j.start_after)
        FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::float8 AS "oldestSeconds"
    FROM pgboss.queue q
    LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active', 'failed')
    GROUP BY q.name, j.state`;
}

/** Runs `load` once for the gauges that collect from it in the same scrape (they collect in parallel). */
function shared<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/**
 * A scrape waits this long for a figure from the database. When every connection is taken (the moment
 * the figures matter most) the query would wait its turn for as long as that lasts, and the scraper
 * would time out with nothing: past this the figure is left out, and the pool and request figures,
 * which need no connection, still answer.
 */
export const FIGURE_TIME_LIMIT_MS = 2_000;

/** A collector that fails or is slow leaves its gauge empty for that scrape (logged), never the whole scrape. */
async function orNothing<T>(what: string, load: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${FIGURE_TIME_LIMIT_MS} ms`)), FIGURE_TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([load(), late]);
  } catch (error) {
    log('warn', 'metrics: could not read figures', {
      what,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Past this many Message rows (by the table's statistics) the SENT figure is the statistics' row
 * estimate less the exact count of the other states: SENT rows are the whole history, and counting them
 * at every scrape would read a table that only grows (issue 24). Below it every figure is exact.
 */
export const EXACT_MESSAGE_ROWS = 200_000;

/**
 * Message rows by status: QUEUED, SENDING and FAILED counted exactly from the partial index of rows not
 * yet SENT; SENT counted too while the table is small, else estimated (see EXACT_MESSAGE_ROWS).
 */
async function messageFigures(prisma: PrismaClient, exactUpTo: number): Promise<Map<MessageStatus, number>> {
  const live = await prisma.$queryRaw<{ status: MessageStatus; n: number }[]>`
    SELECT status::text AS status, count(*)::int AS n FROM "Message" WHERE status <> 'SENT' GROUP BY status`;
  const counts = new Map<MessageStatus, number>(Object.values(MessageStatus).map((status) => [status, 0]));
  for (const row of live) counts.set(row.status, row.n);
  // reltuples is -1 until the table was first analysed: then it is counted.
  const [{ estimate }] = await prisma.$queryRaw<{ estimate: number }[]>`
    SELECT reltuples::float8 AS estimate FROM pg_class WHERE oid = '"Message"'::regclass`;
  if (estimate >= exactUpTo) {
    const others = live.reduce((sum, row) => sum + row.n, 0);
    counts.set(MessageStatus.SENT, Math.max(0, Math.round(estimate) - others));
  } else {
    counts.set(MessageStatus.SENT, await prisma.message.count({ where: { status: MessageStatus.SENT } }));
  }
  return counts;
}

export function registerDatabaseMetrics(
  registry: Registry,
  prisma: PrismaClient,
  { queue, exactMessageRows = EXACT_MESSAGE_ROWS }: { queue: boolean; exactMessageRows?: number },
): void {
  new Gauge({
    name: 'levelup_messages',
    help: `Message rows (email and SMS, every centre together) by status at scrape time; SENT is estimated from the table's statistics once it holds ${exactMessageRows} rows`,
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await orNothing('messages', () => messageFigures(prisma, exactMessageRows));
      if (!counts) return;
      for (const [status, rows] of counts) this.set({ status }, rows);
    },
  });

  if (queue) {
    const figures = shared(() => orNothing('queue', () => queueFigures(prisma)));
    new Gauge({
      name: 'levelup_queue_jobs',
      help: 'pg-boss jobs per queue in each live state (created, retry, active, failed)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await figures();
        for (const row of rows ?? []) {
          for (const state of LIVE_STATES) this.set({ queue: row.queue, state }, 0);
        }
        for (const row of rows ?? []) if (row.state) this.set({ queue: row.queue, state: row.state }, row.jobs);
      },
    });
    new Gauge({
      name: 'levelup_queue_oldest_waiting_seconds',
      help: 'Per pg-boss queue, how long its oldest due job (created or retry) has waited for a worker; 0 when none',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const oldest = new Map<string, number>();
        for (const row of (await figures()) ?? []) {
          oldest.set(row.queue, Math.max(oldest.get(row.queue) ?? 0, row.oldestSeconds ?? 0));
        }
        for (const [name, seconds] of oldest) this.set({ queue: name }, seconds);
      },
    });
  }

  // PostgreSQL only: PGlite is one in-process connection, with no pool to report.
  if (!hasPool(prisma)) return;
  const pool = (read: (p: NonNullable<ReturnType<typeof poolOf>>) => number) =>
    function collect(this: Gauge) {
      this.reset();
      const current = poolOf(prisma);
      if (current) this.set(read(current));
    };
  new Gauge({
    name: 'levelup_db_pool_connections',
    help: "Connections open in this process's database pool (in use plus idle)",
    registers: [registry],
    collect: pool((p) => p.totalCount),
  });
  new Gauge({
    name: 'levelup_db_pool_max_connections',
    help: "The most connections this process's database pool opens",
    registers: [registry],
    collect: pool((p) => p.options.max ?? 10),
  });
  new Gauge({
    name: 'levelup_db_pool_idle_connections',
    help: "Idle connections in this process's database pool",
    registers: [registry],
    collect: pool((p) => p.idleCount),
  });
  new Gauge({
    name: 'levelup_db_pool_waiting_requests',
    help: "Queries and transactions waiting for a connection from this process's database pool",
    registers: [registry],
    collect: pool((p) => p.waitingCount),
  });
}

import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { PrismaClient } from '../generated/prisma/client';

// rate-limiter-flexible keeps its counters in PostgreSQL, so every API instance shares them. Its
// RateLimiterPostgres only needs a client with `query({ text, values })` answering `{ rows, rowCount }`:
// this one runs the library's statements through our Prisma client, so the same code serves PostgreSQL
// and the embedded PGlite without a second connection pool.
export const RATE_LIMIT_TABLE = 'RateLimit'; // created by a migration (tableCreated: true)

interface Statement {
  text: string;
  values?: unknown[];
}

// The library passes epoch milliseconds (beyond int4) and reads `expire` (int8) back as a number.
const toParam = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) > 2 ** 31 ? BigInt(v) : v);
const fromColumn = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);

export function prismaStoreClient(prisma: PrismaClient) {
  return {
    async query({ text, values = [] }: Statement) {
      const params = values.map(toParam);
      if (/^\s*DELETE\b/i.test(text)) {
        return { rows: [], rowCount: await prisma.$executeRawUnsafe(text, ...params) };
      }
      const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(text, ...params);
      const converted = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, fromColumn(v)])));
      return { rows: converted, rowCount: converted.length };
    },
  };
}

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** Seconds a counter lives from its first point. */
  duration: number;
}

export function postgresLimiter(prisma: PrismaClient, options: LimiterOptions): RateLimiterPostgres {
  return new RateLimiterPostgres({
    ...options,
    storeClient: prismaStoreClient(prisma),
    storeType: 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
  });
}

/**
 * One limiter per Prisma client, made when first asked for (a module-level throttle: every app in the
 * process over the same database shares its counters through the table, each client its own limiter).
 */
export function limiterPerClient(options: LimiterOptions): (prisma: PrismaClient) => RateLimiterPostgres {
  const limiters = new WeakMap<PrismaClient, RateLimiterPostgres>();
  return (prisma) => {
    let limiter = limiters.get(prisma);
    if (!limiter) {
      limiter = postgresLimiter(prisma, options);
      limiters.set(prisma, limiter);
    }
    return limiter;
  };
}

// Which database this process talks to, decided once from DATABASE_URL:
//   unset             -> PGlite in ./data/pglite (the embedded default)
//   pglite:<dir>      -> PGlite in <dir> (pglite:memory:// keeps it in memory)
//   postgresql://...  -> a PostgreSQL server
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockDataDir } from './pglite-lock';

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/**
 * The folder holding package.json: found by walking up, so that the same code works from its source
 * (server/db/) and from the compiled bundle (build/server/).
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'prisma'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(import.meta.dirname, '../..');
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
export const defaultDataDir = path.join(projectRoot, 'data');

export function resolveDatabaseTarget(url = process.env.DATABASE_URL): DatabaseTarget {
  if (!url) return { kind: 'pglite', dataDir: path.join(defaultDataDir, 'pglite') };
  if (url.startsWith('pglite:')) {
    const dir = url.slice('pglite:'.length);
    if (!dir) throw new Error('DATABASE_URL "pglite:" needs a folder, e.g. pglite:./data/pglite');
    return { kind: 'pglite', dataDir: dir.startsWith('memory://') ? dir : path.resolve(dir) };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgres', url };
  throw new Error('DATABASE_URL must start with postgresql://, postgres:// or pglite:');
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return `PGlite (${target.dataDir})`;
  const u = new URL(target.url);
  return `PostgreSQL (${u.hostname}:${u.port || 5432}${u.pathname})`; // never the password
}

// One PGlite instance per folder and process: two instances on the same files would corrupt them.
// Other processes are kept out by the folder's lock file (pglite-lock.ts).
const pgliteInstances = new Map<string, { instance: Promise<PGlite>; release: () => void }>();

/** `loadDataDir`: start from a dumpDataDir() tarball instead of an empty cluster (tests' migrated template). */
export function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const open = pgliteInstances.get(dataDir);
  if (open) return open.instance;
  const inMemory = dataDir.startsWith('memory://');
  // PGlite does not create parent folders.
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // Refused here, before PGlite reads a file, when another process has the folder.
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  // Extensions the migrations create must be loaded into PGlite (the server has them installed).
  const instance = PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: options.loadDataDir });
  pgliteInstances.set(dataDir, { instance, release });
  instance.catch(() => {
    if (pgliteInstances.get(dataDir)?.instance === instance) pgliteInstances.delete(dataDir);
    release();
  });
  return instance;
}

export async function closePglite(dataDir: string): Promise<void> {
  const open = pgliteInstances.get(dataDir);
  if (!open) return;
  pgliteInstances.delete(dataDir);
  try {
    await (await open.instance).close();
  } finally {
    open.release();
  }
}

/** The PostgreSQL pools this process opened (for metrics and the shedding check), by label. */
export const openPools = new Map<string, pg.Pool>();

export interface PoolSettings {
  /** Connections in the pool (DATABASE_POOL_SIZE, default 10). */
  size: number;
  /** How long a query or a transaction may wait for a connection before the request is refused
   *  with a 503 (DATABASE_POOL_WAIT_MS, default 10,000). */
  waitMs: number;
  /** How long one transaction may run (DATABASE_TRANSACTION_MS, default 20,000). */
  transactionMs: number;
}

const DEFAULT_POOL: PoolSettings = { size: 10, waitMs: 10_000, transactionMs: 20_000 };

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  return value;
}

/** Pool size and waits from the environment (see README, "Running in production"). */
export function loadPoolSettings(env: NodeJS.ProcessEnv = process.env): PoolSettings {
  return {
    size: positiveInt(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL.size, 500),
    waitMs: positiveInt(env, 'DATABASE_POOL_WAIT_MS', DEFAULT_POOL.waitMs, 600_000),
    transactionMs: positiveInt(env, 'DATABASE_TRANSACTION_MS', DEFAULT_POOL.transactionMs, 600_000),
  };
}

export async function createAdapterFactory(target: DatabaseTarget, pool: PoolSettings = DEFAULT_POOL, label = 'app') {
  if (target.kind === 'postgres') {
    const opened = new pg.Pool({
      connectionString: target.url,
      max: pool.size,
      connectionTimeoutMillis: pool.waitMs,
      idleTimeoutMillis: 30_000,
      application_name: `levelup-${label}`,
    });
    openPools.set(label, opened);
    opened.on('error', () => undefined); // an idle connection's error: the pool drops it and opens another
    return new PrismaPg(opened, { disposeExternalPool: true });
  }
  return new PrismaPGlite(await openPglite(target.dataDir));
}

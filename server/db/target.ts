// Which database this process talks to, decided once from DATABASE_URL:
//   unset             -> PGlite in ./data/pglite (the embedded default)
//   pglite:<dir>      -> PGlite in <dir> (pglite:memory:// keeps it in memory)
//   postgresql://...  -> a PostgreSQL server
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockDataDir } from './pglite-lock';

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export const projectRoot = path.resolve(import.meta.dirname, '../..');
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

export async function createAdapterFactory(target: DatabaseTarget) {
  if (target.kind === 'postgres') return new PrismaPg({ connectionString: target.url });
  return new PrismaPGlite(await openPglite(target.dataDir));
}

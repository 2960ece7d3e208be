// Prisma's schema engine, compiled to WASM, driven through a driver adapter: migrations work with no
// native engine and no network. Migrations land in Prisma's own _prisma_migrations table, so the stock
// CLI can take over wherever it can download its engines.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { createAdapterFactory, type DatabaseTarget, openPools, projectRoot } from './target';

export const migrationsDir = path.join(projectRoot, 'prisma/migrations');
export const schemaPath = path.join(projectRoot, 'prisma/schema.prisma');
const noFilter = { externalTables: [], externalEnums: [] };

let engineModule: Promise<typeof import('@prisma/schema-engine-wasm')> | undefined;

// The package's own entry imports the .wasm file as an ES module, which Node cannot do: instantiate it by hand.
function loadEngineModule() {
  engineModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const pkgDir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
    const glue = await import(pathToFileURL(path.join(pkgDir, 'schema_engine_bg.js')).href);
    const bytes = readFileSync(path.join(pkgDir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue as typeof import('@prisma/schema-engine-wasm');
  })();
  return engineModule;
}

/**
 * The schema engine on `target`, and how to close it: free the engine, then end the connection pool it
 * used (on PostgreSQL a pool of its own). Ending the pool matters: Prisma's engine releases its advisory
 * lock by closing its connection, so a pool left open held the lock for the life of the process and
 * every other instance starting then gave up after 10 s (issue 24, item 2).
 */
export async function openSchemaEngine(target: DatabaseTarget, log: (line: string) => void = () => {}) {
  const { SchemaEngine } = await loadEngineModule();
  const label = `migrate-${++engines}`;
  const factory = bindMigrationAwareSqlAdapterFactory(
    await createAdapterFactory(target, { size: 2, waitMs: 60_000, transactionMs: 600_000 }, label),
  );
  const engine = (await SchemaEngine.new(
    { datamodels: undefined },
    (line: string) => log(line),
    factory,
  )) as SchemaEngine;
  return {
    engine,
    async close() {
      engine.free();
      const pool = openPools.get(label);
      openPools.delete(label);
      await pool?.end().catch(() => undefined);
    },
  };
}
let engines = 0;

export function readMigrations() {
  const dirs = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  let lock: string | null = null;
  try {
    lock = readFileSync(lockPath, 'utf8');
  } catch {
    lock = null;
  }
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lock },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((dir) => ({
      path: dir,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: readFileSync(path.join(migrationsDir, dir, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/**
 * Applies the pending migrations. On PostgreSQL several instances may start at once (issue 24, item 2):
 * each first waits, without a deadline, for this lock of ours, so that one migrates while the others
 * wait and then find nothing to do. (Prisma's engine takes its own advisory lock with a 10 s timeout,
 * which killed the second instance; under ours it is never contended.)
 */
export async function applyMigrations(target: DatabaseTarget, log?: (line: string) => void): Promise<string[]> {
  if (target.kind === 'postgres') return withMigrationLock(target.url, () => applyNow(target, log));
  return applyNow(target, log);
}

/** Our migration lock's key, beside Prisma's own (72707369). */
export const MIGRATION_LOCK_KEY = 72_707_370;

async function withMigrationLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, application_name: 'levelup-migrate' });
  await client.connect();
  const started = Date.now();
  const waiting = setInterval(
    () => console.log(`waiting for another instance's migrations (${Math.round((Date.now() - started) / 1000)} s)`),
    10_000,
  );
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    clearInterval(waiting);
    return await work();
  } finally {
    clearInterval(waiting);
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** The names of this code's migrations (their folders). */
export function migrationNames(): string[] {
  return readMigrations().migrationDirectories.map((d) => d.path);
}

/**
 * This code's migrations that the database has not finished applying (all of them when it has no
 * migrations table yet). Read through the app's own client: cheap enough for a readiness check.
 */
export async function pendingMigrations(db: { $queryRawUnsafe<T>(query: string): Promise<T> }): Promise<string[]> {
  let done: { migration_name: string }[] = [];
  try {
    done = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
    );
  } catch {
    done = [];
  }
  const applied = new Set(done.map((r) => r.migration_name));
  return migrationNames().filter((name) => !applied.has(name));
}

/**
 * Waits, without a deadline, until the database holds every migration of this code (another process
 * runs them: MIGRATE_ON_START=false); `report` is told every 30 s how long and how many are pending.
 */
export async function waitForMigrations(
  db: Parameters<typeof pendingMigrations>[0],
  report: (waitedSeconds: number, pending: number) => void,
): Promise<void> {
  const began = Date.now();
  let lastReport = 0;
  for (;;) {
    const pending = await pendingMigrations(db).catch(() => ['(database unreachable)']);
    if (!pending.length) return;
    if (Date.now() - lastReport >= 30_000) {
      lastReport = Date.now();
      report(Math.round((Date.now() - began) / 1000), pending.length);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function applyNow(target: DatabaseTarget, log?: (line: string) => void): Promise<string[]> {
  const { engine, close } = await openSchemaEngine(target, log);
  try {
    const out = await engine.applyMigrations({ migrationsList: readMigrations(), filters: noFilter });
    return out.appliedMigrationNames;
  } finally {
    await close();
  }
}

export async function migrationStatus(target: DatabaseTarget) {
  const { engine, close } = await openSchemaEngine(target);
  try {
    return await engine.diagnoseMigrationHistory({
      migrationsList: readMigrations(),
      optInToShadowDatabase: false,
      filters: noFilter,
    });
  } finally {
    await close();
  }
}

// The SQL that takes a database holding every existing migration to the current schema.prisma.
export async function diffMigrationsToSchema(): Promise<string | null> {
  const scratch: DatabaseTarget = { kind: 'pglite', dataDir: 'memory://migration-diff' };
  await applyMigrations(scratch);
  const { engine, close } = await openSchemaEngine(scratch);
  try {
    const schema = { files: [{ path: schemaPath, content: readFileSync(schemaPath, 'utf8') }] };
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', ...schema, configDir: projectRoot },
      to: { tag: 'schemaDatamodel', ...schema },
      script: true,
      exitCode: null,
      filters: noFilter,
    } as Parameters<SchemaEngine['diff']>[0]);
    return result.stdout;
  } finally {
    await close();
  }
}

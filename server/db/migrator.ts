// Prisma's schema engine, compiled to WASM, driven through a driver adapter: migrations work with no
// native engine and no network. Migrations land in Prisma's own _prisma_migrations table, so the stock
// CLI can take over wherever it can download its engines.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { createAdapterFactory, type DatabaseTarget, projectRoot } from './target';

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

export async function openSchemaEngine(target: DatabaseTarget, log: (line: string) => void = () => {}) {
  const { SchemaEngine } = await loadEngineModule();
  const factory = bindMigrationAwareSqlAdapterFactory(await createAdapterFactory(target));
  return SchemaEngine.new({ datamodels: undefined }, (line: string) => log(line), factory) as Promise<SchemaEngine>;
}

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

export async function applyMigrations(target: DatabaseTarget, log?: (line: string) => void): Promise<string[]> {
  const engine = await openSchemaEngine(target, log);
  try {
    const out = await engine.applyMigrations({ migrationsList: readMigrations(), filters: noFilter });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

export async function migrationStatus(target: DatabaseTarget) {
  const engine = await openSchemaEngine(target);
  try {
    return await engine.diagnoseMigrationHistory({
      migrationsList: readMigrations(),
      optInToShadowDatabase: false,
      filters: noFilter,
    });
  } finally {
    engine.free();
  }
}

// The SQL that takes a database holding every existing migration to the current schema.prisma.
export async function diffMigrationsToSchema(): Promise<string | null> {
  const scratch: DatabaseTarget = { kind: 'pglite', dataDir: 'memory://migration-diff' };
  await applyMigrations(scratch);
  const engine = await openSchemaEngine(scratch);
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
    engine.free();
  }
}

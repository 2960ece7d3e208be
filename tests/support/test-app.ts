import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { createApp } from '../../server/app';
import { createPrisma } from '../../server/db/client';
import { applyMigrations } from '../../server/db/migrator';
import { closePglite, type DatabaseTarget, openPglite } from '../../server/db/target';
import type { AppDeps } from '../../server/deps';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { databaseUrl, withAdmin } from './global-setup';

export interface TestContext {
  app: ReturnType<typeof createApp>;
  prisma: PrismaClient;
  jwtSecret: string;
  /** This file's database, for what opens its own connection to it (the message queue). */
  target: DatabaseTarget;
  close(): Promise<void>;
}

/** The template tests/support/global-setup.ts made for this run, if any (none outside Vitest: the bench). */
async function provided<K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(key);
}

/**
 * Lets a closed PGlite's memory go (its WebAssembly heap, a few hundred MB) even while the test file
 * that used it keeps a reference to its app, client or instance: the API projects run many files in
 * each worker process (vitest.config.mts, isolate: false), whose modules live on after their file.
 */
function forget(instance: PGlite): void {
  for (const field of ['mod', 'fs'] as const) Reflect.deleteProperty(instance, field);
}

/**
 * A migrated database of its own for one test file: in-memory PGlite loaded from the run's template
 * tarball, or a new database on TEST_DATABASE_URL copied from the run's template database. Without a
 * template (the bench), a fresh database is migrated.
 */
export async function freshDatabase(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const name = `levelup_test_${randomBytes(6).toString('hex')}`;
  if (process.env.TEST_DB !== 'postgres') {
    const target: DatabaseTarget = { kind: 'pglite', dataDir: `memory://${name}` };
    const template = await provided('pgliteTemplate');
    if (!template) await applyMigrations(target);
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    const instance = await openPglite(target.dataDir, { loadDataDir });
    return { target, drop: () => closePglite(target.dataDir).then(() => forget(instance)) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = await provided('postgresTemplate');
  await withAdmin(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const target: DatabaseTarget = { kind: 'postgres', url: databaseUrl(serverUrl, name) };
  if (!template) await applyMigrations(target);
  return {
    target,
    drop: () =>
      withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/** `deps`: more of the app's dependencies (billing: a Stripe client pointed at the stand-in). */
export async function createTestContext(
  deps: Partial<Omit<AppDeps, 'prisma' | 'jwtSecret'>> = {},
): Promise<TestContext> {
  const database = await freshDatabase();
  const prisma = await createPrisma(database.target);
  const jwtSecret = randomBytes(32).toString('hex');
  const app = createApp({ sinKey: randomBytes(32), ...deps, prisma, jwtSecret });
  return {
    app,
    prisma,
    jwtSecret,
    target: database.target,
    close: async () => {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../../server/app';
import { createPrisma } from '../../server/db/client';
import { applyMigrations } from '../../server/db/migrator';
import { closePglite, type DatabaseTarget } from '../../server/db/target';
import type { PrismaClient } from '../../server/generated/prisma/client';

export interface TestContext {
  app: ReturnType<typeof createApp>;
  prisma: PrismaClient;
  jwtSecret: string;
  close(): Promise<void>;
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL. */
async function freshDatabase(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const name = `levelup_test_${randomBytes(6).toString('hex')}`;
  if (process.env.TEST_DB !== 'postgres') {
    const target: DatabaseTarget = { kind: 'pglite', dataDir: `memory://${name}` };
    return { target, drop: () => closePglite(target.dataDir) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestContext(): Promise<TestContext> {
  const database = await freshDatabase();
  await applyMigrations(database.target);
  const prisma = await createPrisma(database.target);
  const jwtSecret = randomBytes(32).toString('hex');
  const app = createApp({ prisma, jwtSecret, sinKey: randomBytes(32) });
  return {
    app,
    prisma,
    jwtSecret,
    close: async () => {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

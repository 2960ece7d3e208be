// Issue 24, item 2: instances started together on one PostgreSQL all come up. Each waits, without a
// deadline, for the migration lock (server/db/migrator.ts); one migrates, the others find nothing to do.
// Before, the second died after Prisma's 10 s advisory-lock timeout.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../../server/db/client';
import { applyMigrations, MIGRATION_LOCK_KEY, migrationNames, pendingMigrations } from '../../server/db/migrator';
import type { DatabaseTarget } from '../../server/db/target';
import { databaseUrl, withAdmin } from '../support/global-setup';

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `levelup_migrate_${randomBytes(5).toString('hex')}`;

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'migrations started by several instances at once (PostgreSQL)',
  () => {
    afterAll(() => withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

    it('waits past 10 s for the lock, then one instance migrates and the others find nothing to do', async () => {
      await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
      const target: DatabaseTarget = { kind: 'postgres', url: databaseUrl(serverUrl, name) };
      // Another instance holds the lock for longer than Prisma's own 10 s deadline.
      const holder = new pg.Client({ connectionString: target.url });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let settled = 0;
      const starts = [applyMigrations(target), applyMigrations(target), applyMigrations(target)].map((p) =>
        p.finally(() => {
          settled++;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(settled).toBe(0); // still waiting, none gave up
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await holder.end();
      const applied = await Promise.all(starts);
      const counts = applied.map((names) => names.length).sort((a, b) => a - b);
      expect(counts).toEqual([0, 0, migrationNames().length]);
      const prisma = await createPrisma(target);
      try {
        expect(await pendingMigrations(prisma)).toEqual([]);
      } finally {
        await prisma.$disconnect();
      }
    }, 120_000);
  },
);

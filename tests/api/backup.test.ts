// Backups (issue 24, server/db/backup.ts): the demo centre, with a job waiting in pg-boss, backed up and
// restored into an empty database of the same kind and of the other kind (PGlite <-> PostgreSQL), then
// compared table by table (the same tables in public and pgboss, each with the same rows: an md5 of its
// rows); the restored database is at the backup's migrations and its queued job is still there. A
// database with tables is refused, and so is a corrupt, truncated or foreign file; a script that fails
// halfway is rolled back, even after --replace dropped the schemas.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, decodeBackup, encodeBackup, restoreDatabase, tableDigests } from '../../server/db/backup';
import { applyMigrations } from '../../server/db/migrator';
import { closePglite, type DatabaseTarget } from '../../server/db/target';
import { MESSAGE_QUEUE, openMessageQueue } from '../../server/messaging/queue';
import { seedDemo } from '../../server/seed/demo';
import { databaseUrl, withAdmin } from '../support/global-setup';
import { testMessagingConfig } from '../support/messaging-config';
import { createTestContext, type TestContext } from '../support/test-app';

const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const serverUrl = process.env.TEST_DATABASE_URL;
const other = kind === 'postgres' ? 'pglite' : 'postgres';

/** A database with nothing in it: a new in-memory PGlite, or a new database on TEST_DATABASE_URL. */
async function emptyDatabase(of: 'pglite' | 'postgres'): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const name = `levelup_restore_${randomBytes(6).toString('hex')}`;
  if (of === 'pglite') {
    const target: DatabaseTarget = { kind: 'pglite', dataDir: `memory://${name}` };
    return { target, drop: () => closePglite(target.dataDir) };
  }
  if (!serverUrl) throw new Error('needs TEST_DATABASE_URL');
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  return {
    target: { kind: 'postgres', url: databaseUrl(serverUrl, name) },
    drop: () => withAdmin(serverUrl, (a) => a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

let ctx: TestContext;
let dir: string;
let backupFile: string;
let jobId: string;
let seeded: Awaited<ReturnType<typeof tableDigests>>;
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.prisma);
  // A message job waiting for an hour: it must come back with the restore.
  const queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent' }));
  jobId = (await queue.boss.send(MESSAGE_QUEUE, { messageId: 1 }, { startAfter: 3600 })) as string;
  await queue.stop();
  seeded = await tableDigests(ctx.target);
  dir = mkdtempSync(path.join(tmpdir(), 'levelup-backup-'));
  backupFile = path.join(dir, 'centre.sql.gz');
}, 180_000);

afterAll(async () => {
  for (const drop of drops) await drop();
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function restoredCopy(of: 'pglite' | 'postgres') {
  const empty = await emptyDatabase(of);
  drops.push(empty.drop);
  await restoreDatabase(empty.target, backupFile);
  return empty.target;
}

describe(`backup and restore (${kind})`, { timeout: 180_000 }, () => {
  it('backs up every table of public and pgboss with its row count, in a file the restore reads', async () => {
    const { bytes, info } = await backupDatabase(ctx.target, backupFile);
    expect(bytes).toBe(readFileSync(backupFile).length);
    expect(info.source).toBe(kind);
    expect(info.tables).toEqual(seeded.map(({ table, rows }) => ({ table, rows })));
    const tables = new Map(info.tables.map((t) => [t.table, t.rows]));
    expect(tables.get('public.User')).toBe(await ctx.prisma.user.count());
    expect(tables.get('public.Student')).toBeGreaterThan(50);
    expect(tables.get('public._prisma_migrations')).toBe(info.migrations.count);
    expect(tables.get('pgboss.job_common')).toBe(1); // the waiting job (the queue's jobs live there)
    expect(tables.get('pgboss.version')).toBe(1);
    expect(decodeBackup(readFileSync(backupFile)).sql).toContain('CREATE SCHEMA pgboss;');
    // Backing up wrote nothing.
    expect(await tableDigests(ctx.target)).toEqual(seeded);
  });

  it('refuses a corrupt, truncated or foreign file, leaving the empty database empty, then restores the right one table for table', async () => {
    const empty = await emptyDatabase(kind);
    drops.push(empty.drop);
    const good = readFileSync(backupFile);
    const plain = decodeBackup(good);
    const cases: [string, Buffer, RegExp][] = [
      ['truncated.sql.gz', good.subarray(0, Math.floor(good.length / 2)), /corrupt or truncated \(gzip/],
      ['flipped.sql.gz', flipped(good, 500), /corrupt or truncated \(gzip/],
      [
        'altered.sql.gz',
        gzipSync(Buffer.from(gunzipText(good).replace("'Level Up Demo Centre'", "'Level Down Demo Centre'"))),
        /corrupt: its checksum does not match/,
      ],
      ['cut.sql', Buffer.from(gunzipText(good).slice(0, 200_000)), /truncated: its end line is missing/],
      ['foreign.sql', Buffer.from(`${plain.sql}\n`), /not a Level Up backup/],
      ['empty.sql.gz', Buffer.alloc(0), /not a Level Up backup/],
    ];
    for (const [name, bytes, message] of cases) {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      await expect(restoreDatabase(empty.target, file), name).rejects.toThrow(message);
    }
    expect(await tableDigests(empty.target)).toEqual([]);

    const result = await restoreDatabase(empty.target, backupFile);
    expect(result.replacedTables).toBe(0);
    expect(await tableDigests(empty.target)).toEqual(seeded);
    // At the backup's migrations: the migrator finds nothing to apply.
    expect(await applyMigrations(empty.target)).toEqual([]);
    // The job still waits in the queue.
    const queue = await openMessageQueue(empty.target, testMessagingConfig({ mailDir: '/nonexistent' }));
    try {
      const job = await queue.boss.getJobById<{ messageId: number }>(MESSAGE_QUEUE, jobId);
      expect(job?.data).toEqual({ messageId: 1 });
      expect(job?.state).toBe('created');
    } finally {
      await queue.stop();
    }
  });

  it.skipIf(other === 'postgres' && !serverUrl)(`restores into ${other} the same tables and rows`, async () => {
    const restored = await restoredCopy(other);
    expect(await tableDigests(restored)).toEqual(seeded);
    expect(await applyMigrations(restored)).toEqual([]);
  });

  it('refuses a database that has tables and changes nothing in it', async () => {
    await expect(restoreDatabase(ctx.target, backupFile)).rejects.toThrow(
      /not empty \(\d+ tables.*a restore goes only into an empty database.*--replace/s,
    );
    expect(await tableDigests(ctx.target)).toEqual(seeded);
  });

  it('rolls back a script that fails halfway, even after --replace dropped the schemas; --replace then restores', async () => {
    const { info, sql } = decodeBackup(readFileSync(backupFile));
    const failing = path.join(dir, 'failing.sql.gz');
    writeFileSync(
      failing,
      encodeBackup(info, Buffer.from(`${sql}\nINSERT INTO public."Organisation" (id) VALUES (NULL);\n`)),
    );
    await expect(restoreDatabase(ctx.target, failing, { replace: true })).rejects.toThrow(
      /rolled back; the database is as it was/,
    );
    expect(await tableDigests(ctx.target)).toEqual(seeded);

    // A change since the backup, then --replace: the database is the backup's again.
    await ctx.prisma.organisation.updateMany({ data: { name: 'Renamed' } });
    expect(await tableDigests(ctx.target)).not.toEqual(seeded);
    const result = await restoreDatabase(ctx.target, backupFile, { replace: true });
    expect(result.replacedTables).toBe(seeded.length);
    expect(await tableDigests(ctx.target)).toEqual(seeded);
  });
});

/** The whole file as text, header and trailer included (decodeBackup returns the SQL alone). */
function gunzipText(file: Buffer): string {
  return gunzipSync(file).toString();
}

/** The file with one byte inverted. */
function flipped(file: Buffer, at: number): Buffer {
  const copy = Buffer.from(file);
  copy[at] ^= 0xff;
  return copy;
}

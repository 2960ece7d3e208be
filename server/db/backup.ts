// Backups of the configured database (`npm run db:backup` / `db:restore`, scripts/db-backup.ts and
// scripts/db-restore.ts): one portable file for both databases, so a PGlite centre restores into
// PostgreSQL and back.
//
// The file is pg_dump's plain SQL, gzipped, between two comment lines of ours:
//   -- Level Up backup: {"format":1,...,"tables":[{"table":"public.User","rows":9},...]}
//   <pg_dump --no-owner --no-privileges --rows-per-insert=100 output: every schema, pgboss's too>
//   -- Level Up backup end: sha256 <hex of every byte above this line>
// The dumps are made by pg_dump itself: Debian's pg_dump for PostgreSQL (in the snapshot of a
// REPEATABLE READ transaction that also counts the rows, `--snapshot`), and for PGlite the WASM build of
// the same pg_dump in @electric-sql/pglite-tools, run on the process's one PGlite instance. INSERTs
// rather than COPY: pglite-tools always writes INSERTs, and INSERTs run through PGlite's exec() as well
// as through psql, so one format restores on both.
//
// A restore checks the file (gzip, our header, the checksum) before it touches the database, refuses a
// database that already has tables (unless `replace`), and runs the whole script in one transaction that
// ends by checking every table's row count against the header: any failure rolls it all back.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { type DatabaseTarget, openPglite } from './target';

export const BACKUP_FORMAT = 1;
const HEADER = '-- Level Up backup: ';
const TRAILER = '-- Level Up backup end: sha256 ';
/** The same pg_dump options on both databases (pglite-tools adds --inserts and -U postgres itself). */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=100'];

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface TableRows {
  /** schema.name, e.g. public.User */
  table: string;
  rows: number;
}

export interface BackupInfo {
  format: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  serverVersion: string;
  /** Applied Prisma migrations (_prisma_migrations) in the backup, and the latest one's name. */
  migrations: { count: number; latest: string | null };
  tables: TableRows[];
}

/** One query on either database, rows as plain objects. */
type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const qualified = (table: string) => {
  const dot = table.indexOf('.');
  return `${ident(table.slice(0, dot))}.${ident(table.slice(dot + 1))}`;
};

// Every ordinary table (partitions included, partitioned parents hold no rows) in every schema that
// pg_dump dumps: not the system's, not an extension's.
const USER_TABLES = `
  SELECT n.nspname || '.' || c.relname AS "table"
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  ORDER BY 1`;

export async function listTables(sql: Sql): Promise<string[]> {
  return (await sql(USER_TABLES)).map((row) => String(row.table));
}

export async function countRows(sql: Sql): Promise<TableRows[]> {
  const tables = await listTables(sql);
  if (tables.length === 0) return [];
  const rows = await sql(
    tables
      .map((t) => `SELECT ${literal(t)} AS "table", count(*)::bigint AS rows FROM ${qualified(t)}`)
      .join(' UNION ALL '),
  );
  const byTable = new Map(rows.map((row) => [String(row.table), Number(row.rows)]));
  return tables.map((table) => ({ table, rows: byTable.get(table) ?? 0 }));
}

/**
 * Each table's row count and an md5 of its rows (their text form, sorted bytewise), with the settings
 * that shape that text fixed, so that the same data gives the same digest on PGlite and PostgreSQL.
 * Runs in a transaction of its own (SET LOCAL leaves the session as it was).
 */
export async function tableDigests(target: DatabaseTarget): Promise<(TableRows & { md5: string })[]> {
  return withTransaction(target, async (sql) => {
    for (const setting of [
      "SET LOCAL TimeZone = 'UTC'",
      "SET LOCAL DateStyle = 'ISO, MDY'",
      "SET LOCAL IntervalStyle = 'postgres'",
      'SET LOCAL extra_float_digits = 1',
      "SET LOCAL bytea_output = 'hex'",
    ])
      await sql(setting);
    const out = [];
    for (const table of await listTables(sql)) {
      const [row] = await sql(
        `SELECT count(*)::bigint AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS md5 FROM ${qualified(table)} t`,
      );
      out.push({ table, rows: Number(row.rows), md5: String(row.md5) });
    }
    return out;
  });
}

async function migrationsOf(sql: Sql): Promise<BackupInfo['migrations']> {
  const [exists] = await sql(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present`);
  if (!exists.present) return { count: 0, latest: null };
  const [row] = await sql(
    'SELECT count(*)::int AS count, max(migration_name) AS latest FROM public._prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  return { count: Number(row.count), latest: (row.latest as string | null) ?? null };
}

/** pg's client, or a PGlite instance / transaction: both answer query(text, params) with { rows }. */
function sqlOf(db: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> }): Sql {
  return async (text, params) => (await db.query(text, params)).rows as Record<string, unknown>[];
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'levelup-backup' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function withTransaction<T>(target: DatabaseTarget, work: (sql: Sql) => Promise<T>): Promise<T> {
  if (target.kind === 'pglite') return (await openPglite(target.dataDir)).transaction((tx) => work(sqlOf(tx)));
  return withClient(target.url, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      return await work(sqlOf(client));
    } finally {
      await client.query('ROLLBACK');
    }
  });
}

/** libpq's connection string without the password, which goes in PGPASSWORD (never on a command line). */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL client tool; resolves with its stdout, rejects with its stderr. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv, input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found: install the PostgreSQL client tools of your server's major version ` +
                '(Debian: apt-get install postgresql-client)',
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(new BackupError(`${command} failed (exit code ${code}): ${Buffer.concat(err).toString().trim()}`)),
    );
    if (input && child.stdin) {
      child.stdin.on('error', () => {}); // a tool that stops early closes its stdin: its exit code tells why
      child.stdin.end(input);
    }
  });
}

async function dumpPostgres(url: string): Promise<{ info: BackupInfo; body: Buffer }> {
  return withClient(url, async (client) => {
    // pg_dump reads the snapshot this transaction exported: the counts and the dump see the same data.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const sql = sqlOf(client);
      const [{ snapshot, version }] = await sql(
        `SELECT pg_export_snapshot() AS snapshot, current_setting('server_version') AS version`,
      );
      const info = await backupInfo(sql, 'postgres', String(version));
      const { dbname, env } = libpqConnection(url);
      const body = await runTool('pg_dump', [...DUMP_ARGS, `--snapshot=${snapshot}`, '--dbname', dbname], env).catch(
        (error: unknown) => {
          if (error instanceof BackupError && /server version mismatch/.test(error.message))
            throw new BackupError(
              `${error.message}\npg_dump must be of the server's major version or newer (${version} here).`,
            );
          throw error;
        },
      );
      return { info, body };
    } finally {
      await client.query('ROLLBACK');
    }
  });
}

async function dumpPglite(dataDir: string): Promise<{ info: BackupInfo; body: Buffer }> {
  // A folder that holds no database would be created empty by PGlite: say so instead.
  if (!dataDir.startsWith('memory://') && !existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`There is no PGlite database in ${dataDir} (no PG_VERSION file).`);
  // Refused with DataDirInUseError while the app (or any process) has the folder.
  const db = await openPglite(dataDir);
  // One process and no other session: nothing writes between the counts and the dump.
  const sql = sqlOf(db);
  const [{ version }] = await sql(`SELECT current_setting('server_version') AS version`);
  const info = await backupInfo(sql, 'pglite', String(version));
  const file = await pgDump({ pg: db, args: DUMP_ARGS });
  return { info, body: Buffer.from(await file.arrayBuffer()) };
}

async function backupInfo(sql: Sql, source: BackupInfo['source'], serverVersion: string): Promise<BackupInfo> {
  return {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    source,
    serverVersion,
    migrations: await migrationsOf(sql),
    tables: await countRows(sql),
  };
}

/** The backup file's bytes (gzipped): header, body, checksum trailer. */
export function encodeBackup(info: BackupInfo, body: Buffer): Buffer {
  const head = Buffer.from(`${HEADER}${JSON.stringify(info)}\n`);
  const text = Buffer.concat([head, body, body.at(-1) === 0x0a ? Buffer.alloc(0) : Buffer.from('\n')]);
  const sha = createHash('sha256').update(text).digest('hex');
  return gzipSync(Buffer.concat([text, Buffer.from(`${TRAILER}${sha}\n`)]));
}

/** Checks a backup file and returns its header and SQL; throws BackupError naming what is wrong. */
export function decodeBackup(file: Buffer, name = 'the file'): { info: BackupInfo; sql: string } {
  let text = file;
  if (file[0] === 0x1f && file[1] === 0x8b) {
    try {
      text = gunzipSync(file);
    } catch (error) {
      throw new BackupError(
        `${name} is corrupt or truncated (gzip: ${(error as Error).message}); nothing was restored.`,
      );
    }
  }
  if (!text.subarray(0, HEADER.length).equals(Buffer.from(HEADER)))
    throw new BackupError(`${name} is not a Level Up backup (made by npm run db:backup); nothing was restored.`);
  const end = text.lastIndexOf(TRAILER);
  const trailer = end < 0 ? '' : text.subarray(end + TRAILER.length).toString();
  if (end < 0 || !/^[0-9a-f]{64}\n?$/.test(trailer))
    throw new BackupError(`${name} is truncated: its end line is missing; nothing was restored.`);
  const content = text.subarray(0, end);
  if (createHash('sha256').update(content).digest('hex') !== trailer.trim())
    throw new BackupError(`${name} is corrupt: its checksum does not match its content; nothing was restored.`);
  const firstLine = content.indexOf(0x0a);
  let info: BackupInfo;
  try {
    info = JSON.parse(content.subarray(HEADER.length, firstLine).toString());
  } catch {
    throw new BackupError(`${name} has an unreadable header; nothing was restored.`);
  }
  if (info.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${name} is backup format ${info.format}; this version of Level Up reads format ${BACKUP_FORMAT}.`,
    );
  return { info, sql: content.subarray(firstLine + 1).toString() };
}

export interface BackupResult {
  file: string;
  bytes: number;
  info: BackupInfo;
}

/** Writes a backup of `target` to `file` (made whole under another name, then renamed: never half a file). */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<BackupResult> {
  const { info, body } = target.kind === 'postgres' ? await dumpPostgres(target.url) : await dumpPglite(target.dataDir);
  const bytes = encodeBackup(info, body);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    writeFileSync(partial, bytes, { mode: 0o600 }); // personal data and password hashes
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, bytes: bytes.length, info };
}

export interface RestoreResult {
  info: BackupInfo;
  /** The tables the target had and --replace dropped. */
  replacedTables: number;
}

// Removes what every schema but the system's holds: pgboss and any other, then public anew.
const DROP_ALL = `
DO $levelup$
DECLARE s text;
BEGIN
  FOR s IN SELECT nspname FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%' LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
  CREATE SCHEMA public;
END
$levelup$;
`;

/** Ends the restore: the same tables as the header, each with its row count, or the transaction fails. */
function checkScript(tables: TableRows[]): string {
  const lines = tables.map(
    ({ table, rows }) =>
      `  SELECT count(*) INTO n FROM ${qualified(table)};\n` +
      `  IF n <> ${rows} THEN RAISE EXCEPTION 'Level Up restore: table % has % rows, the backup has ${rows}', ${literal(table)}, n; END IF;`,
  );
  return `
DO $levelup$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM (${USER_TABLES}) t;
  IF n <> ${tables.length} THEN RAISE EXCEPTION 'Level Up restore: % tables after the restore, the backup has ${tables.length}', n; END IF;
${lines.join('\n')}
END
$levelup$;
`;
}

/**
 * Lines pg_dump writes that one side does not take: psql's \restrict / \unrestrict (pg_dump 15.14+)
 * for PGlite's exec(), and pg_dump 17's transaction_timeout for a server before 17. Looked for only
 * before the first object and after the closing comment, never among the rows.
 */
export function adaptDump(sql: string, target: { psql: boolean; serverVersionNum: number }): string {
  const drop = (line: string) =>
    (!target.psql && /^\\(un)?restrict [A-Za-z0-9]+$/.test(line)) ||
    (target.serverVersionNum < 170000 && line === 'SET transaction_timeout = 0;');
  const keep = (part: string) =>
    part
      .split('\n')
      .filter((line) => !drop(line))
      .join('\n');
  const firstObject = sql.indexOf('\n--\n-- Name: ');
  const closing = sql.lastIndexOf('\n-- PostgreSQL database dump complete');
  const start = firstObject < 0 ? (closing < 0 ? sql.length : closing) : firstObject;
  const end = closing < start ? sql.length : closing;
  return keep(sql.slice(0, start)) + sql.slice(start, end) + keep(sql.slice(end));
}

async function refuseUnlessEmpty(sql: Sql, replace: boolean): Promise<number> {
  const tables = await listTables(sql);
  const schemas = await sql(
    `SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%'`,
  );
  if ((tables.length || schemas.length) && !replace)
    throw new BackupError(
      `The target database is not empty (${
        tables.length
          ? `${tables.length} tables, e.g. ${tables.find((t) => t.startsWith('public.')) ?? tables[0]}`
          : `schema ${schemas.map((s) => s.nspname).join(', ')}`
      }): a restore goes only into an empty database. ` +
        'Create a new database (PostgreSQL) or name a new folder (PGlite), or pass --replace to drop every schema ' +
        'of this one first (all its data is lost). Nothing was changed.',
    );
  return tables.length;
}

/**
 * Restores `file` into `target`, in one transaction. Refuses (BackupError, nothing changed) a file that
 * is not a whole Level Up backup, and a target that has tables unless `replace` (then its schemas are
 * dropped first, in the same transaction).
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  options: { replace?: boolean } = {},
): Promise<RestoreResult> {
  const { info, sql: body } = decodeBackup(readFileSync(file), file);
  const replace = options.replace ?? false;
  const fail = (error: unknown): never => {
    const detail = error instanceof Error ? error.message : String(error);
    throw new BackupError(`The restore failed and was rolled back; the database is as it was.\n${detail}`);
  };
  if (target.kind === 'pglite') {
    const db = await openPglite(target.dataDir);
    const replacedTables = await refuseUnlessEmpty(sqlOf(db), replace);
    const script = `${replace ? DROP_ALL : ''}${adaptDump(body, { psql: false, serverVersionNum: 170000 })}${checkScript(info.tables)}`;
    try {
      await db.transaction((tx) => tx.exec(script));
    } catch (error) {
      fail(error);
    } finally {
      await db.exec('RESET ALL'); // the dump's SETs (search_path '') stay on the session after COMMIT
    }
    return { info, replacedTables };
  }
  const { replacedTables, versionNum } = await withClient(target.url, async (client) => {
    const sql = sqlOf(client);
    const [{ num }] = await sql(`SELECT current_setting('server_version_num')::int AS num`);
    return { replacedTables: await refuseUnlessEmpty(sql, replace), versionNum: Number(num) };
  });
  const script = `${replace ? DROP_ALL : ''}${adaptDump(body, { psql: true, serverVersionNum: versionNum })}${checkScript(info.tables)}`;
  const { dbname, env } = libpqConnection(target.url);
  await runTool(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', '--dbname', dbname],
    env,
    Buffer.from(script),
  ).catch(fail);
  return { info, replacedTables };
}

// Vitest globalSetup of each API project: apply the migrations once per run, into a template that every
// test file copies (tests/support/test-app.ts), instead of migrating a fresh database per file.
//   PGlite:     migrate an in-memory cluster, dump its data folder to a tarball; files load it.
//   PostgreSQL: migrate a template database; files run CREATE DATABASE ... TEMPLATE it.
// Made from the migrations present when the run starts.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated data folder's tarball (dumpDataDir). */
    pgliteTemplate?: string;
    /** PostgreSQL: name of the migrated template database on TEST_DATABASE_URL. */
    postgresTemplate?: string;
  }
}

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../..');

/** tests/support/make-template.ts in a child process (see there why). */
async function makeTemplate(kind: 'pglite' | 'postgres', where: string): Promise<void> {
  const script = path.join(projectRoot, 'tests/support/make-template.ts');
  await run(process.execPath, ['--import', 'tsx', script, kind, where], { cwd: projectRoot, maxBuffer: 1 << 24 });
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Tarball folders of runs that died before their teardown (40 MB each), named by their pid. */
function removeOrphanTarballs(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^levelup-template-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid))
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

async function pgliteTemplate(project: TestProject): Promise<() => void> {
  removeOrphanTarballs();
  const dir = mkdtempSync(path.join(tmpdir(), `levelup-template-${process.pid}-`));
  const file = path.join(dir, 'pglite.tar');
  try {
    await makeTemplate('pglite', file);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `levelup_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  try {
    await makeTemplate('postgres', databaseUrl(serverUrl, name));
    // A template must have no sessions while it is copied: admit none, and close any still open.
    await withAdmin(serverUrl, async (admin) => {
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    });
  } catch (error) {
    await dropTemplate(serverUrl, name);
    throw error;
  }
  project.provide('postgresTemplate', name);
  return () => dropTemplate(serverUrl, name);
}

function dropTemplate(serverUrl: string, name: string): Promise<void> {
  return withAdmin(serverUrl, async (admin) => {
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

export default function setup(project: TestProject) {
  return project.config.env.TEST_DB === 'postgres' ? postgresTemplate(project) : pgliteTemplate(project);
}

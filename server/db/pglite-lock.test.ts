import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, lockFileOf } from './pglite-lock';
import { closePglite, openPglite, projectRoot } from './target';

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), 'levelup-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Another process opening the folder as the server, seed and CLIs do (tests/support/open-pglite.ts). */
async function secondProcess(dataDir: string, text: string): Promise<{ code: number; stderr: string }> {
  const tsx = path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs');
  const script = path.join(projectRoot, 'tests/support/open-pglite.ts');
  try {
    await run(process.execPath, [tsx, script, dataDir, text], { cwd: projectRoot });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

/** The pid of a process that has ended: what a killed server leaves in its lock file. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

async function notes(dataDir: string): Promise<string[]> {
  const db = await openPglite(dataDir);
  const { rows } = await db.query<{ text: string }>('SELECT text FROM note ORDER BY text');
  return rows.map((row) => row.text);
}

describe('one process per PGlite folder', () => {
  it('refuses a second process while the folder is open, naming the folder and the owner, and keeps the data', async () => {
    const dataDir = path.join(root, 'shared');
    const db = await openPglite(dataDir);
    await db.query('CREATE TABLE note (text text)');
    await db.query(`INSERT INTO note VALUES ('server')`);
    expect(readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(process.pid));

    const second = await secondProcess(dataDir, 'seed');
    expect(second.code).toBe(3);
    expect(second.stderr).toContain(
      `The database folder ${dataDir} is in use by process ${process.pid}; stop it first`,
    );

    expect(await notes(dataDir)).toEqual(['server']);
    await closePglite(dataDir);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    // Once the first process has let go, the second opens it and both rows are there.
    expect((await secondProcess(dataDir, 'seed')).code).toBe(0);
    expect(await notes(dataDir)).toEqual(['seed', 'server']);
    await closePglite(dataDir);
  }, 60_000);

  it('takes over the lock of a process that is gone (killed, crashed)', async () => {
    const dataDir = path.join(root, 'shared'); // the folder of the test above: one initdb less
    writeFileSync(lockFileOf(dataDir), `${await deadPid()}\n`);
    expect((await secondProcess(dataDir, 'after a crash')).code).toBe(0);
    expect(await notes(dataDir)).toEqual(['after a crash', 'seed', 'server']);
    await closePglite(dataDir);
  }, 60_000);

  it('refuses while the owner pid is alive, and lets this process re-take its own lock', async () => {
    const dataDir = path.join(root, 'direct');
    const owner = spawn('sleep', ['30']);
    try {
      writeFileSync(lockFileOf(dataDir), `${owner.pid}\n`);
      expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dataDir)).toThrow(`is in use by process ${owner.pid}`);
    } finally {
      owner.kill();
    }
    // A lock left by an earlier life of this very pid (a restarted container) is stale too.
    writeFileSync(lockFileOf(dataDir), `${process.pid}\n`);
    const release = lockDataDir(dataDir);
    expect(lockDataDir(dataDir)).toBe(release); // the same process may ask again
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('locks a folder whose parent does not exist yet (a fresh clone has no data/)', () => {
    const dataDir = path.join(root, 'not-yet', 'deeper', 'pglite');
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFileOf(dataDir), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});

// The systemd units (issue 24) as systemd itself reads them: `systemd-analyze verify` loads each unit,
// instantiated as the install note says, with its dependencies from deploy/systemd, and reports unknown
// keys, bad values and missing executables. This machine has no systemd running (the units cannot be
// started here); the verifier is systemd's own parser. Skipped where systemd-analyze or /usr/bin/node is missing.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRIES } from '../scripts/build-server.mts';

const unitsDir = path.join(import.meta.dirname, 'systemd');
// The units run /usr/bin/node, which the verifier looks for: both must be on the machine.
const hasVerifier = spawnSync('systemd-analyze', ['--version']).status === 0 && existsSync('/usr/bin/node');
const dirs: string[] = [];

/** The units copied to a scratch folder with the instances the install note enables. */
function unitFolder(edit?: (name: string, text: string) => string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'levelup-units-'));
  dirs.push(dir);
  for (const name of readdirSync(unitsDir)) {
    const text = readFileSync(path.join(unitsDir, name), 'utf8');
    if (edit) writeFileSync(path.join(dir, name), edit(name, text));
    else copyFileSync(path.join(unitsDir, name), path.join(dir, name));
  }
  symlinkSync('levelup-api@.service', path.join(dir, 'levelup-api@8101.service'));
  symlinkSync('levelup-worker@.service', path.join(dir, 'levelup-worker@1.service'));
  return dir;
}

/** What `systemd-analyze verify` says of the three units (empty when it has nothing to say). */
function verify(dir: string) {
  const units = ['levelup-migrate.service', 'levelup-api@8101.service', 'levelup-worker@1.service'];
  const result = spawnSync('systemd-analyze', ['verify', ...units.map((u) => path.join(dir, u))], {
    env: { ...process.env, SYSTEMD_UNIT_PATH: `${dir}:`, SYSTEMD_LOG_COLOR: '0' },
    encoding: 'utf8',
  });
  return { status: result.status, said: `${result.stdout}${result.stderr}`.trim() };
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasVerifier)('deploy/systemd units', () => {
  it('pass systemd-analyze verify with nothing to report', () => {
    expect(verify(unitFolder())).toEqual({ status: 0, said: '' });
  });

  it('would be reported with a mistyped key or a missing program (the check can fail)', () => {
    const broken = verify(
      unitFolder((name, text) =>
        name === 'levelup-api@.service'
          ? text.replace('KillSignal=', 'KillSignl=').replace('/usr/bin/node', '/usr/bin/no-such-node')
          : text,
      ),
    );
    expect(broken.said).toContain("Unknown key 'KillSignl'");
    expect(broken.said).toContain('/usr/bin/no-such-node');
  });

  it('run the programs the server build writes', () => {
    const execs = readdirSync(unitsDir).flatMap((name) =>
      [...readFileSync(path.join(unitsDir, name), 'utf8').matchAll(/^ExecStart=\S+ (\S+)/gm)].map((m) => m[1]),
    );
    expect(execs.sort()).toEqual(['index', 'migrate', 'worker'].map((name) => `build/server/${name}.mjs`));
    for (const exec of execs) expect(Object.keys(ENTRIES)).toContain(path.basename(exec, '.mjs'));
  });
});

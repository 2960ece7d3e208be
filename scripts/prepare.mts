// What must exist before the server starts: the generated Prisma client and the built SPA.
// Each step runs only when its output is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child.startsWith('.umi')) continue; // Umi's own generated files
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export function ensurePrismaClient(): void {
  const client = path.join(root, 'server/generated/prisma/client.ts');
  if (newestMtime(client) > newestMtime(path.join(root, 'prisma/schema.prisma'))) return;
  console.log('Generating the Prisma client...');
  run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'prisma/cli/generate.ts']);
}

export function ensureSpaBuilt(): void {
  const built = newestMtime(path.join(root, 'dist/index.html'));
  const sources = Math.max(
    ...['src', 'config', 'public', '.umirc.ts', 'package-lock.json'].map((p) => newestMtime(path.join(root, p))),
  );
  if (built > sources) return;
  console.log('Building the web app (about a minute the first time)...');
  run(process.execPath, [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'build']);
}

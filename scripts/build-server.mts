// The compiled server (issue 24): production runs JavaScript bundled by esbuild, not TypeScript compiled
// by tsx at every start. One self-contained ES module per entry point in build/server/ (no
// shared chunks: code that finds files beside itself, such as the spreadsheet worker, stays in that folder), npm packages left as imports
// (resolved from node_modules at run time), with source maps so stack traces name the .ts lines.
// `npm run build:server` builds it; `npm start` builds it when it is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const serverOut = path.join(root, 'build/server');

/** The processes a deployment runs, and the spreadsheet parser's worker thread. */
export const ENTRIES = {
  index: 'server/index.ts',
  worker: 'server/messaging/worker-main.ts',
  migrate: 'server/db/migrate-main.ts',
  'spreadsheet-worker': 'server/http/spreadsheet-worker.mts',
};

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const child of readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

/** Whether build/server is older than the server's sources (the contracts and the Prisma client are among them). */
export function serverBuildStale(): boolean {
  const built = Math.min(...Object.keys(ENTRIES).map((name) => newest(path.join(serverOut, `${name}.mjs`))));
  const sources = Math.max(
    ...['server', 'src/contracts', 'package-lock.json', 'scripts/build-server.mts'].map((p) =>
      newest(path.join(root, p)),
    ),
  );
  return built <= sources;
}

export async function buildServer(): Promise<{ ms: number; bytes: number }> {
  const started = Date.now();
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: serverOut,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS helpers may call require(): give the ES modules one.
    banner: {
      js: "import { createRequire as __levelupRequire } from 'node:module'; const require = __levelupRequire(import.meta.url);",
    },
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, out) => sum + out.bytes, 0);
  return { ms: Date.now() - started, bytes };
}

export async function ensureServerBuilt(): Promise<void> {
  if (!serverBuildStale()) return;
  console.log('Compiling the server...');
  const { ms } = await buildServer();
  console.log(`  (${(ms / 1000).toFixed(1)} s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ms, bytes } = await buildServer();
  console.log(`build/server: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s`);
}

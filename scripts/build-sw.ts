// Builds the service worker (issue 11) into a built SPA folder: esbuild bundles
// src/service-worker/sw.ts (Workbox modules included) and workbox-build's injectManifest writes
// <outDir>/sw.js with the precache list of that folder (src/service-worker/rules.ts shouldPrecache:
// index.html, the hashed scripts and styles, the manifest and icons). Runs after every `max build`
// through config/compress-plugin.ts, before the compressed copies are written; by hand:
// `npx tsx scripts/build-sw.ts [folder]` (default UMI_OUTPUT_PATH, else dist).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { HASHED_ASSET, shouldPrecache } from '../src/service-worker/rules';

// Umi loads this file through its CommonJS register, where import.meta has no dirname: it runs in the root.
const root = import.meta.dirname ? path.resolve(import.meta.dirname, '..') : process.cwd();

export interface ServiceWorkerBuild {
  /** Files in the precache list, and their total size in bytes. */
  count: number;
  size: number;
  warnings: string[];
}

export async function buildServiceWorker(outDir: string): Promise<ServiceWorkerBuild> {
  const dir = path.resolve(outDir);
  const work = await mkdtemp(path.join(tmpdir(), 'levelup-sw-'));
  try {
    const bundled = path.join(work, 'sw.js');
    await build({
      entryPoints: [path.join(root, 'src/service-worker/sw.ts')],
      outfile: bundled,
      bundle: true,
      format: 'iife',
      minify: true,
      target: ['chrome100', 'edge100', 'firefox100', 'safari16'],
      // Workbox's development logging is dropped in production.
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const result = await injectManifest({
      swSrc: bundled,
      swDest: path.join(dir, 'sw.js'),
      globDirectory: dir,
      globPatterns: ['**/*'],
      globIgnores: ['sw.js', '**/*.br', '**/*.gz', 'report.json', 'stats.json'],
      manifestTransforms: [
        async (entries) => ({ manifest: entries.filter((e) => shouldPrecache(e.url)), warnings: [] }),
      ],
      // A hashed name is its own revision; index.html and the other files get a content hash.
      dontCacheBustURLsMatching: HASHED_ASSET,
      // The largest vendor chunk (antd, pro-components) is well under this.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    });
    return { count: result.count, size: result.size, warnings: result.warnings };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('build-sw.ts')) {
  const dir = process.argv[2] ?? process.env.UMI_OUTPUT_PATH ?? 'dist';
  buildServiceWorker(dir).then(
    ({ count, size, warnings }) => {
      for (const warning of warnings) console.warn(warning);
      console.log(`${path.join(dir, 'sw.js')}: ${count} files precached (${(size / 1024).toFixed(0)} kB)`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// Helpers of tests/e2e/pwa.spec.ts (issue 11): servers of the spec's own on a copy of the built SPA
// (so that it can deploy a second build into it), and what the page knows of its service worker.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

// Playwright runs from the repository's root (playwright.config.ts).
const root = process.cwd();

/** A copy of the built SPA (SPA_DIR, else dist) in a temporary folder. */
export function copyBuiltSpa(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'levelup-pwa-spa-'));
  cpSync(path.resolve(root, process.env.SPA_DIR ?? 'dist'), dir, { recursive: true });
  return dir;
}

/**
 * "Deploys" a second build into the folder, cheaply: index.html changes (a marker meta tag) and the
 * service worker is built again, so its precache list (index.html's revision) changes. The two files'
 * compressed copies are written again (the server listed the folder's copies when it started).
 */
export function deploySecondBuild(dir: string, marker: string): void {
  const index = path.join(dir, 'index.html');
  const html = readFileSync(index, 'utf8').replace('<head>', `<head><meta name="levelup-build" content="${marker}">`);
  writeFileSync(index, html);
  // scripts/build-sw.ts (buildServiceWorker) in a child Node, as the build runs it.
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-sw.ts', dir], { cwd: root });
  if (build.status !== 0) throw new Error(`build-sw failed: ${build.stderr}`);
  for (const file of ['index.html', 'sw.js']) {
    const content = readFileSync(path.join(dir, file));
    if (existsSync(path.join(dir, `${file}.br`)))
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    if (existsSync(path.join(dir, `${file}.gz`))) writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  }
}

export interface SpecServer {
  origin: string;
  stop(): Promise<void>;
}

/** tests/e2e/serve.ts on its own port with a fresh PGlite demo database, without Stripe. */
export async function startServer(port: number, spaDir: string, env: Record<string, string> = {}): Promise<SpecServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), E2E_DB: 'pglite', E2E_STRIPE: 'off', SPA_DIR: spaDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://localhost:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on ${port} exited (${child.exitCode})`);
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 120_000) {
      child.kill('SIGTERM');
      throw new Error(`the server on ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until a service worker controls the page. */
export async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The service worker registrations of the page's origin (-1 while the page is being replaced). */
export function registrationCount(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length).catch(() => -1);
}

/** Every URL stored in every Cache Storage cache of the page's origin. */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

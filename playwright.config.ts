import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network.
const port = Number(process.env.E2E_PORT ?? 8123);

// The suite runs once per database, each project against its own server and database (tests/e2e/serve.ts):
// PGlite on E2E_PORT always, PostgreSQL on E2E_PG_PORT (E2E_PORT + 100) when TEST_DATABASE_URL names a
// server. E2E_DB=pglite or E2E_DB=postgres runs one of them only.
const databases = process.env.E2E_DB
  ? [process.env.E2E_DB]
  : ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const servers = databases.map((db) => ({
  db,
  port: db === 'postgres' ? Number(process.env.E2E_PG_PORT ?? port + 100) : port,
}));

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // What only checks how the browser renders and is driven — the axe walk, clipped labels, the language
  // switch, the keyboard-only walk and the offline app's service worker — is the same on both databases
  // (the same demo centre, the same built app): those specs run once, against PGlite, so that the suite
  // stays inside CI's time. Everything that reads or writes data runs on both.
  projects: servers.map(({ db, port }) => ({
    name: db,
    use: { baseURL: `http://localhost:${port}` },
    ...(db === 'postgres'
      ? { testIgnore: /(a11y|a11y-dialogs|a11y-billing|clipping|i18n|keyboard|pwa)\.spec\.ts$/ }
      : {}),
  })),
  use: {
    locale: 'en-US',
    // Production builds register a service worker (issue 11) that precaches the whole app: blocked so
    // that every test's fresh context does not download it; tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: servers.map(({ db, port }) => ({
    name: db,
    command: 'exec node --import tsx tests/e2e/serve.ts', // exec: the signal reaches node, and Playwright waits for it
    url: `http://localhost:${port}/api/health`,
    env: { PORT: String(port), E2E_DB: db, ...(process.env.SPA_DIR ? { SPA_DIR: process.env.SPA_DIR } : {}) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    // SIGTERM, not SIGKILL: the server closes its database and serve.ts drops the PostgreSQL one.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
});

import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network.
const port = Number(process.env.E2E_PORT ?? 8123);

// The suite runs once per database, each project against its own server and database (tests/e2e/serve.ts):
// PGlite on E2E_PORT always, PostgreSQL on E2E_PG_PORT (E2E_PORT + 100) when TEST_DATABASE_URL names a
// server. E2E_DB=pglite or E2E_DB=postgres runs one of them only.
const databases = process.env.E2E_DB
  ? [process.env.E2E_DB]
  : ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
/** Specs that give the demo centre more locations (see projects). */
const PLACES = /(location-reports|room-view|rooms-booking)\.spec\.ts$/;
/** Specs that run against PGlite only (see projects). */
const PGLITE_ONLY =
  /\/(a11y|a11y-dialogs|a11y-billing|clipping|i18n|keyboard|pwa|sign-in|sign-in-phone|account|lists|names|forms|sessions|notices|portal-settings|students|privacy|email|courses|staff|schedule-views|schedule-now|list-limits|audit|payroll|locations|feedback|dashboard|class-notices|households|busy-retry|family-words)\.spec\.ts$/;
const servers = databases.map((db) => ({
  db,
  port: db === 'postgres' ? Number(process.env.E2E_PG_PORT ?? port + 100) : port,
}));

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  // CI's machine runs both databases' servers and two browsers on 2 cores: there a write on PGlite (one
  // connection for every test of its project) has been seen to take past 10 s behind another test's long
  // transaction. A wait for what a person would see, never a timing assertion.
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The list as tests end; the times per spec file and the retried tests for `npm test`'s summary.
  reporter: [['list'], ['./tests/e2e/times-reporter.ts']],
  // What only checks how the browser renders and is driven — the axe walk, clipped labels, the language
  // switch, the keyboard-only walk and the offline app's service worker — is the same on both databases
  // (the same demo centre, the same built app): those specs run once, against PGlite, so that the suite
  // stays inside CI's time. So do the specs of pages whose server side is plain reads and writes that
  // the API suite runs on both databases (tests/api): sign-in, lists, names, forms, sessions, the bell,
  // records (students, courses, staff, households, locations), email, audit, privacy, the schedule's
  // views, payroll, feedback and the dashboard. The flows through money (purchases, receipts, top-ups,
  // statements, platform billing), the calendar's writes, confirmations, lesson policies, substitutes,
  // waitlists, rooms, reports, invitations and the family portal run on both.
  //
  // Specs that add locations to the demo centre (issue 23) run after everything else, in a project of
  // their own that depends on the main one: a second location shows location pickers, columns and
  // filters on every screen, which the specs written for a one-site centre must not meet half-way.
  // (One such spec alone: `npx playwright test --project pglite-places --no-deps tests/e2e/room-view.spec.ts`.)
  projects: servers.flatMap(({ db, port }) => [
    {
      name: db,
      use: { baseURL: `http://localhost:${port}` },
      testIgnore: [PLACES, ...(db === 'postgres' ? [PGLITE_ONLY] : [])],
    },
    { name: `${db}-places`, use: { baseURL: `http://localhost:${port}` }, testMatch: PLACES, dependencies: [db] },
  ]),
  use: {
    locale: 'en-US',
    // As a person who asked for less motion: antd then draws dialogs without their zoom-in (src/app.tsx),
    // which on a loaded CI machine once swallowed a click that landed mid-animation.
    reducedMotion: 'reduce',
    // Production builds register a service worker (issue 11) that precaches the whole app: blocked so
    // that every test's fresh context does not download it; tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    // A trace only for a failed test's retry (CI retries once): recording one for every test (snapshots
    // and screencast of each action) cost a fifth of the browser stage's time on a 2-core machine.
    trace: 'on-first-retry',
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

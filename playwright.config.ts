import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network.
const port = Number(process.env.E2E_PORT ?? 8123);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
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
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs tests/e2e/serve.ts',
    url: `http://localhost:${port}/api/health`,
    env: { PORT: String(port), ...(process.env.SPA_DIR ? { SPA_DIR: process.env.SPA_DIR } : {}) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});

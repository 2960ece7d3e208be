import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests live next to the code; API tests run once per database: PGlite always, PostgreSQL when
// TEST_DATABASE_URL names a server. Each API project migrates once (globalSetup) and every test file
// gets its own copy of that template database.
const apiEnv = { BCRYPT_COST: '4', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
const api = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env: { ...apiEnv, TEST_DB: db },
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One process runs many files: the server's modules are imported once per worker, not once per file
    // (a few seconds each, most of the suite's time otherwise). Every file has its own database and app
    // (tests/support/test-app.ts), and lets go of a closed PGlite's memory there.
    isolate: false,
  },
});

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'prisma/**/*.test.ts', 'deploy/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'src/.umi*/**', 'server/generated/**'],
          environment: 'node',
          env: apiEnv,
        },
      },
      api('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('api-postgres', 'postgres')] : []),
    ],
  },
});

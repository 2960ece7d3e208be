import { defineConfig } from 'prisma/config';

// The CLI only generates the client here; migrations run through prisma/cli/migrate.ts (offline WASM engine).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});

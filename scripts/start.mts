// `npm start`: from a fresh clone to a running Level Up on http://localhost:8000 (PORT to change).
// Prepares what is missing or stale (the Prisma client, the web app, the compiled server), then runs
// the compiled server: `node build/server/index.mjs`, no TypeScript compiler at run time (issue 24).
// `npm run worker` (argument `worker`) and `npm run db:migrate:deploy` run the other compiled entries.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverOut } from './build-server.mts';
import { ensurePrismaClient, ensureSpaBuilt } from './prepare.mts';

const role = process.argv[2] ?? 'index';
if (!['index', 'worker', 'migrate'].includes(role)) {
  console.error('Usage: node scripts/start.mts [worker|migrate]');
  process.exit(2);
}
ensurePrismaClient();
if (role === 'index') ensureSpaBuilt();
await ensureServerBuilt();
await import(pathToFileURL(path.join(serverOut, `${role}.mjs`)).href);

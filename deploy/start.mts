// `npm run deploy:local`: the production layout on this machine (issue 24). nginx on :8080 in front of
// API processes and message workers, compiled JavaScript, one PostgreSQL, migrations run once.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/levelup APIS=2 WORKERS=2 npm run deploy:local
// Ctrl-C (SIGINT) or SIGTERM stops it gracefully: each process drains, then nginx.
// The demo centre is not seeded on PostgreSQL: `npm run db:seed` first for demo data.
import { ensurePrismaClient, ensureSpaBuilt } from '../scripts/prepare.mts';
import { startCluster } from './cluster.mts';

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 32) throw new Error(`${name} must be a whole number from 1 to 32`);
  return value;
};

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL=postgresql://… (several processes share one PostgreSQL; PGlite is one process).');
  process.exit(2);
}
ensurePrismaClient();
ensureSpaBuilt();
const cluster = await startCluster({
  databaseUrl,
  apis: count('APIS', 2),
  workers: count('WORKERS', 1),
  port: Number(process.env.PORT ?? 8080),
});
const apis = cluster.members.filter((m) => m.role === 'api');
console.log(`Level Up is served by nginx on ${cluster.url}`);
console.log(`  ${apis.length} API processes on ports ${apis.map((m) => m.port).join(', ')}; ${cluster.members.length - apis.length} workers`);
console.log('  logs in /tmp/levelup-deploy/logs; Ctrl-C stops everything');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const m of cluster.members) {
  void m.exited.then((code) => {
    if (!stopping) console.error(`${m.role} ${m.index} exited (${code}); the others keep serving`);
  });
}

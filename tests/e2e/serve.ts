// The server Playwright starts on its own port, with the demo centre in a database of its own:
//   E2E_DB=pglite (default)  a fresh embedded folder data/e2e-<port>, seeded by the server on start;
//   E2E_DB=postgres          a fresh database levelup_e2e_<port> on TEST_DATABASE_URL, seeded with
//                            `db:seed`, dropped when Playwright stops the server (SIGTERM).
// Card payments go to the Stripe stand-in (tests/support/stripe-standin) started here on PORT + 1000
// with fixed test keys, its webhooks sent to this server; specs reach it at their baseURL's port + 1000
// (stripeStandInUrl in tests/e2e/support.ts). E2E_STRIPE=off starts none: the app runs without Stripe.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../../server/db/pglite-lock';

process.env.PORT ??= '8123';
process.env.LOG_LEVEL ??= 'warn';
// Specs register centres of their own (forms, account, billing): more than the 5 an hour one address may.
process.env.REGISTRATIONS_PER_HOUR ??= '1000';
const root = path.resolve(import.meta.dirname, '../..');

/** Runs a script of this repository in a child Node (with tsx), stopping here if it fails. */
function runScript(args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** Drops and creates the database on TEST_DATABASE_URL (a run killed outright leaves its database behind). */
function sql(serverUrl: string, statements: string[]): void {
  const code = `const c = new (require('pg').Client)({ connectionString: process.env.SERVER_URL });
    c.connect().then(async () => { for (const s of JSON.parse(process.env.STATEMENTS)) await c.query(s); await c.end(); })
      .catch((e) => { console.error(e.message); process.exit(1); });`;
  const env = { ...process.env, SERVER_URL: serverUrl, STATEMENTS: JSON.stringify(statements) };
  const result = spawnSync(process.execPath, ['-e', code], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${statements.join('; ')} failed`);
}

function preparePostgres(): void {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('E2E_DB=postgres needs TEST_DATABASE_URL');
  const name = `levelup_e2e_${Number(process.env.PORT)}`;
  const drop = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  sql(serverUrl, [drop, `CREATE DATABASE ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.JWT_SECRET ??= randomBytes(48).toString('base64url');
  process.env.SIN_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
  // index.ts closes the server and exits on SIGTERM; the drop runs synchronously on the way out.
  process.on('exit', () => sql(serverUrl, [drop]));
  runScript(['prisma/seed/index.ts']);
}

function preparePglite(): void {
  const dataDir = path.join(root, `data/e2e-${process.env.PORT}`);
  lockDataDir(dataDir)(); // refuses (and deletes nothing) when a server still has the folder
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.jwt-secret`, { force: true });
  rmSync(`${dataDir}.sin-key`, { force: true });
  process.env.DATABASE_URL = `pglite:${dataDir}`;
}

/** Starts the stand-in and gives the app its keys (server/features/billing/stripe-config.ts reads them). */
async function startStripe(): Promise<void> {
  if (process.env.E2E_STRIPE === 'off') {
    for (const key of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'STRIPE_API_URL',
    ])
      delete process.env[key];
    return;
  }
  const port = Number(process.env.PORT);
  const appUrl = `http://localhost:${port}`;
  const { startStripeStandIn } = await import('../support/stripe-standin');
  const standIn = await startStripeStandIn({
    port: port + 1000,
    secretKey: 'sk_test_e2e_levelup_standin_secret',
    publishableKey: 'pk_test_e2e_levelup_standin_publishable',
    webhookSecret: 'whsec_e2e_levelup_standin_webhook',
    webhookUrl: `${appUrl}/api/billing/stripe-webhook`,
    // Family card payments (Stripe Connect): connected accounts' events go to the Connect endpoint.
    connectWebhookSecret: 'whsec_e2e_levelup_standin_connect_webhook',
    connectWebhookUrl: `${appUrl}/api/billing/stripe-connect-webhook`,
  });
  process.env.STRIPE_SECRET_KEY = standIn.secretKey;
  process.env.STRIPE_PUBLISHABLE_KEY = standIn.publishableKey;
  process.env.STRIPE_WEBHOOK_SECRET = standIn.webhookSecret;
  process.env.STRIPE_CONNECT_WEBHOOK_SECRET = standIn.connectWebhookSecret;
  process.env.STRIPE_API_URL = standIn.url;
  process.env.APP_URL = appUrl;
}

if (process.env.E2E_DB === 'postgres') preparePostgres();
else preparePglite();
startStripe()
  .then(() => import('../../server/index'))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

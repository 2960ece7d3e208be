import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveSinKey } from './auth/sin-cipher';
import { type DatabaseTarget, projectRoot, resolveDatabaseTarget } from './db/target';
import { loadStripeConfig, type StripeConfig } from './features/billing/stripe-config';
import { loadMessagingConfig, type MessagingConfig } from './messaging/config';
import { loadMetricsConfig, type MetricsConfig } from './metrics/config';

export interface ServerConfig extends MetricsConfig {
  port: number;
  target: DatabaseTarget;
  jwtSecret: string;
  /** SIN_ENCRYPTION_KEY (see server/auth/sin-cipher.ts resolveSinKey). */
  sinKey: Buffer;
  spaDir: string;
  corsOrigins: string[];
  trustProxy?: string | number | boolean;
  /** Seed the demo centre when the database is empty: only ever for the embedded default. */
  seedDemoWhenEmpty: boolean;
  /** Email and SMS (server/messaging/config.ts). */
  messaging: MessagingConfig;
  /** Work the message queue in this process too (WORKER=false: API only; `npm run worker` runs it alone). */
  runWorker: boolean;
  /** Card payments (server/features/billing/stripe-config.ts); undefined without Stripe keys. */
  stripe?: StripeConfig;
  /** OFFLINE_APP (default on): the service worker and its caches; "off" makes browsers remove them. */
  offlineApp: boolean;
  /**
   * MIGRATE_ON_START (default on): apply pending migrations at start. "false": a deployment migrates once
   * (`npm run db:migrate:deploy`) and each instance waits until the database is current.
   */
  migrateOnStart: boolean;
}

const MIN_SECRET_LENGTH = 32;

/**
 * JWT_SECRET from the environment wherever it is set, and always with PostgreSQL or in production
 * (several instances must share it). The embedded default makes one on first start and keeps it
 * beside its data folder, so restarts keep sessions.
 */
export function resolveJwtSecret(target: DatabaseTarget, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH)
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return fromEnv;
  }
  if (target.kind === 'postgres' || env.NODE_ENV === 'production') {
    throw new Error('JWT_SECRET is required with PostgreSQL or NODE_ENV=production (at least 32 random characters)');
  }
  if (target.dataDir.startsWith('memory://')) return randomBytes(48).toString('base64url');
  const file = `${target.dataDir.replace(/[\\/]+$/, '')}.jwt-secret`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string | undefined): string | number | boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * An on/off setting, on by default: "on"/"true"/"1" or "off"/"false"/"0" (any case); anything else is a
 * mistake worth refusing to start on (OFFLINE_APP, MIGRATE_ON_START).
 */
export function parseSwitch(value: string | undefined, name: string): boolean {
  const setting = (value ?? '').trim().toLowerCase();
  if (['', 'on', 'true', '1'].includes(setting)) return true;
  if (['off', 'false', '0'].includes(setting)) return false;
  throw new Error(`${name} must be "on" or "off" (or true/false, 1/0), not "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const target = resolveDatabaseTarget(env.DATABASE_URL);
  const port = Number(env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('PORT must be a port number');
  // METRICS_TOKEN, METRICS_PORT, METRICS_HOST (server/metrics/config.ts).
  const metrics = loadMetricsConfig(env);
  if (metrics.metricsPort === port) throw new Error('METRICS_PORT must differ from PORT (it answers without a token)');
  return {
    port,
    target,
    jwtSecret: resolveJwtSecret(target, env),
    sinKey: resolveSinKey(target, env),
    spaDir: env.SPA_DIR ? path.resolve(env.SPA_DIR) : path.join(projectRoot, 'dist'),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedDemoWhenEmpty: target.kind === 'pglite' && env.SEED_DEMO !== 'false',
    messaging: loadMessagingConfig(target, env),
    runWorker: env.WORKER !== 'false',
    stripe: loadStripeConfig(env),
    offlineApp: parseSwitch(env.OFFLINE_APP, 'OFFLINE_APP'),
    migrateOnStart: parseSwitch(env.MIGRATE_ON_START, 'MIGRATE_ON_START'),
    ...metrics,
  };
}

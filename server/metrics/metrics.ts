// Prometheus metrics (prom-client): Node's process figures, the API's request durations and errors,
// the messages this process took back from dead workers (lease.ts), the card top-up reports ignored as
// another Stripe account's (top-up-reports.ts), and the database's queue, message and pool figures read
// at scrape time. One registry per process (per app in tests). Served by GET /api/metrics with
// METRICS_TOKEN, and/or on METRICS_PORT.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { PrismaClient } from '../generated/prisma/client';
import { log } from '../http/log';
import { reclaimedMessages } from '../messaging/lease';
import { registerDatabaseMetrics } from './database';
import { requestMetrics } from './http';
import { foreignTopUpReports } from './top-up-reports';

export interface Metrics {
  registry: Registry;
  /** Express middleware of the API router: request durations and error replies per route pattern. */
  recordRequests: RequestHandler;
}

/**
 * `queue`: this process opened the message queue, so pg-boss's tables exist to be read.
 * `exactMessageRows`: see EXACT_MESSAGE_ROWS (tests lower it).
 */
export function createMetrics({
  prisma,
  queue,
  exactMessageRows,
}: {
  prisma: PrismaClient;
  queue?: unknown;
  exactMessageRows?: number;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'levelup_' });
  registerDatabaseMetrics(registry, prisma, { queue: queue !== undefined, exactMessageRows });
  registry.registerMetric(reclaimedMessages);
  registry.registerMetric(foreignTopUpReports);
  return { registry, recordRequests: requestMetrics(registry) };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /api/metrics: only with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time: both
 * sides hashed to the same length first), else 401. Not in the permission table: a scraper is no user.
 */
export function metricsEndpoint(metrics: Metrics, token: string): RequestHandler {
  const expected = digest(`Bearer ${token}`);
  return async (req, res) => {
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return void res.status(401).type('text/plain').send('Unauthorized');
    }
    const body = await metrics.registry.metrics();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(body);
  };
}

/** METRICS_PORT: GET /metrics without a token, for scrapers on this machine (or METRICS_HOST's network). */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics');
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      (error: unknown) => {
        log('error', 'metrics: scrape failed', { error: error instanceof Error ? error.message : String(error) });
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: bound } = server.address() as AddressInfo;
      log('info', 'metrics are served', { url: `http://${host}:${bound}/metrics` });
      resolve(server);
    });
  });
}

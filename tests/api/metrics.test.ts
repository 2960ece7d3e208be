import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { poolOf } from '../../server/db/pool-watch';
import { errorHandler } from '../../server/http/error-handler';
import { enqueueMessage } from '../../server/messaging/enqueue';
import { MESSAGE_QUEUE, type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createMetrics, type Metrics, serveMetrics } from '../../server/metrics/metrics';
import { createCentreWithStaff } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createTestContext, type TestContext } from '../support/test-app';

// Prometheus metrics (issue 24): GET /api/metrics behind METRICS_TOKEN, request durations per route
// pattern, error replies by cause, and the queue, message and pool figures read at scrape time.
const TOKEN = 'metrics-token-for-the-test-0123';
let ctx: TestContext;
let queue: MessageQueue;
let app: ReturnType<typeof createApp>;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent' }));
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue, metricsToken: TOKEN });
  staff = await createCentreWithStaff(ctx);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

const scrape = async () => {
  const res = await request(app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return res.text;
};

/** The samples of a Prometheus text exposition: name, labels and value of each line. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1], labels: labels as Record<string, string>, value: Number(match[3]) };
    });
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when absent. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([key, wanted]) => s.labels[key] === wanted),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('GET /api/metrics', () => {
  it('is absent (404) when no METRICS_TOKEN is configured', async () => {
    const res = await request(ctx.app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, errorCode: 'not_found' });
  });

  it('answers 401 without the token or with another one, even a user token that would sign in', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Bearer ${staff.tokens.admin}`,
    ]) {
      const call = request(app).get('/api/metrics');
      const res = authorization ? await call.set('Authorization', authorization) : await call;
      expect(res.status, String(authorization)).toBe(401);
      expect(res.text).not.toContain('levelup_');
    }
  });

  it('answers the Prometheus text format with the token, Node process figures included', async () => {
    const res = await request(app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('# TYPE levelup_http_request_duration_seconds histogram');
    expect(value(res.text, 'levelup_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(res.text, 'levelup_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describe('METRICS_PORT', () => {
  it('serves GET /metrics without a token on its own port, bound to the address given (127.0.0.1)', async () => {
    const metrics = createMetrics({ prisma: ctx.prisma, queue });
    const server = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(value(text, 'levelup_queue_jobs', { queue: MESSAGE_QUEUE, state: 'active' })).toBe(0);
      expect(value(text, 'levelup_messages', { status: 'SENT' })).toBeGreaterThanOrEqual(0);
      expect((await fetch(`http://127.0.0.1:${port}/api/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('request durations and errors', () => {
  it('counts a request under its method, route pattern and status; errors by status, code and cause', async () => {
    const before = await scrape();
    const admin = (path: string) => request(app).get(path).set('Authorization', `Bearer ${staff.tokens.admin}`);
    expect((await admin('/api/students')).status).toBe(200);
    expect((await admin('/api/students?pageSize=0')).status).toBe(400);
    expect((await admin('/api/students/123')).status).toBe(404);
    expect((await request(app).get('/api/no-such-endpoint/123')).status).toBe(404);
    const after = await scrape();

    const count = (text: string, labels: Record<string, string>) =>
      value(text, 'levelup_http_request_duration_seconds_count', { method: 'GET', ...labels }) ?? 0;
    expect(
      count(after, { route: '/api/students', status: '200' }) -
        count(before, { route: '/api/students', status: '200' }),
    ).toBe(1);
    expect(
      count(after, { route: '/api/students', status: '400' }) -
        count(before, { route: '/api/students', status: '400' }),
    ).toBe(1);
    expect(
      count(after, { route: '/api/students/:id', status: '404' }) -
        count(before, { route: '/api/students/:id', status: '404' }),
    ).toBe(1);
    expect(
      count(after, { route: '(unmatched)', status: '404' }) - count(before, { route: '(unmatched)', status: '404' }),
    ).toBe(1);

    const errors = (text: string, labels: Record<string, string>) =>
      value(text, 'levelup_http_errors_total', labels) ?? 0;
    const invalid = { status: '400', code: 'validation', cause: 'client' };
    expect(errors(after, invalid) - errors(before, invalid)).toBe(1);
    const notFound = { status: '404', code: 'not_found', cause: 'client' };
    expect(errors(after, notFound) - errors(before, notFound)).toBe(2);

    // Route labels are patterns, never a path with its ids.
    const routes = new Set(samples(after).flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    expect([...routes].sort()).toEqual(['(unmatched)', '/api/metrics', '/api/students', '/api/students/:id']);
    expect(samples(after).filter((s) => Object.values(s.labels).some((l) => l.includes('123')))).toEqual([]);
    expect(after).not.toContain('/api/students/123');
  });
});

describe('queue and message figures', () => {
  it('reports pg-boss jobs by state, the oldest waiting job, and Message rows by status as the database has them', async () => {
    const organisationId = staff.centre.id;
    const base = { organisationId, channel: 'EMAIL' as const, template: 'test', subject: 'Hi', bodyText: 'Hello' };
    // Two queued with their jobs (no worker runs here: the jobs wait), one sent, one failed.
    await ctx.prisma.$transaction(async (tx) => {
      await enqueueMessage(tx, queue, { ...base, recipient: 'a@example.test' });
      await enqueueMessage(tx, queue, { ...base, recipient: 'b@example.test' });
    });
    await ctx.prisma.message.create({
      data: { ...base, recipient: 'c@example.test', status: 'SENT', idempotencyKey: 'm-sent' },
    });
    await ctx.prisma.message.create({
      data: { ...base, recipient: 'd@example.test', status: 'FAILED', idempotencyKey: 'm-failed' },
    });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the jobs have waited a second

    const text = await scrape();
    for (const status of ['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const) {
      expect(value(text, 'levelup_messages', { status }), status).toBe(
        await ctx.prisma.message.count({ where: { status } }),
      );
    }
    expect(value(text, 'levelup_messages', { status: 'QUEUED' })).toBe(2);
    const [{ created }] = await ctx.prisma.$queryRaw<{ created: number }[]>`
      SELECT count(*)::int AS created FROM pgboss.job WHERE name = ${MESSAGE_QUEUE} AND state = 'created'`;
    expect(created).toBeGreaterThanOrEqual(2);
    expect(value(text, 'levelup_queue_jobs', { queue: MESSAGE_QUEUE, state: 'created' })).toBe(created);
    expect(value(text, 'levelup_queue_jobs', { queue: MESSAGE_QUEUE, state: 'active' })).toBe(0);
    expect(value(text, 'levelup_queue_oldest_waiting_seconds', { queue: MESSAGE_QUEUE })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('a@example.test');
  });

  it('on a big Message table estimates SENT from its statistics and still counts the other states exactly', async () => {
    // The threshold lowered to 1 row: the table counts as big once analysed (reltuples is -1 before).
    const metrics = createMetrics({ prisma: ctx.prisma, exactMessageRows: 1 });
    await ctx.prisma.$executeRawUnsafe('ANALYZE "Message"');
    const [{ estimate }] = await ctx.prisma.$queryRaw<{ estimate: number }[]>`
      SELECT reltuples::float8 AS estimate FROM pg_class WHERE oid = '"Message"'::regclass`;
    const live = await ctx.prisma.message.count({ where: { status: { not: 'SENT' } } });
    // A sent message added after the analysis: the estimate does not see it, an exact count would.
    await ctx.prisma.message.create({
      data: {
        organisationId: staff.centre.id,
        channel: 'EMAIL',
        template: 'test',
        subject: 'Hi',
        bodyText: 'Hello',
        recipient: 'e@example.test',
        status: 'SENT',
        idempotencyKey: 'm-sent-after-analyse',
      },
    });
    const text = await metrics.registry.metrics();
    expect(value(text, 'levelup_messages', { status: 'SENT' })).toBe(Math.max(0, Math.round(estimate) - live));
    expect(await ctx.prisma.message.count({ where: { status: 'SENT' } })).toBe(Math.round(estimate) - live + 1);
    for (const status of ['QUEUED', 'SENDING', 'FAILED'] as const) {
      expect(value(text, 'levelup_messages', { status }), status).toBe(
        await ctx.prisma.message.count({ where: { status } }),
      );
    }
  });

  it('reports the pg Pool on PostgreSQL, and no pool on PGlite', async () => {
    const text = await scrape();
    if (ctx.target.kind === 'pglite') {
      expect(value(text, 'levelup_db_pool_connections')).toBeUndefined();
      return;
    }
    expect(value(text, 'levelup_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'levelup_db_pool_max_connections')).toBe(poolOf(ctx.prisma)?.options.max ?? 10);
    expect(value(text, 'levelup_db_pool_waiting_requests')).toBe(0);
  });
});

describe('a transaction that cannot start in time (P2028)', () => {
  it('is a 503 with Retry-After (never a 500) of cause pool_timeout, counted; a scrape meanwhile still answers, with the pool waits', async () => {
    const metrics: Metrics = createMetrics({ prisma: ctx.prisma });
    // Shaped like the app's API router: the metrics first, a route, the error handler.
    const api = express.Router();
    api.use(metrics.recordRequests);
    api.get('/probe', async () => {
      await ctx.prisma.$transaction(async () => {}, { maxWait: 200 });
    });
    api.use(errorHandler);
    const probe = express().use('/api', api);

    // Every connection held by a transaction that waits (PGlite has one, PostgreSQL the pool's max).
    const holders = ctx.target.kind === 'pglite' ? 1 : (poolOf(ctx.prisma)?.options.max ?? 10);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const held = Array.from({ length: holders }, () =>
      ctx.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          started += 1;
          await released;
        },
        { maxWait: 10_000, timeout: 30_000 },
      ),
    );
    try {
      while (started < holders) await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await request(probe).get('/api/probe');
      // Overloaded, not broken (issue 24, item 3): the client is told to come back.
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body).toMatchObject({ success: false, errorCode: 'unavailable' });

      const startedAt = Date.now();
      const text = await metrics.registry.metrics();
      // The message count waited for a connection, gave up after its time limit, and is left out.
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect(value(text, 'levelup_messages', { status: 'SENT' })).toBeUndefined();
      expect(
        value(text, 'levelup_http_errors_total', { status: '503', code: 'unavailable', cause: 'pool_timeout' }),
      ).toBe(1);
      expect(value(text, 'levelup_db_transaction_start_timeouts_total')).toBe(1);
      expect(value(text, 'levelup_http_request_duration_seconds_count', { route: '/api/probe', status: '503' })).toBe(
        1,
      );
      if (ctx.target.kind === 'postgres') {
        expect(value(text, 'levelup_db_pool_waiting_requests')).toBeGreaterThanOrEqual(1); // the count's query
        expect(value(text, 'levelup_db_pool_idle_connections')).toBe(0);
      }
    } finally {
      release();
      await Promise.all(held);
    }
    // Once the connections are free again, the figures are back.
    expect(value(await metrics.registry.metrics(), 'levelup_messages', { status: 'SENT' })).toBeGreaterThanOrEqual(1);
  });
});

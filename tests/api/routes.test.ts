import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { registeredEndpoints } from '../../server/http/route';
import { rights } from '../../src/contracts/permissions';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext();
  const spaDir = mkdtempSync(path.join(tmpdir(), 'levelup-spa-'));
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Level Up</title>');
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, spaDir });
});
afterAll(() => ctx.close());

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: object }[] };
  handle?: { stack?: Layer[] };
}

/** Every route registered anywhere in the app, with the right its guard declares (if any). */
function walk(stack: Layer[], found: { route: string; right?: string }[] = []) {
  for (const layer of stack) {
    if (layer.route) {
      const guard = layer.route.stack.find((l) => 'right' in l.handle)?.handle as { right?: string } | undefined;
      const methods = Object.keys(layer.route.methods).join(',').toUpperCase();
      found.push({ route: `${methods} ${String(layer.route.path)}`, right: guard?.right });
    } else if (layer.handle?.stack) {
      walk(layer.handle.stack, found);
    }
  }
  return found;
}

describe('route coverage', () => {
  it('every registered route declares a right (or "public") from the permission table', () => {
    const routes = walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
    // The API endpoints plus the SPA fallback.
    expect(routes.length).toBe(registeredEndpoints().length + 1);
    const undeclared = routes.filter((r) => !r.right || (r.right !== 'public' && !rights.includes(r.right as never)));
    expect(undeclared).toEqual([]);
  });

  it('has GET /api/metrics outside the permission table, only when METRICS_TOKEN is set (issue 24)', () => {
    // Prometheus scrapes it with METRICS_TOKEN, not as a signed-in user with a right: the endpoint checks
    // that token itself (server/metrics/metrics.ts), so it is the one route allowed without a right.
    const withMetrics = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, metricsToken: 'x'.repeat(32) });
    const routes = walk((withMetrics as unknown as { router: { stack: Layer[] } }).router.stack);
    expect(routes.length).toBe(registeredEndpoints().length + 1);
    expect(routes.filter((r) => !r.right)).toEqual([{ route: 'GET /metrics', right: undefined }]);
    expect(walk((app as unknown as { router: { stack: Layer[] } }).router.stack).map((r) => r.route)).not.toContain(
      'GET /metrics',
    );
  });

  it('declares the /sw.js that replaces the worker when the offline app is off (issue 11)', () => {
    const off = createApp({
      prisma: ctx.prisma,
      jwtSecret: ctx.jwtSecret,
      spaDir: mkdtempSync(path.join(tmpdir(), 'levelup-spa-')),
      offlineApp: false,
    });
    const routes = walk((off as unknown as { router: { stack: Layer[] } }).router.stack);
    // The API endpoints, /sw.js and the SPA fallback.
    expect(routes.length).toBe(registeredEndpoints().length + 2);
    expect(routes.find((r) => r.route === 'GET /sw.js')?.right).toBe('public');
  });

  it('publishes every endpoint in the OpenAPI document', async () => {
    const res = await request(app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.3');
    for (const endpoint of registeredEndpoints()) {
      const openApiPath = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(res.body.paths[openApiPath]?.[endpoint.method], `${endpoint.method} ${openApiPath}`).toBeDefined();
    }
    expect(res.body.paths['/api/users'].get.description).toContain('users:read');
  });
});

describe('one port for the API and the SPA', () => {
  it('serves index.html for client routes and JSON 404 for unknown API paths', async () => {
    const page = await request(app).get('/student/all-student');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Level Up</title>');
    const api = await request(app).get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ success: false, errorCode: 'not_found', showType: 2 });
  });

  it('sends security headers and no CORS headers to other origins', async () => {
    const res = await request(app).get('/api/health').set('Origin', 'https://evil.example');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows configured origins only', async () => {
    const cors = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, corsOrigins: ['https://app.example'] });
    const ok = await request(cors).get('/api/health').set('Origin', 'https://app.example');
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
    const other = await request(cors).get('/api/health').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

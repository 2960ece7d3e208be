// Issue 11: the offline app switch (OFFLINE_APP) as the web app and browsers see it: the public
// GET /api/app-config, never stored, and /sw.js, revalidated on each check, replaced by a worker that
// removes itself when the switch is off.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createTestContext, type TestContext } from '../support/test-app';

const BUILT_WORKER = '/* the built worker */ self.__precache = [];';
let ctx: TestContext;
let spaDir: string;
let emptySpaDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  spaDir = mkdtempSync(path.join(tmpdir(), 'levelup-spa-'));
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Level Up</title>');
  writeFileSync(path.join(spaDir, 'sw.js'), BUILT_WORKER);
  writeFileSync(path.join(spaDir, 'manifest.webmanifest'), '{"name":"Level Up"}');
  emptySpaDir = mkdtempSync(path.join(tmpdir(), 'levelup-spa-'));
  writeFileSync(path.join(emptySpaDir, 'index.html'), '<!doctype html><title>Level Up</title>');
});
afterAll(() => ctx.close());

const appWith = (offlineApp: boolean | undefined, dir = spaDir) =>
  createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, spaDir: dir, offlineApp });

describe('GET /api/app-config', () => {
  it('says the offline app is on by default, to anyone, and is never stored', async () => {
    const res = await request(appWith(undefined)).get('/api/app-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ offlineApp: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('says it is off when OFFLINE_APP=off', async () => {
    const res = await request(appWith(false)).get('/api/app-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ offlineApp: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('/sw.js', () => {
  it('is the built worker when on, as JavaScript, revalidated on every check', async () => {
    const res = await request(appWith(true)).get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(BUILT_WORKER);
  });

  it('is a worker that deletes the caches and unregisters itself when off', async () => {
    const res = await request(appWith(false)).get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).not.toBe(BUILT_WORKER);
    expect(res.text).toContain('caches.delete');
    expect(res.text).toContain('registration.unregister()');
    expect(res.text).toContain('skipWaiting');
  });

  it('is a 404 when the folder has no worker, never the HTML shell', async () => {
    const res = await request(appWith(true, emptySpaDir)).get('/sw.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<title>');
  });

  it('serves the web app manifest with its own type, revalidated', async () => {
    const res = await request(appWith(true)).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

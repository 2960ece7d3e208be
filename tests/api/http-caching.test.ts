// Issue 6, section 2: precompressed SPA assets with long-lived caching for hashed names, the shell
// revalidated, and every API reply `no-store`, compressed when large (never an .xlsx).

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../../scripts/compress-dist';
import { createApp } from '../../server/app';
import { createCentreWithStaff, createUser } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

const HASHED = '/umi.0123abcd.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let spaDir: string;
let admin: string;
let server: Server;
let origin: string;

/** A GET whose body stays as sent (supertest would gunzip it); over a real socket. */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(`${origin}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  spaDir = mkdtempSync(path.join(tmpdir(), 'levelup-spa-'));
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Level Up</title>');
  writeFileSync(path.join(spaDir, HASHED), `console.log(${JSON.stringify('Level Up '.repeat(2000))});\n`);
  writeFileSync(path.join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await compressDist(spaDir);
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, spaDir });
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { centre, tokens } = await createCentreWithStaff(ctx);
  admin = tokens.admin;
  for (let i = 0; i < 25; i++) await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId: centre.id });
});
afterAll(async () => {
  server.close();
  await ctx.close();
});

describe('the built SPA', () => {
  const original = () => readFileSync(path.join(spaDir, HASHED));

  it('sends a hashed asset as brotli, cached for a year, when the browser accepts it', async () => {
    const res = await raw(HASHED, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.length).toBeLessThan(original().length / 10);
    expect(brotliDecompressSync(res.body).equals(original())).toBe(true);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await raw(HASHED, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.body).equals(original())).toBe(true);
    const plain = await raw(HASHED, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body.equals(original())).toBe(true);
  });

  it('revalidates index.html and files without a hash', async () => {
    for (const url of ['/student/all-student', '/index.html', '/favicon.svg']) {
      const res = await request(app).get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await request(app).get('/user/login')).text).toContain('<title>Level Up</title>');
  });

  it("allows scripts from this origin only, and frames from Google Calendar (a teacher's embed)", async () => {
    const policy = (await request(app).get('/schedule/google-calendar')).headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-src 'self' https://calendar.google.com");
  });

  it('answers 404 for a hashed asset that is not there, not the HTML shell', async () => {
    const res = await request(app).get('/umi.deadbeef.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<title>');
  });
});

describe('API replies', () => {
  it('are never stored, errors included', async () => {
    const replies = [
      await request(app).get('/api/health'),
      await request(app).get('/api/account'),
      await request(app).get('/api/no-such-thing'),
      await request(app).post('/api/authenticate').set('Content-Type', 'application/json').send('{"broken'),
      await request(app).get('/api/staff').set('Authorization', `Bearer ${admin}`),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 401, 404, 400, 200]);
    expect(replies.map((r) => r.headers['cache-control'])).toEqual(Array(replies.length).fill('no-store'));
  });

  it('are compressed when large and sent plain when small', async () => {
    const list = await raw('/api/staff?pageSize=50', { Authorization: `Bearer ${admin}`, 'Accept-Encoding': 'gzip' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(gunzipSync(list.body).toString()).data.length).toBeGreaterThan(25);
    const health = await request(app).get('/api/health').set('Accept-Encoding', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never compress an .xlsx download again', async () => {
    const res = await raw('/api/staff/export', { Authorization: `Bearer ${admin}`, 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
  });
});

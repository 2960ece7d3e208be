import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios, { type AxiosInstance } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../contracts/idempotency';
import { retryAfterSeconds, retryDelay, retryWhenAsked } from './retryAfter';

describe('retryDelay', () => {
  const base = { status: 503, retryAfter: '1', method: 'get', keyed: false, retries: 0 };

  it('waits what a 503 asks before reading again, twice at most', () => {
    expect(retryDelay(base)).toBe(1000);
    expect(retryDelay({ ...base, retries: 1 })).toBe(1000);
    expect(retryDelay({ ...base, retries: 2 })).toBeUndefined();
  });

  it('sends a write again only when it carries its Idempotency-Key', () => {
    expect(retryDelay({ ...base, method: 'post' })).toBeUndefined();
    expect(retryDelay({ ...base, method: 'post', keyed: true })).toBe(1000);
    expect(retryDelay({ ...base, method: 'put' })).toBeUndefined();
  });

  it('waits out a keyed 409 ("still being processed"), never a clash without Retry-After', () => {
    expect(retryDelay({ ...base, status: 409, method: 'post', keyed: true, retryAfter: '2' })).toBe(2000);
    expect(retryDelay({ ...base, status: 409, method: 'post', keyed: true, retryAfter: undefined })).toBeUndefined();
    expect(retryDelay({ ...base, status: 409, retryAfter: '2' })).toBeUndefined();
  });

  it('leaves long waits, other statuses and unreadable headers to the person', () => {
    expect(retryDelay({ ...base, retryAfter: '60' })).toBeUndefined();
    expect(retryDelay({ ...base, status: 429 })).toBeUndefined();
    expect(retryDelay({ ...base, status: 500 })).toBeUndefined();
    expect(retryDelay({ ...base, retryAfter: 'soon' })).toBeUndefined();
    expect(retryDelay({ ...base, retryAfter: null })).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterSeconds('3', now)).toBe(3);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 10:00:04 GMT', now)).toBe(4);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryDelay({ ...base, retryAfter: 'Sun, 29 Nov 2026 10:00:02 GMT' }, now)).toBe(2000);
    expect(retryDelay({ ...base, retryAfter: '0' })).toBe(100);
  });
});

// Through a real HTTP server and axios (the client the app's request layer is built on).
describe('retryWhenAsked', () => {
  let server: Server;
  let client: AxiosInstance;
  let seen: { method: string; key: string | undefined }[] = [];
  let refusals: { status: number; retryAfter?: string }[] = [];
  let waits: number[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      seen.push({ method: req.method ?? '', key: req.headers[IDEMPOTENCY_HEADER.toLowerCase()] as string | undefined });
      const refusal = refusals.shift();
      if (refusal) {
        res.writeHead(refusal.status, {
          'Content-Type': 'application/json',
          ...(refusal.retryAfter ? { 'Retry-After': refusal.retryAfter } : {}),
        });
        res.end(JSON.stringify({ errorMessage: 'The server is busy: try again in a moment' }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ served: seen.length }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = axios.create({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    client.interceptors.response.use(
      (response) => response,
      retryWhenAsked(
        () => client,
        async (ms) => {
          waits.push(ms);
        },
      ),
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    refusals = [];
    waits = [];
  });

  it('a list refused while the server sheds load arrives on the next try', async () => {
    refusals = [{ status: 503, retryAfter: '1' }];
    const reply = await client.get('/api/students');
    expect(reply.data).toEqual({ served: 2 });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(waits).toEqual([1000]);
  });

  it('gives up after two more tries and shows the 503', async () => {
    refusals = [1, 2, 3].map(() => ({ status: 503, retryAfter: '1' }));
    await expect(client.get('/api/students')).rejects.toMatchObject({ response: { status: 503 } });
    expect(seen).toHaveLength(3);
  });

  it('a Save with its Idempotency-Key is sent again with the same key; one without is not', async () => {
    refusals = [{ status: 503, retryAfter: '1' }];
    const reply = await client.post(
      '/api/students',
      { lastName: 'Hopper' },
      { headers: { [IDEMPOTENCY_HEADER]: 'k-1' } },
    );
    expect(reply.status).toBe(200);
    expect(seen).toEqual([
      { method: 'POST', key: 'k-1' },
      { method: 'POST', key: 'k-1' },
    ]);

    seen = [];
    refusals = [{ status: 503, retryAfter: '1' }];
    await expect(client.post('/api/students', { lastName: 'Hopper' })).rejects.toMatchObject({
      response: { status: 503 },
    });
    expect(seen).toHaveLength(1);
  });

  it('waits out "still being processed" for a keyed Save, and leaves a long wait alone', async () => {
    refusals = [{ status: 409, retryAfter: '2' }];
    await client.post('/api/schedules', {}, { headers: { [IDEMPOTENCY_HEADER]: 'k-2' } });
    expect(waits).toEqual([2000]);
    expect(seen).toHaveLength(2);

    seen = [];
    waits = [];
    refusals = [{ status: 503, retryAfter: '60' }];
    await expect(client.get('/api/students/import')).rejects.toMatchObject({ response: { status: 503 } });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

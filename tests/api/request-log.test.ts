import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCentre, createUser, TEST_PASSWORD } from '../support/factories';
import { logOutput } from '../support/log-capture';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let login: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const centre = await createCentre(ctx.prisma);
  login = (await createUser(ctx.prisma, { role: 'ROLE_ADMIN', organisationId: centre.id })).login;
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const output = logOutput;

describe('request logs', () => {
  it('logs each API request once, as JSON, under the trace id the reply carries', async () => {
    let traceId = '';
    const text = await output('info', async () => {
      const res = await request(ctx.app).get('/api/no-such-endpoint');
      traceId = res.headers['x-trace-id'];
    });
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      traceId,
      req: { method: 'GET', url: '/api/no-such-endpoint' },
      res: { statusCode: 404 },
    });
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes a password, a token or an Authorization header', async () => {
    let token = '';
    const text = await output('debug', async () => {
      const signIn = await request(ctx.app)
        .post('/api/authenticate')
        .send({ username: login, password: TEST_PASSWORD });
      token = signIn.body.id_token;
      await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${token}`).set('Cookie', 'session=abc');
      await request(ctx.app).put('/api/account').set('Authorization', `Bearer ${token}`).send({ password: 'x' });
    });
    expect(token).toBeTruthy();
    expect(text).toContain('"url":"/api/authenticate"');
    expect(text).toContain('"url":"/api/account"');
    for (const secret of [TEST_PASSWORD, token, 'Bearer', 'session=abc']) expect(text).not.toContain(secret);
  });

  it('logs the names of query parameters, never their values (issue 20, finding 10)', async () => {
    const phone = '+14165550123';
    const text = await output('info', async () => {
      await request(ctx.app).get(`/api/login/captcha?mobile=${encodeURIComponent(phone)}`);
      await request(ctx.app).get('/api/students?q=Hannah%20Gagnon&page=2&recipient=hannah%40example.test');
      await request(ctx.app).get('/api/account?access_token=eyJhbGciOiJIUzI1NiJ9.secret-part');
    });
    const urls = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).req?.url);
    expect(urls).toEqual(['/api/login/captcha?mobile', '/api/students?page&q&recipient', '/api/account?access_token']);
    for (const value of [phone, '4165550123', 'Hannah', 'Gagnon', 'hannah', 'eyJhbGci', 'secret-part']) {
      expect(text).not.toContain(value);
    }
  });

  it('writes nothing at LOG_LEVEL=silent', async () => {
    const text = await output('silent', () => request(ctx.app).get('/api/no-such-endpoint'));
    expect(text).toBe('');
  });
});

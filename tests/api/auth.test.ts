import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONSECUTIVE_FAILURES } from '../../server/auth/login-throttle';
import { createCentre, createCentreWithStaff, createUser, signIn, TEST_PASSWORD } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
});
afterAll(() => ctx.close());

const account = (token?: string) => {
  const req = request(ctx.app).get('/api/account');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('POST /api/authenticate', () => {
  it('returns a token for login or email, case-insensitively', async () => {
    const byLogin = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: staff.admin.login.toUpperCase(), password: TEST_PASSWORD });
    expect(byLogin.status).toBe(200);
    expect(byLogin.body.id_token.split('.')).toHaveLength(3);
    const byEmail = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: staff.admin.email, password: TEST_PASSWORD });
    expect(byEmail.status).toBe(200);
  });

  it('refuses a wrong password or unknown user with the same 401 message', async () => {
    const wrong = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: staff.operator.login, password: 'not-the-password' });
    const unknown = await request(ctx.app).post('/api/authenticate').send({ username: 'nobody', password: 'x' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, errorCode: 'unauthenticated' });
      expect(res.body.errorMessage).toBe('Incorrect username/password.');
      expect(res.body.traceId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives remember-me tokens a longer life', async () => {
    const short = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: staff.admin.login, password: TEST_PASSWORD });
    const long = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: staff.admin.login, password: TEST_PASSWORD, rememberMe: true });
    const life = (token: string) => {
      const claims = jwt.decode(token) as { iat: number; exp: number };
      return claims.exp - claims.iat;
    };
    expect(life(short.body.id_token)).toBe(8 * 3600);
    expect(life(long.body.id_token)).toBe(30 * 24 * 3600);
  });

  it('names missing fields with a 400', async () => {
    const res = await request(ctx.app).post('/api/authenticate').send({ username: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'password', message: 'This field is required' }]);
  });

  it('answers malformed JSON with a 400 in the error body', async () => {
    const res = await request(ctx.app)
      .post('/api/authenticate')
      .set('Content-Type', 'application/json')
      .send('{"username": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorMessage: 'The request body is not valid JSON' });
  });

  it(`locks an account for this address after ${MAX_CONSECUTIVE_FAILURES} failures, even with the right password`, async () => {
    const centre = await createCentre(ctx.prisma);
    const victim = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId: centre.id });
    for (let i = 0; i < MAX_CONSECUTIVE_FAILURES; i++) {
      const res = await request(ctx.app).post('/api/authenticate').send({ username: victim.login, password: 'wrong' });
      expect(res.status).toBe(401);
    }
    const locked = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: victim.login, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessage).toMatch(/Too many failed sign-in attempts/);
    expect(locked.headers['retry-after']).toBe('900');
    // Other accounts are unaffected (more in throttle.test.ts).
    expect(
      (await request(ctx.app).post('/api/authenticate').send({ username: staff.admin.login, password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('refuses a deactivated user', async () => {
    const centre = await createCentre(ctx.prisma);
    const user = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId: centre.id });
    const token = await signIn(ctx, user.login);
    await ctx.prisma.user.update({ where: { id: user.id }, data: { activated: false } });
    expect((await account(token)).status).toBe(401);
    const res = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: user.login, password: TEST_PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/account and token checks', () => {
  it('lists ROLE_ADMIN and ROLE_OPERATOR for an admin', async () => {
    const res = await account(staff.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.authorities).toEqual(['ROLE_ADMIN', 'ROLE_OPERATOR']);
    expect(res.body.organisation).toMatchObject({ id: staff.centre.id, currency: 'CAD', timeZone: 'America/Toronto' });
    expect(res.body).not.toHaveProperty('passwordHash');
  });

  it('gives a system user no organisation', async () => {
    const res = await account(staff.tokens.system);
    expect(res.body).toMatchObject({ authorities: ['ROLE_SYSTEM'], organisation: null });
  });

  it('answers 401 with no token, a tampered token, an alg:none token or another key', async () => {
    const [header, payload, signature] = staff.tokens.admin.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, sub: String(staff.system.id) })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const otherKey = jwt.sign({ ver: 0 }, 'another-secret-another-secret-123', {
      subject: String(staff.admin.id),
      issuer: 'level-up',
    });
    for (const token of [undefined, `${header}.${elevated}.${signature}`, none, otherKey, 'garbage']) {
      const res = await account(token);
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('unauthenticated');
    }
  });

  it('rejects an expired token', async () => {
    const expired = jwt.sign({ ver: 0 }, ctx.jwtSecret, {
      subject: String(staff.admin.id),
      issuer: 'level-up',
      expiresIn: -10,
    });
    expect((await account(expired)).status).toBe(401);
  });

  it('revokes every token on logout-all', async () => {
    const centre = await createCentre(ctx.prisma);
    const user = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId: centre.id });
    const phone = await signIn(ctx, user.login);
    const laptop = await signIn(ctx, user.login);
    const res = await request(ctx.app).post('/api/account/logout-all').set('Authorization', `Bearer ${laptop}`);
    expect(res.status).toBe(204);
    expect((await account(phone)).status).toBe(401);
    expect((await account(laptop)).status).toBe(401);
    expect((await account(await signIn(ctx, user.login))).status).toBe(200);
  });
});

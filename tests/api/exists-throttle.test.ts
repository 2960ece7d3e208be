// "Already in use" answers tell whether an account exists anywhere on the install (issue 20, finding 8).
// They are throttled per signed-in user and per address (counters in the database), a spent caller gets
// 429 for every name before anything is looked up, and the platform's logins answer "already used" to
// every centre whether or not a platform user has them.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR, TAKEN_ANSWERS_PER_USER_PER_HOUR } from '../../server/auth/exists-throttle';
import { createFirstUser } from '../../server/features/account/create-first-user';
import { createCentre, createCentreWithStaff, createUser, signIn, TEST_PASSWORD } from '../support/factories';
import { staffBody, teacherBody } from '../support/staff-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  other = await createCentreWithStaff(ctx);
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, trustProxy: true });
});
afterAll(() => ctx.close());

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;
let logins = 0;
const freeLogin = () => `free.login${++logins}`;
const from = (token: string, address: string) => ({
  post: (url: string, body: object) =>
    request(app).post(url).set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', address).send(body),
  put: (url: string, body: object) =>
    request(app).put(url).set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', address).send(body),
});
async function newAdmin() {
  const centre = await createCentre(ctx.prisma);
  const admin = await createUser(ctx.prisma, { role: 'ROLE_ADMIN', organisationId: centre.id });
  return signIn(ctx, admin.login);
}

describe('taken logins and emails, per user', () => {
  it('answers userexists/emailexists a few times, then 429 for every name, and creates nothing', async () => {
    const caller = from(await newAdmin(), newAddress());
    for (let i = 0; i < TAKEN_ANSWERS_PER_USER_PER_HOUR; i++) {
      const body = i % 2 ? staffBody({ login: other.operator.login }) : staffBody({ email: other.admin.email });
      const res = await caller.post('/api/staff', { ...body, ...(i % 2 ? {} : { login: freeLogin() }) });
      expect(res.status).toBe(409);
      expect(res.body.errorKey).toBe(i % 2 ? 'userexists' : 'emailexists');
    }
    const taken = await caller.post('/api/staff', staffBody({ login: other.teacher.login }));
    expect(taken.status).toBe(429);
    expect(Number(taken.headers['retry-after'])).toBeGreaterThan(0);
    const login = freeLogin();
    const free = await caller.post('/api/staff', staffBody({ login, email: `${login}@example.test` }));
    expect(free.status).toBe(429); // the same answer: a spent caller learns nothing more
    expect(await ctx.prisma.user.count({ where: { login } })).toBe(0);
    // Teachers go through the same check.
    expect((await caller.post('/api/teachers', teacherBody({ login: other.operator.login }))).status).toBe(429);
  });

  it('throttles PUT /api/account answering emailexists', async () => {
    const centre = await createCentre(ctx.prisma);
    const user = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId: centre.id });
    const caller = from(await signIn(ctx, user.login), newAddress());
    const body = { email: other.admin.email, currentPassword: TEST_PASSWORD };
    for (let i = 0; i < TAKEN_ANSWERS_PER_USER_PER_HOUR; i++) {
      const res = await caller.put('/api/account', body);
      expect(res.status).toBe(409);
      expect(res.body.errorKey).toBe('emailexists');
    }
    const res = await caller.put('/api/account', body);
    expect(res.status).toBe(429);
    expect(JSON.stringify(res.body)).toContain('Too many checks found a login or email already in use.');
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});

describe('taken logins and emails, per address', () => {
  it('counts the answers of every user at one address', async () => {
    const address = newAddress();
    const perUser = TAKEN_ANSWERS_PER_USER_PER_HOUR - 1;
    const admins = Math.ceil(TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR / perUser);
    let answered = 0;
    for (let a = 0; a < admins && answered < TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR; a++) {
      const caller = from(await newAdmin(), address);
      for (let i = 0; i < perUser && answered < TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR; i++, answered++) {
        expect((await caller.post('/api/staff', staffBody({ login: other.operator.login }))).status).toBe(409);
      }
    }
    const fresh = from(await newAdmin(), address);
    expect((await fresh.post('/api/staff', staffBody({ login: other.operator.login }))).status).toBe(429);
    // The same admin from another address is not held back.
    const elsewhere = await newAdmin();
    expect(
      (await from(elsewhere, newAddress()).post('/api/staff', staffBody({ login: other.operator.login }))).status,
    ).toBe(409);
  });
});

describe("the platform's logins", () => {
  it('answer userexists to a centre whether or not a platform user has them; the platform may use them', async () => {
    const caller = from(await newAdmin(), newAddress());
    expect(await ctx.prisma.user.count({ where: { login: 'root' } })).toBe(0);
    const free = await caller.post('/api/staff', staffBody({ login: 'root', email: 'root@centre.test' }));
    await createFirstUser(ctx.prisma, {
      role: 'ROLE_SYSTEM',
      login: 'system',
      email: 'ops@platform.test',
      password: 'platform-password-1',
    });
    const used = await caller.post('/api/staff', staffBody({ login: 'system', email: 'system@centre.test' }));
    for (const res of [free, used]) {
      expect(res.status).toBe(409);
      expect(res.body.errorKey).toBe('userexists');
    }
    expect(used.body).toEqual({ ...free.body, traceId: used.body.traceId });
    expect(await ctx.prisma.user.count({ where: { login: 'root' } })).toBe(0);
  });
});

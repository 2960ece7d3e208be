import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import {
  FIRST_LOCKOUT_SECONDS,
  MAX_CONSECUTIVE_FAILURES,
  MAX_FAILURES_PER_ADDRESS,
} from '../../server/auth/login-throttle';
import { REGISTRATIONS_PER_ADDRESS_PER_HOUR } from '../../server/auth/register-throttle';
import { createCentre, createCentreWithStaff, createUser, TEST_PASSWORD } from '../support/factories';
import { type RegisteringApp, registeringApp } from '../support/register-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Two API instances on one database, behind a proxy that names the caller's address (X-Forwarded-For):
// the counters live in the database, so both instances see the same ones.
let ctx: TestContext;
let instances: ReturnType<typeof createApp>[];
/** Registering queues its link: two more instances, with a message queue. */
let registering: RegisteringApp[];
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let addressCount = 0;
const newAddress = () => `203.0.113.${++addressCount}`;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  instances = [0, 1].map(() => createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, trustProxy: true }));
  registering = [await registeringApp(ctx, { trustProxy: true }), await registeringApp(ctx, { trustProxy: true })];
});
afterAll(async () => {
  for (const r of registering ?? []) await r.stop();
  await ctx.close();
});

let turn = 0;
function signIn(username: string, password: string, address: string) {
  const app = instances[turn++ % instances.length];
  return request(app).post('/api/authenticate').set('X-Forwarded-For', address).send({ username, password });
}
async function fail(username: string, address: string, times: number) {
  for (let i = 0; i < times; i++) expect((await signIn(username, 'wrong-password', address)).status).toBe(401);
}
const newUser = async () =>
  createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId: (await createCentre(ctx.prisma)).id });

describe('consecutive failures per account and address', () => {
  it(`locks the pair after ${MAX_CONSECUTIVE_FAILURES} failures, correct password included, with Retry-After`, async () => {
    const user = await newUser();
    const attacker = newAddress();
    await fail(user.login, attacker, MAX_CONSECUTIVE_FAILURES);
    const res = await signIn(user.login, TEST_PASSWORD, attacker);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, errorCode: 'rate_limited', showType: 2 });
    expect(res.body.errorMessage).toMatch(
      /Too many failed sign-in attempts for this account\. Try again in 15 minutes/,
    );
    expect(res.headers['retry-after']).toBe(String(FIRST_LOCKOUT_SECONDS));
  });

  it('gives guesses sent in parallel no more tries', async () => {
    const user = await newUser();
    const attacker = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(user.login, `parallel-guess-${i}`, attacker)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_CONSECUTIVE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_CONSECUTIVE_FAILURES);
    expect((await signIn(user.login, TEST_PASSWORD, attacker)).status).toBe(429);
  });

  it('never locks the real user out from another address', async () => {
    const user = await newUser();
    const attacker = newAddress();
    await fail(user.login, attacker, MAX_CONSECUTIVE_FAILURES);
    for (let i = 0; i < 5; i++) expect((await signIn(user.login, `guess${i}`, attacker)).status).toBe(429);
    expect((await signIn(user.login, TEST_PASSWORD, newAddress())).status).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD, newAddress())).status).toBe(200);
    expect((await signIn(user.login, TEST_PASSWORD, attacker)).status).toBe(429);
  });

  it('counts the login and the email as one account', async () => {
    const user = await newUser();
    const attacker = newAddress();
    await fail(user.login.toUpperCase(), attacker, 3);
    await fail(user.email, attacker, MAX_CONSECUTIVE_FAILURES - 3);
    expect((await signIn(user.email, 'another-guess', attacker)).status).toBe(429);
    expect((await signIn(user.login, 'another-guess', attacker)).status).toBe(429);
  });

  it('counts unknown names by the normalised name', async () => {
    const attacker = newAddress();
    await fail('Ghost', attacker, 3);
    await fail(' ghost ', attacker, MAX_CONSECUTIVE_FAILURES - 3);
    expect((await signIn('GHOST', 'x', attacker)).status).toBe(429);
    expect((await signIn('someone-else', 'x', attacker)).status).toBe(401);
  });

  it('counts an IPv6 /64 as one address, so rotating within it does not buy more guesses', async () => {
    const user = await newUser();
    for (let i = 1; i <= MAX_CONSECUTIVE_FAILURES; i++) await fail(user.login, `2001:db8:7:7::${i}`, 1);
    expect((await signIn(user.login, TEST_PASSWORD, '2001:db8:7:7::99')).status).toBe(429);
    expect((await signIn(user.login, TEST_PASSWORD, '2001:db8:7:8::1')).status).toBe(200);
  });

  it('starts again after a correct password', async () => {
    const user = await newUser();
    const address = newAddress();
    await fail(user.login, address, MAX_CONSECUTIVE_FAILURES - 1);
    expect((await signIn(user.login, TEST_PASSWORD, address)).status).toBe(200);
    await fail(user.login, address, MAX_CONSECUTIVE_FAILURES - 1);
    expect((await signIn(user.login, TEST_PASSWORD, address)).status).toBe(200);
  });

  it('doubles the wait with each further lockout', async () => {
    const user = await newUser();
    const attacker = newAddress();
    await fail(user.login, attacker, MAX_CONSECUTIVE_FAILURES);
    expect((await signIn(user.login, 'x', attacker)).headers['retry-after']).toBe(String(FIRST_LOCKOUT_SECONDS));
    // Let the first lockout run out (the counters are rows with an expiry in epoch milliseconds).
    await ctx.prisma
      .$executeRaw`UPDATE "RateLimit" SET expire = 1 WHERE key LIKE ${`login_fail_pair:user:${user.id}|%`}`;
    await fail(user.login, attacker, MAX_CONSECUTIVE_FAILURES);
    const second = await signIn(user.login, TEST_PASSWORD, attacker);
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe(String(FIRST_LOCKOUT_SECONDS * 2));
    expect(second.body.errorMessage).toMatch(/Try again in 30 minutes/);
  });
});

describe('failures per address across accounts', () => {
  it(`blocks an address after ${MAX_FAILURES_PER_ADDRESS} failures on many names, and only that address`, async () => {
    const sprayer = newAddress();
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await signIn(`guess${i}`, 'Winter2026!', sprayer)).status).toBe(401);
    }
    const res = await signIn(staff.admin.login, TEST_PASSWORD, sprayer);
    expect(res.status).toBe(429);
    expect(res.body.errorMessage).toMatch(/from this address/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    expect((await signIn(staff.admin.login, TEST_PASSWORD, newAddress())).status).toBe(200);
    // Tokens already issued keep working: the limit is on signing in, not on the account.
    const account = await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${staff.tokens.admin}`);
    expect(account.status).toBe(200);
  });

  it('never locks out an account that signed in from that address before (issue 20, finding 15)', async () => {
    const school = newAddress();
    const regular = await newUser();
    const newcomer = await newUser();
    expect((await signIn(regular.login, TEST_PASSWORD, school)).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await signIn(`spray${i}`, 'Winter2026!', school)).status).toBe(401);
    }
    expect((await signIn(newcomer.login, TEST_PASSWORD, school)).status).toBe(429);
    expect((await signIn(regular.login, TEST_PASSWORD, school)).status).toBe(200);
    // The known pair's own limit still holds: guessing its password from there locks the pair.
    await fail(regular.login, school, MAX_CONSECUTIVE_FAILURES);
    expect((await signIn(regular.login, TEST_PASSWORD, school)).status).toBe(429);
  });

  it('lets a shared address sign in after a few failures of its users', async () => {
    const school = newAddress();
    for (let i = 0; i < 10; i++) await fail((await newUser()).login, school, 2);
    expect((await signIn(staff.operator.login, TEST_PASSWORD, school)).status).toBe(200);
  });
});

describe('POST /api/register', () => {
  const body = (n: number) => ({
    organisationName: `Throttle Centre ${n}`,
    login: `throttle${n}`,
    email: `throttle${n}@example.test`,
    password: 'long-enough-password',
  });
  it(`accepts ${REGISTRATIONS_PER_ADDRESS_PER_HOUR} registrations an hour from one address, then 429`, async () => {
    const address = newAddress();
    const register = (n: number, from = address) =>
      request(registering[n % 2].app)
        .post('/api/register')
        .set('X-Forwarded-For', from)
        .send(body(n));
    for (let n = 0; n < REGISTRATIONS_PER_ADDRESS_PER_HOUR; n++) expect((await register(n)).status).toBe(202);
    const refused = await register(REGISTRATIONS_PER_ADDRESS_PER_HOUR);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'rate_limited' });
    expect(refused.body.errorMessage).toMatch(/Too many centres registered from this address/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    for (const r of registering) await r.settled();
    const login = `throttle${REGISTRATIONS_PER_ADDRESS_PER_HOUR}`;
    expect(await ctx.prisma.pendingRegistration.count({ where: { login } })).toBe(0);
    expect((await register(REGISTRATIONS_PER_ADDRESS_PER_HOUR, newAddress())).status).toBe(202);
  });
});

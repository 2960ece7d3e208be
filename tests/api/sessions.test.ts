// Server-side sessions (issue 20, finding 12): every sign-in opens a Session row named in the token;
// signing out ends it at once (the same token is refused), a user lists and signs out their own
// devices, and "sign out everywhere", a password change or reset ends them all.
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TOUCH_MS } from '../../server/auth/sessions';
import { purgeExpiredSecrets } from '../../server/jobs/housekeeping';
import { callerWith } from '../support/course-factories';
import { createCentre, createUser, signIn, TEST_PASSWORD } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let organisationId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createCentre(ctx.prisma)).id;
});
afterAll(() => ctx.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const as = (token: string) => callerWith(ctx.app, token);
const sessionOf = (token: string) => (jwt.decode(token) as { sid: string }).sid;
const newUser = () => createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId });
async function signInWith(login: string, userAgent: string, rememberMe = false) {
  const res = await request(ctx.app)
    .post('/api/authenticate')
    .set('User-Agent', userAgent)
    .send({ username: login, password: TEST_PASSWORD, rememberMe });
  expect(res.status).toBe(200);
  return res.body.id_token as string;
}

describe('sign-in opens a session', () => {
  it('stores browser and OS (no IP) and the token lifetime, and names it in the token', async () => {
    const user = await newUser();
    const token = await signInWith(user.login, CHROME_WINDOWS, true);
    const row = await ctx.prisma.session.findUniqueOrThrow({ where: { id: sessionOf(token) } });
    expect(row).toMatchObject({ userId: user.id, browser: 'Chrome', os: 'Windows', revokedAt: null });
    expect(JSON.stringify(row)).not.toMatch(/127\.0\.0\.1|::1/);
    const { exp } = jwt.decode(token) as { exp: number };
    expect(Math.abs(row.expiresAt.getTime() / 1000 - exp)).toBeLessThan(5);
  });

  it('refuses a valid signature whose session does not exist or belongs to someone else', async () => {
    const user = await newUser();
    const other = await newUser();
    const claims = { ver: 0, sid: 'AAAAAAAAAAAAAAAAAAAAAA' };
    const options = { subject: String(user.id), issuer: 'level-up', expiresIn: 60 } as const;
    expect((await as(jwt.sign(claims, ctx.jwtSecret, options)).get('/api/account')).status).toBe(401);
    const othersSession = sessionOf(await signIn(ctx, other.login));
    const forged = jwt.sign({ ver: 0, sid: othersSession }, ctx.jwtSecret, options);
    expect((await as(forged).get('/api/account')).status).toBe(401);
  });

  it('records activity at most every few minutes', async () => {
    const user = await newUser();
    const token = await signIn(ctx, user.login);
    const id = sessionOf(token);
    const first = await ctx.prisma.session.findUniqueOrThrow({ where: { id } });
    expect((await as(token).get('/api/account')).status).toBe(200);
    expect((await ctx.prisma.session.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(first.lastSeenAt);
    const earlier = new Date(Date.now() - SESSION_TOUCH_MS - 60_000);
    await ctx.prisma.session.update({ where: { id }, data: { lastSeenAt: earlier } });
    expect((await as(token).get('/api/account')).status).toBe(200);
    const seen = (await ctx.prisma.session.findUniqueOrThrow({ where: { id } })).lastSeenAt;
    expect(Date.now() - seen.getTime()).toBeLessThan(30_000);
  });
});

describe('POST /api/logout', () => {
  it('ends this session: the same token then gets 401, other devices stay signed in', async () => {
    const user = await newUser();
    const phone = await signIn(ctx, user.login);
    const laptop = await signIn(ctx, user.login);
    expect((await as(laptop).post('/api/logout', {})).status).toBe(204);
    const after = await as(laptop).get('/api/account');
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('unauthenticated');
    expect((await as(phone).get('/api/account')).status).toBe(200);
    expect((await as(laptop).post('/api/logout', {})).status).toBe(401);
  });
});

describe('GET /api/account/sessions and DELETE /api/account/sessions/:sessionId', () => {
  it('lists own live devices with the current one marked, and signs one out', async () => {
    const user = await newUser();
    const laptop = await signInWith(user.login, CHROME_WINDOWS);
    const phone = await signInWith(user.login, SAFARI_IPHONE);
    const gone = await signIn(ctx, user.login);
    expect((await as(gone).post('/api/logout', {})).status).toBe(204);

    const listed = await as(laptop).get('/api/account/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const byId = Object.fromEntries(listed.body.map((s: { id: string }) => [s.id, s]));
    expect(byId[sessionOf(laptop)]).toMatchObject({ browser: 'Chrome', os: 'Windows', current: true });
    expect(byId[sessionOf(phone)]).toMatchObject({ browser: 'Safari', os: 'iOS', current: false });
    expect(Date.parse(byId[sessionOf(phone)].createdAt)).not.toBeNaN();

    expect((await as(laptop).delete(`/api/account/sessions/${sessionOf(phone)}`)).status).toBe(204);
    expect((await as(phone).get('/api/account')).status).toBe(401);
    expect((await as(laptop).get('/api/account')).status).toBe(200);
    const left = await as(laptop).get('/api/account/sessions');
    expect(left.body.map((s: { id: string }) => s.id)).toEqual([sessionOf(laptop)]);
  });

  it("answers 404 for another user's session, an unknown one or a malformed id, and changes nothing", async () => {
    const user = await newUser();
    const other = await newUser();
    const mine = await signIn(ctx, user.login);
    const theirs = await signIn(ctx, other.login);
    for (const id of [sessionOf(theirs), 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await as(mine).delete(`/api/account/sessions/${id}`);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).toContain('This signed-in device was not found');
    }
    expect((await as(mine).delete('/api/account/sessions/not*an*id')).status).toBe(400);
    expect((await as(theirs).get('/api/account')).status).toBe(200);
    const listed = await as(mine).get('/api/account/sessions');
    expect(listed.body.map((s: { id: string }) => s.id)).toEqual([sessionOf(mine)]);
  });

  it('needs a signed-in caller', async () => {
    expect((await request(ctx.app).get('/api/account/sessions')).status).toBe(401);
  });
});

describe('sign out everywhere and password changes', () => {
  it('logout-all ends every session (they leave the list) and a new sign-in works', async () => {
    const user = await newUser();
    const phone = await signIn(ctx, user.login);
    const laptop = await signIn(ctx, user.login);
    expect((await as(laptop).post('/api/account/logout-all', {})).status).toBe(204);
    expect((await as(phone).get('/api/account')).status).toBe(401);
    expect((await as(laptop).get('/api/account')).status).toBe(401);
    const open = await ctx.prisma.session.count({ where: { userId: user.id, revokedAt: null } });
    expect(open).toBe(0);
    const fresh = await signIn(ctx, user.login);
    expect((await as(fresh).get('/api/account/sessions')).body).toHaveLength(1);
  });

  it('a password change ends the other sessions and the new token has its own session', async () => {
    const user = await newUser();
    const phone = await signIn(ctx, user.login);
    const laptop = await signIn(ctx, user.login);
    const changed = await as(laptop).post('/api/account/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-long-password',
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.id_token as string;
    expect((await as(phone).get('/api/account')).status).toBe(401);
    expect((await as(laptop).get('/api/account')).status).toBe(401);
    const listed = await as(fresh).get('/api/account/sessions');
    expect(listed.body).toEqual([expect.objectContaining({ id: sessionOf(fresh), current: true })]);
  });
});

describe('housekeeping', () => {
  it('purges revoked, expired and superseded sessions and keeps live ones', async () => {
    const user = await newUser();
    const live = sessionOf(await signIn(ctx, user.login));
    const revoked = await signIn(ctx, user.login);
    await as(revoked).post('/api/logout', {});
    const expired = sessionOf(await signIn(ctx, user.login));
    await ctx.prisma.session.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const other = await newUser();
    const superseded = sessionOf(await signIn(ctx, other.login));
    await ctx.prisma.user.update({ where: { id: other.id }, data: { tokenVersion: { increment: 1 } } });

    const purged = await purgeExpiredSecrets(ctx.prisma);
    expect(purged.sessions).toBeGreaterThanOrEqual(3);
    const ids = (await ctx.prisma.session.findMany({ where: { userId: { in: [user.id, other.id] } } })).map(
      (s) => s.id,
    );
    expect(ids).toEqual([live]);
    expect(ids).not.toContain(superseded);
  });
});

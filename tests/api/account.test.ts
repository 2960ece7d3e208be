import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentre, createCentreWithStaff, createUser, signIn, TEST_PASSWORD } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
});
afterAll(() => ctx.close());

const as = (token: string) => ({
  put: (path: string, body: object) => request(ctx.app).put(path).set('Authorization', `Bearer ${token}`).send(body),
  post: (path: string, body: object) => request(ctx.app).post(path).set('Authorization', `Bearer ${token}`).send(body),
  get: (path: string) => request(ctx.app).get(path).set('Authorization', `Bearer ${token}`),
});

describe('PUT /api/account', () => {
  it('updates own names and language without the password while the email stays (any case)', async () => {
    const res = await as(staff.tokens.operator).put('/api/account', {
      firstName: 'Olive',
      lastName: 'Front',
      email: staff.operator.email.toUpperCase(),
      langKey: 'zh-CN',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Olive', email: staff.operator.email, langKey: 'zh-CN' });
    const stored = await ctx.prisma.user.findUniqueOrThrow({ where: { id: staff.operator.id } });
    expect(stored.lastName).toBe('Front');
  });

  it('refuses a bad email with the seed message and changes nothing', async () => {
    const before = await ctx.prisma.user.findUniqueOrThrow({ where: { id: staff.teacher.id } });
    const res = await as(staff.tokens.teacher).put('/api/account', { firstName: 'Changed', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'email', message: 'Input a valid email address' }]);
    const after = await ctx.prisma.user.findUniqueOrThrow({ where: { id: staff.teacher.id } });
    expect(after).toEqual(before);
  });

  it("refuses another user's email with errorKey emailexists", async () => {
    const res = await as(staff.tokens.teacher).put('/api/account', {
      email: staff.admin.email.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorKey: 'emailexists', fieldErrors: [{ field: 'email' }] });
  });
});

describe('POST /api/account/change-password', () => {
  it('refuses a wrong current password with title "Incorrect password"', async () => {
    const res = await as(staff.tokens.admin).post('/api/account/change-password', {
      currentPassword: 'not-it-at-all',
      newPassword: 'a-new-password',
    });
    expect(res.status).toBe(400);
    expect(res.body.title).toBe('Incorrect password');
    // The old password still works.
    expect(await signIn(ctx, staff.admin.login)).toBeTruthy();
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const res = await as(staff.tokens.admin).post('/api/account/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
  });

  it('changes the password, revokes older tokens and returns a working new one', async () => {
    const centre = await createCentre(ctx.prisma);
    const user = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId: centre.id });
    const before = await signIn(ctx, user.login);
    const res = await as(before).post('/api/account/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-secret',
    });
    expect(res.status).toBe(200);
    expect((await as(before).get('/api/account')).status).toBe(401);
    expect((await as(res.body.id_token).get('/api/account')).status).toBe(200);
    expect(await signIn(ctx, user.login, 'brand-new-secret')).toBeTruthy();
    const old = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: user.login, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
  });
});

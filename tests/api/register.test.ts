import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/factories';
import { type RegisteringApp, registerCentre, registeringApp } from '../support/register-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Registering a centre: the form's answer, then the emailed link that makes the centre and signs its admin
// in (issue 37, finding 6: the answer is the same for every address; tests/api/enumeration.test.ts).
let ctx: TestContext;
let registering: RegisteringApp;
beforeAll(async () => {
  ctx = await createTestContext();
  registering = await registeringApp(ctx);
});
afterAll(async () => {
  await registering?.stop();
  await ctx?.close();
});

const register = (body: object) => request(registering.app).post('/api/register').send(body);
const valid = {
  organisationName: 'Maple Tutoring',
  login: 'Maple',
  email: 'owner@maple.test',
  password: 'maple-syrup-42',
};

describe('POST /api/register', () => {
  it('creates a centre and its first admin once the emailed link is opened; the admin can sign in', async () => {
    const res = await registerCentre(registering, ctx.prisma, valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ login: 'maple' });
    const token = await signIn(ctx, 'maple', valid.password);
    const account = await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${token}`);
    expect(account.body.authorities).toEqual(['ROLE_ADMIN', 'ROLE_OPERATOR']);
    expect(account.body.organisation).toMatchObject({ name: 'Maple Tutoring', currency: 'CAD' });
  });

  it('takes the time zone and currency and signs the new admin in', async () => {
    const res = await registerCentre(registering, ctx.prisma, {
      ...valid,
      login: 'harbour',
      email: 'owner@harbour.test',
      organisationName: 'Harbour Tutors',
      timeZone: 'Europe/Paris',
      currency: 'eur',
    });
    expect(res.status).toBe(201);
    expect(res.body.id_token).toEqual(expect.any(String));
    const account = await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${res.body.id_token}`);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ login: 'harbour', authorities: ['ROLE_ADMIN', 'ROLE_OPERATOR'] });
    expect(account.body.organisation).toMatchObject({ timeZone: 'Europe/Paris', currency: 'EUR' });
  });

  it('refuses an unknown time zone or currency, naming the field', async () => {
    const centres = await ctx.prisma.organisation.count();
    const res = await register({ ...valid, login: 'nowhere', timeZone: 'Mars/Olympus', currency: 'XYZ1' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([
      { field: 'timeZone', message: 'Choose a time zone such as America/Toronto' },
      { field: 'currency', message: 'Choose a currency code such as CAD (ISO 4217)' },
    ]);
    expect(await ctx.prisma.organisation.count()).toBe(centres);
  });

  it('refuses a taken login (any case) with userexists and writes nothing', async () => {
    const centres = await ctx.prisma.organisation.count();
    const res = await register({ ...valid, login: 'MAPLE', email: 'other@maple.test' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorKey: 'userexists',
      fieldErrors: [{ field: 'login', message: 'User already exists!' }],
    });
    await registering.settled();
    expect(await ctx.prisma.organisation.count()).toBe(centres);
    expect(await ctx.prisma.pendingRegistration.count({ where: { email: 'other@maple.test' } })).toBe(0);
  });

  it('names every invalid field: login >= 4, valid email, password >= 8', async () => {
    const res = await register({ organisationName: 'X Centre', login: 'abc', email: 'nope', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([
      { field: 'login', message: 'Login must be at least 4 characters' },
      { field: 'email', message: 'Input a valid email address' },
      { field: 'password', message: 'Password must be at least 8 characters' },
    ]);
  });
});

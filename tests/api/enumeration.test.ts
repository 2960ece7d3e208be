// Issue 37, finding 6: "Email is already in use" told anyone which addresses have an account, another
// centre's staff included. Registering now answers the same for an address with an account and one
// without (a link to finish goes to a free address, a notice to the owner of a taken one, both after the
// reply); accepting a family portal invitation, which signs in at once, still refuses an address in use,
// but tells its owner and counts such answers against the invitation (then 429 before looking).
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAKEN_ANSWERS_PER_INVITATION_PER_HOUR } from '../../server/auth/exists-throttle';
import { FAILED_CONFIRMATIONS_PER_ADDRESS_PER_HOUR } from '../../server/auth/register-throttle';
import { hashInvitationKey } from '../../server/features/households/invitations';
import { createCentreWithStaff, createUser } from '../support/factories';
import { heldAfterReply } from '../support/held-work';
import { createHousehold } from '../support/household-factories';
import { type RegisteringApp, registeringApp, registrationKey } from '../support/register-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let registering: RegisteringApp;
let held: ReturnType<typeof heldAfterReply>;
let holding: RegisteringApp;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  registering = await registeringApp(ctx, { trustProxy: true });
  held = heldAfterReply();
  holding = await registeringApp(ctx, { trustProxy: true, afterReply: held.afterReply });
  other = await createCentreWithStaff(ctx);
  // The owner of the address reads Chinese: the notice is in their language.
  await ctx.prisma.user.update({ where: { id: other.admin.id }, data: { langKey: 'zh-CN' } });
}, 60_000);
afterAll(async () => {
  await registering?.stop();
  await holding?.stop();
  await ctx?.close();
});

let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;
let probes = 0;
const probe = (email: string) => ({
  organisationName: `Probe Centre ${++probes}`,
  login: `probe${probes}`,
  email,
  password: 'probe-password-1',
});
const register = (app: RegisteringApp['app'], body: object) =>
  request(app).post('/api/register').set('X-Forwarded-For', newAddress()).send(body);
const messagesTo = (recipient: string, template: string) =>
  ctx.prisma.message.findMany({ where: { recipient, template }, orderBy: { id: 'asc' } });

describe('POST /api/register', () => {
  it('answers an address with an account and one without the same; the owner is told, the other gets a link', async () => {
    const owner = other.admin.email;
    const fresh = `nobody.yet.${randomBytes(3).toString('hex')}@example.test`;
    const [used, unused] = [probe(owner.toUpperCase()), probe(fresh)];
    const answers = [await register(registering.app, used), await register(registering.app, unused)];
    await registering.settled();
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers.map((a) => a.body)).toEqual([{ email: owner }, { email: fresh }]);
    expect(answers[0].headers['content-length']).toBe(
      String(Number(answers[1].headers['content-length']) - fresh.length + owner.length),
    );

    // Nothing is made before a link is opened; only the free address has one (in the install's name).
    for (const body of [used, unused]) {
      expect(await ctx.prisma.organisation.count({ where: { name: body.organisationName } })).toBe(0);
      expect(await ctx.prisma.user.count({ where: { login: body.login } })).toBe(0);
    }
    expect(await ctx.prisma.pendingRegistration.count({ where: { email: owner } })).toBe(0);
    const [link] = await messagesTo(fresh, 'register-confirm');
    expect(link).toMatchObject({
      organisationId: null,
      status: 'QUEUED',
      subject: 'Finish registering your centre on Level Up',
    });
    expect(await registrationKey(ctx.prisma, fresh)).toMatch(/^[\w-]{43}$/);
    // The owner hears of it, under their own centre, in their language; nothing else went to them.
    const notices = await messagesTo(owner, 'email-in-use');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      organisationId: other.centre.id,
      subject: '有人尝试使用您的 Level Up 邮箱地址',
    });
    expect(notices[0].bodyText).toContain('注册一个新中心');
    expect(await messagesTo(owner, 'register-confirm')).toEqual([]);

    // However often someone tries, the owner gets one notice an hour.
    expect((await register(registering.app, probe(owner))).status).toBe(202);
    await registering.settled();
    expect(await messagesTo(owner, 'email-in-use')).toHaveLength(1);
  });

  it('looks nothing up before its reply: the same work waits after it for both addresses', async () => {
    const fresh = `later.${randomBytes(3).toString('hex')}@example.test`;
    const before = await ctx.prisma.message.count();
    for (const email of [other.operator.email, fresh]) {
      const res = await register(holding.app, probe(email));
      expect(res.status).toBe(202);
    }
    expect(held.labels()).toEqual(['register', 'register']);
    expect(await ctx.prisma.message.count()).toBe(before);
    expect(await ctx.prisma.pendingRegistration.count({ where: { email: fresh } })).toBe(0);
    await held.release();
    expect(await messagesTo(fresh, 'register-confirm')).toHaveLength(1);
    expect(await messagesTo(other.operator.email, 'email-in-use')).toHaveLength(1);
  });

  it('tells a platform user (no centre) too, in the install’s name', async () => {
    const platform = await createUser(ctx.prisma, { role: 'ROLE_SYSTEM', organisationId: null });
    expect((await register(registering.app, probe(platform.email))).status).toBe(202);
    await registering.settled();
    const [notice] = await messagesTo(platform.email, 'email-in-use');
    expect(notice).toMatchObject({ organisationId: null, subject: 'Someone tried to use your Level Up email address' });
  });

  it('a link works once; a wrong one is a 400 naming the key, and an address gets a few', async () => {
    const fresh = `once.${randomBytes(3).toString('hex')}@example.test`;
    const body = probe(fresh);
    expect((await register(registering.app, body)).status).toBe(202);
    await registering.settled();
    const key = await registrationKey(ctx.prisma, fresh);
    const address = newAddress();
    const confirm = (k: string | undefined) =>
      request(registering.app).post('/api/register/confirm').set('X-Forwarded-For', address).send({ key: k });
    const made = await confirm(key);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ login: body.login, id_token: expect.any(String) });
    expect(await ctx.prisma.organisation.count({ where: { name: body.organisationName } })).toBe(1);
    const again = await confirm(key);
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors).toEqual([
      { field: 'key', message: 'This registration link is not valid or has expired: register again' },
    ]);
    for (let i = 1; i < FAILED_CONFIRMATIONS_PER_ADDRESS_PER_HOUR; i++)
      expect((await confirm(randomBytes(32).toString('base64url'))).status).toBe(400);
    expect((await confirm(randomBytes(32).toString('base64url'))).status).toBe(429);
    expect(await ctx.prisma.organisation.count({ where: { name: body.organisationName } })).toBe(1);
  });
});

describe('accepting a family portal invitation', () => {
  it('refuses an address in use but tells its owner, and counts such answers against the invitation', async () => {
    const centre = await createCentreWithStaff(ctx);
    const household = await createHousehold(ctx.prisma, centre.centre.id, { name: 'Ng' });
    const guardian = await ctx.prisma.guardian.create({
      data: {
        organisationId: centre.centre.id,
        householdId: household.id,
        name: 'Ana Ng',
        email: 'ana.ng@family.test',
      },
    });
    const key = randomBytes(32).toString('base64url');
    await ctx.prisma.guardianInvitation.create({
      data: {
        organisationId: centre.centre.id,
        guardianId: guardian.id,
        channel: 'EMAIL',
        sentTo: 'ana.ng@family.test',
        tokenHash: hashInvitationKey(key),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const accept = (email: string, n: number) =>
      request(registering.app)
        .post('/api/invitations/accept')
        .set('X-Forwarded-For', newAddress())
        .send({ key, login: `ana.ng${n}`, email, password: 'family-password-1' });
    const owner = other.teacher.email;
    const first = await accept(owner, 0);
    expect(first.status).toBe(409);
    expect(first.body.errorKey).toBe('emailexists');
    const [notice] = await messagesTo(owner, 'email-in-use');
    expect(notice).toMatchObject({ organisationId: other.centre.id });
    expect(notice.bodyText).toContain(`open a family portal account at ${centre.centre.name}`);
    for (let n = 1; n < TAKEN_ANSWERS_PER_INVITATION_PER_HOUR; n++)
      expect((await accept(`${other.operator.login}@example.test`, n)).status).toBe(409);
    // Spent: 429 for any address, before anything is looked up, and no account is made.
    const spent = await accept('free.address@family.test', 99);
    expect(spent.status).toBe(429);
    expect(spent.body.errorMessage).toMatch(/Too many checks found a login or email already in use/);
    expect(await ctx.prisma.user.count({ where: { login: { startsWith: 'ana.ng' } } })).toBe(0);
    expect(await messagesTo(owner, 'email-in-use')).toHaveLength(1);
  });
});

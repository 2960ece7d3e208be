// Portal invitations (issue 21): the desk invites a guardian by email (a link, through a real SMTP
// server) or by SMS (a code, through the Twilio stand-in); the invitation works once, for 7 days, is
// replaced when sent again and can be revoked; accepting creates the guardian's ROLE_CUSTOMER sign-in
// (or opens their ended one again) and signs them in. Wrong guesses are counted; rights as the desk's.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../server/app';
import { INVITATION_MAX_FAILURES } from '../../server/features/households/portal-access';
import type { THousehold } from '../../src/contracts/households';
import { callerWith, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff, signIn } from '../support/factories';
import { createHousehold, daytimeZone } from '../support/household-factories';
import { startMessagingApp } from '../support/messaging-config';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-standin';

let ctx: TestContext;
let smtp: SmtpStandIn;
let sms: TwilioStandIn;
let messaging: Awaited<ReturnType<typeof startMessagingApp>>;
let app: ReturnType<typeof createApp>;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;
let desk: ReturnType<typeof callerWith>;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpStandIn();
  sms = await startTwilioStandIn();
  messaging = await startMessagingApp(
    ctx,
    {
      smtpUrl: smtp.url,
      appUrl: 'https://levelup.example.test',
      twilio: { accountSid: sms.accountSid, authToken: sms.authToken, from: '+15550000000', apiUrl: sms.url },
    },
    { trustProxy: true },
  );
  app = messaging.app;
  staff = await createCentreWithStaff(ctx);
  other = await createCentreWithStaff(ctx);
  // Family SMS wait for the day in the centre's zone: make it daytime there whenever the test runs.
  await ctx.prisma.organisation.update({ where: { id: staff.centre.id }, data: { timeZone: daytimeZone() } });
  desk = callerWith(app, staff.tokens.operator);
}, 120_000);
afterAll(async () => {
  await messaging?.stop();
  await smtp?.close();
  await sms?.close();
  await ctx?.close();
});

let sequence = 0;
/** A household of two children with one guardian (zh-CN unless told), as the desk keeps it. */
async function family(guardian: Record<string, unknown> = {}) {
  sequence += 1;
  const household = await createHousehold(ctx.prisma, staff.centre.id, { name: `Lee${sequence}` });
  const g = await ctx.prisma.guardian.create({
    data: {
      organisationId: staff.centre.id,
      householdId: household.id,
      name: 'Mei Lee',
      email: `mei.lee.${sequence}@family.test`,
      phone: `+1 416 555 ${String(2000 + sequence)}`,
      langKey: 'zh-CN',
      ...guardian,
    },
  });
  const url = `/api/households/${household.id}/guardians/${g.id}`;
  return {
    household,
    guardian: g,
    url,
    invite: (channel: 'EMAIL' | 'SMS') => desk.post(`${url}/invitation`, { channel }),
  };
}

let address = 0;
const from = () => `10.9.0.${++address}`;
const lookup = (proof: object) =>
  request(app).post('/api/invitations/lookup').set('X-Forwarded-For', from()).send(proof);
const accept = (body: object) => request(app).post('/api/invitations/accept').set('X-Forwarded-For', from()).send(body);

/** The key of the invitation link in the `count`th email to `to` (the text part is quoted-printable). */
async function keyMailedTo(to: string, count = 1): Promise<{ key: string; raw: string }> {
  await expect
    .poll(() => smtp.received.filter((m) => m.to.includes(to)).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  const raw = smtp.received.filter((m) => m.to.includes(to))[count - 1].raw.replace(/=\r?\n/g, '');
  const link = /https:\/\/levelup\.example\.test\/user\/accept-invitation\?key=(?:3D)?([A-Za-z0-9_-]{43})/.exec(raw);
  if (!link) throw new Error('no invitation link in the email');
  return { key: link[1], raw };
}

async function codeTextedTo(digits: string, count = 1): Promise<{ code: string; body: string }> {
  const to = () => sms.received.filter((m) => m.to.replace(/\D/g, '') === digits);
  await expect.poll(() => to().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  const body = to()[count - 1].body;
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error('no code in the SMS');
  return { code, body };
}

const guardianIn = (reply: THousehold, id: number) => reply.guardians.find((g) => g.id === id);

describe('inviting by email', () => {
  it('mails a link in the guardian language that creates their sign-in once and signs them in', async () => {
    const f = await family();
    const sent = await f.invite('EMAIL');
    expect(sent.status).toBe(201);
    const access = guardianIn(sent.body, f.guardian.id)?.portal;
    expect(access).toMatchObject({ status: 'INVITED', channel: 'EMAIL', sentTo: f.guardian.email, login: null });
    const days = (Date.parse(access?.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const { key, raw } = await keyMailedTo(f.guardian.email as string);
    expect(raw).toContain('=?UTF-8?'); // the subject is Chinese (encoded), in the guardian's language
    const row = await ctx.prisma.guardianInvitation.findFirstOrThrow({ where: { guardianId: f.guardian.id } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(key);
    // Once sent, the message history no longer holds the working link.
    await expect
      .poll(
        async () =>
          (await ctx.prisma.message.findFirstOrThrow({ where: { recipient: f.guardian.email as string } })).bodyText,
      )
      .not.toContain(key);

    const seen = await lookup({ key });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      centre: staff.centre.name,
      guardianName: 'Mei Lee',
      email: f.guardian.email,
      login: null,
      langKey: 'zh-CN',
    });
    expect(seen.body.children).toHaveLength(1);

    const login = `mei${sequence}`;
    const done = await accept({ key, login, password: 'family-password-1' });
    expect(done.status).toBe(200);
    const account = await request(app).get('/api/account').set('Authorization', `Bearer ${done.body.id_token}`);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      login,
      email: f.guardian.email,
      authorities: ['ROLE_CUSTOMER'],
      langKey: 'zh-CN',
    });
    const linked = await ctx.prisma.guardian.findUniqueOrThrow({
      where: { id: f.guardian.id },
      include: { user: true },
    });
    expect(linked.user).toMatchObject({ login, organisationId: staff.centre.id, roles: ['ROLE_CUSTOMER'] });
    // The same password signs in on the login page.
    expect(await signIn(ctx, login, 'family-password-1')).toBeTruthy();
    const view = await desk.get(`/api/households/${f.household.id}`);
    expect(guardianIn(view.body, f.guardian.id)?.portal).toMatchObject({ status: 'ACTIVE', login });

    // Single use; and an active guardian is not invited again.
    const again = await accept({ key, login: `${login}x`, password: 'family-password-2' });
    expect(again.status).toBe(400);
    expect(fieldsOf(again.body)).toEqual(['key']);
    expect(again.body.errorMessage).toContain('accepted already');
    expect((await f.invite('EMAIL')).status).toBe(409);
  });

  it('replaces the earlier invitation when sent again, and stops a revoked or expired one', async () => {
    const f = await family({ langKey: 'en-US' });
    await f.invite('EMAIL');
    const first = (await keyMailedTo(f.guardian.email as string, 1)).key;
    expect((await f.invite('EMAIL')).status).toBe(201);
    const second = (await keyMailedTo(f.guardian.email as string, 2)).key;
    const replaced = await lookup({ key: first });
    expect(replaced.status).toBe(400);
    expect(replaced.body.errorMessage).toContain('withdrawn');
    expect((await lookup({ key: second })).status).toBe(200);

    const revoked = await desk.delete(`${f.url}/invitation`);
    expect(revoked.status).toBe(200);
    expect(guardianIn(revoked.body, f.guardian.id)?.portal.status).toBe('NONE');
    expect((await lookup({ key: second })).body.errorMessage).toContain('withdrawn');
    expect((await desk.delete(`${f.url}/invitation`)).status).toBe(409);

    await f.invite('EMAIL');
    const third = (await keyMailedTo(f.guardian.email as string, 3)).key;
    await ctx.prisma.guardianInvitation.updateMany({
      where: { guardianId: f.guardian.id, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await accept({ key: third, login: `late${sequence}`, password: 'family-password-1' });
    expect(expired.status).toBe(400);
    expect(expired.body.errorMessage).toContain('expired');
    expect(await ctx.prisma.user.count({ where: { login: `late${sequence}` } })).toBe(0);
    const view = await desk.get(`/api/households/${f.household.id}`);
    expect(guardianIn(view.body, f.guardian.id)?.portal.status).toBe('EXPIRED');
  });

  it('refuses a taken login or email with nothing written, and the invitation still works after', async () => {
    const f = await family();
    await f.invite('EMAIL');
    const { key } = await keyMailedTo(f.guardian.email as string);
    const taken = await accept({ key, login: staff.operator.login, password: 'family-password-1' });
    expect(taken.status).toBe(409);
    expect(taken.body.errorKey).toBe('userexists');
    const emailTaken = await accept({
      key,
      login: `free${sequence}`,
      email: staff.admin.email,
      password: 'family-password-1',
    });
    expect(emailTaken.status).toBe(409);
    expect(emailTaken.body.errorKey).toBe('emailexists');
    const noLogin = await accept({ key, password: 'family-password-1' });
    expect(noLogin.status).toBe(400);
    expect(fieldsOf(noLogin.body)).toEqual(['login']);
    const short = await accept({ key, login: `free${sequence}`, password: 'short' });
    expect(short.status).toBe(400);
    expect(fieldsOf(short.body)).toEqual(['password']);
    expect(
      await ctx.prisma.guardianInvitation.count({ where: { guardianId: f.guardian.id, usedAt: { not: null } } }),
    ).toBe(0);
    expect((await accept({ key, login: `free${sequence}`, password: 'family-password-1' })).status).toBe(200);
  });
});

describe('inviting by SMS', () => {
  it('texts a code to a guardian who agreed to SMS; the phone and code accept it, wrong codes count', async () => {
    const noConsent = await family({ allowSms: false });
    const refused = await noConsent.invite('SMS');
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['channel']);
    expect(await ctx.prisma.guardianInvitation.count({ where: { guardianId: noConsent.guardian.id } })).toBe(0);

    const f = await family({ allowSms: true, smsConsentAt: new Date(), smsConsentSource: 'desk', email: null });
    expect((await f.invite('SMS')).status).toBe(201);
    const digits = (f.guardian.phone as string).replace(/\D/g, '');
    const { code, body } = await codeTextedTo(digits);
    expect(body).toContain('邀请码'); // in the guardian's language
    expect(body).toContain('https://levelup.example.test/user/accept-invitation');

    const wrong = code === '000000' ? '000001' : '000000';
    const guess = await lookup({ phone: f.guardian.phone, code: wrong });
    expect(guess.status).toBe(400);
    expect(fieldsOf(guess.body)).toEqual(['code']);
    const row = await ctx.prisma.guardianInvitation.findFirstOrThrow({ where: { guardianId: f.guardian.id } });
    expect(row.failures).toBe(1);

    // The number as typed another way; no email on record, so the account needs one.
    const phone = `(${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
    const noEmail = await accept({
      phone: `+1 ${phone}`,
      code,
      login: `sms${sequence}`,
      password: 'family-password-1',
    });
    expect(noEmail.status).toBe(400);
    expect(fieldsOf(noEmail.body)).toEqual(['email']);
    const done = await accept({
      phone: `+1 ${phone}`,
      code,
      login: `sms${sequence}`,
      email: `sms${sequence}@family.test`,
      password: 'family-password-1',
    });
    expect(done.status).toBe(200);
    const user = await ctx.prisma.user.findUniqueOrThrow({ where: { login: `sms${sequence}` } });
    expect(user.phone).toBe(f.guardian.phone);
  });

  it('kills a code after too many wrong guesses', async () => {
    const f = await family({ allowSms: true, smsConsentAt: new Date(), smsConsentSource: 'desk' });
    await f.invite('SMS');
    const digits = (f.guardian.phone as string).replace(/\D/g, '');
    const { code } = await codeTextedTo(digits);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < INVITATION_MAX_FAILURES; i++)
      expect((await lookup({ phone: f.guardian.phone, code: wrong })).status).toBe(400);
    expect((await lookup({ phone: f.guardian.phone, code })).status).toBe(400);
    // The desk sees that it no longer works, as for one out of time: send again.
    const view = await desk.get(`/api/households/${f.household.id}`);
    expect(guardianIn(view.body, f.guardian.id)?.portal.status).toBe('EXPIRED');
  });
});

describe('ending portal access', () => {
  it('ends the sign-in at once; a new invitation opens the same account again with a new password', async () => {
    const f = await family();
    await f.invite('EMAIL');
    const login = `back${sequence}`;
    const token = (
      await accept({ key: (await keyMailedTo(f.guardian.email as string)).key, login, password: 'family-password-1' })
    ).body.id_token as string;
    const ended = await desk.delete(`${f.url}/portal`);
    expect(ended.status).toBe(200);
    expect(guardianIn(ended.body, f.guardian.id)?.portal).toMatchObject({ status: 'ENDED', login });
    expect((await request(app).get('/api/account').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await desk.delete(`${f.url}/portal`)).status).toBe(409);

    await f.invite('EMAIL');
    const { key } = await keyMailedTo(f.guardian.email as string, 2);
    expect((await lookup({ key })).body).toMatchObject({ login });
    const back = await accept({ key, password: 'family-password-2' });
    expect(back.status).toBe(200);
    const users = await ctx.prisma.user.findMany({ where: { guardian: { id: f.guardian.id } } });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ login, activated: true });
    expect(await signIn(ctx, login, 'family-password-2')).toBeTruthy();
  });

  it('removing a guardian ends their sign-in', async () => {
    const f = await family();
    await f.invite('EMAIL');
    const login = `gone${sequence}`;
    await accept({ key: (await keyMailedTo(f.guardian.email as string)).key, login, password: 'family-password-1' });
    expect((await desk.delete(f.url)).status).toBe(200);
    expect(await ctx.prisma.user.findUniqueOrThrow({ where: { login } })).toMatchObject({ activated: false });
  });
});

describe('rights and bad input', () => {
  it('answers 404 for another centre, 403 for a teacher, 400 naming the field, and writes nothing', async () => {
    const f = await family();
    const outsider = callerWith(app, other.tokens.operator);
    expect((await outsider.post(`${f.url}/invitation`, { channel: 'EMAIL' })).status).toBe(404);
    expect((await outsider.delete(`${f.url}/portal`)).status).toBe(404);
    expect((await callerWith(app, staff.tokens.teacher).post(`${f.url}/invitation`, { channel: 'EMAIL' })).status).toBe(
      403,
    );
    expect((await request(app).post(`${f.url}/invitation`).send({ channel: 'EMAIL' })).status).toBe(401);
    const bad = await f.invite('FAX' as 'EMAIL');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['channel']);
    const noEmail = await family({ email: null });
    const refused = await noEmail.invite('EMAIL');
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors[0].message).toContain('no email');
    expect(
      await ctx.prisma.guardianInvitation.count({
        where: { guardianId: { in: [f.guardian.id, noEmail.guardian.id] } },
      }),
    ).toBe(0);

    expect(fieldsOf((await lookup({})).body)).toEqual(['key']);
    expect(fieldsOf((await lookup({ key: 'short' })).body)).toEqual(['key']);
    expect(fieldsOf((await lookup({ phone: '+1 416 555 0000' })).body)).toEqual(['code']);
    const unknown = await lookup({ key: 'A'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorMessage).toContain('not valid');
  });

  it('says in Chinese why an invitation is refused, for a Chinese reader', async () => {
    const res = await request(app)
      .post('/api/invitations/lookup')
      .set('Accept-Language', 'zh-CN')
      .set('X-Forwarded-For', from())
      .send({ key: 'B'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[0].message).toBe('此邀请链接无效：请向中心索取新的邀请');
  });
});

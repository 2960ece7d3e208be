// Changing one's email (issue 20, finding 11): it needs the current password; the OLD address is told
// (in the user's language, the new address masked) through the message queue and a real SMTP server;
// every other session is signed out while the one that made the change stays.
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../server/app';
import { callerWith } from '../support/course-factories';
import { createCentre, createUser, signIn, TEST_PASSWORD } from '../support/factories';
import { startMessagingApp } from '../support/messaging-config';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let smtp: SmtpStandIn;
let messaging: Awaited<ReturnType<typeof startMessagingApp>>;
let app: ReturnType<typeof createApp>;
let organisationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpStandIn();
  messaging = await startMessagingApp(ctx, { smtpUrl: smtp.url, retryDelayMaxSeconds: 2 });
  app = messaging.app;
  organisationId = (await createCentre(ctx.prisma)).id;
}, 120_000);
afterAll(async () => {
  await messaging?.stop();
  await smtp?.close();
  await ctx?.close();
});

const as = (token: string) => callerWith(app, token);
const newUser = () => createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId });
const stored = (id: number) =>
  ctx.prisma.user.findUniqueOrThrow({ where: { id }, select: { email: true, firstName: true, langKey: true } });

/** The raw mails the SMTP server got for `address`, waiting until there is one. */
async function mailsTo(address: string) {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(address)).length, { timeout: 20_000 }).toBe(1);
  return smtp.received.filter((m) => m.to.includes(address)).map((m) => m.raw.replace(/=\r?\n/g, ''));
}

describe('PUT /api/account with a new email', () => {
  it('refuses it without the current password, naming currentPassword, and changes nothing', async () => {
    const user = await newUser();
    const token = await signIn(ctx, user.login);
    const before = await stored(user.id);
    const res = await as(token).put('/api/account', { firstName: 'Changed', email: 'elsewhere@example.test' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([
      { field: 'currentPassword', message: 'Enter your current password to change the email' },
    ]);
    expect(await stored(user.id)).toEqual(before);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await newUser();
    const token = await signIn(ctx, user.login);
    const before = await stored(user.id);
    const res = await as(token).put('/api/account', {
      firstName: 'Changed',
      email: 'elsewhere2@example.test',
      currentPassword: 'not-the-password',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ title: 'Incorrect password' });
    expect(res.body.fieldErrors).toEqual([{ field: 'currentPassword', message: 'Wrong password!' }]);
    expect(await stored(user.id)).toEqual(before);
    expect(await ctx.prisma.message.count({ where: { entityType: 'USER', entityId: user.id } })).toBe(0);
  });

  it('with the password: changes it, tells the old address (masked new one), signs the other devices out', async () => {
    const user = await newUser();
    const phone = await signIn(ctx, user.login);
    const laptop = await signIn(ctx, user.login);
    const res = await as(laptop).put('/api/account', {
      firstName: 'Olive',
      email: 'Olive.Front@Example.test',
      currentPassword: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Olive', email: 'olive.front@example.test' });
    expect((await as(phone).get('/api/account')).status).toBe(401);
    expect((await as(laptop).get('/api/account')).status).toBe(200);
    const sessions = await as(laptop).get('/api/account/sessions');
    expect(sessions.body.map((s: { id: string }) => s.id)).toEqual([(jwt.decode(laptop) as { sid: string }).sid]);

    const [mail] = await mailsTo(user.email);
    expect(mail).toContain('Subject: Your Level Up email address was changed');
    expect(mail).toContain('o***@e***.test');
    expect(mail).not.toContain('olive.front@example.test');
    expect(smtp.received.some((m) => m.to.includes('olive.front@example.test'))).toBe(false);
    await expect
      .poll(async () => (await ctx.prisma.message.findFirst({ where: { recipient: user.email } }))?.status)
      .toBe('SENT');
  });

  it('writes the notice in the Chinese of a zh-CN user', async () => {
    const user = await newUser();
    await ctx.prisma.user.update({ where: { id: user.id }, data: { langKey: 'zh-CN' } });
    const token = await signIn(ctx, user.login);
    const res = await as(token).put('/api/account', {
      email: 'zhang.wei@example.cn',
      langKey: 'zh-CN',
      currentPassword: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    await mailsTo(user.email);
    const message = await ctx.prisma.message.findFirstOrThrow({ where: { recipient: user.email } });
    expect(message).toMatchObject({ template: 'email-changed', subject: '您的 Level Up 账户邮箱已更改' });
    expect(message.bodyText).toContain('z***@e***.cn');
  });
});

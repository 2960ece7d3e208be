// Forgot password end to end: POST /api/account/reset-password/init queues an email that the worker
// sends to a real SMTP server; the link in it sets a new password once and revokes every older token.
// Expired and used links are refused, unknown accounts get the same reply and no email, requests are
// throttled.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../server/app';
import { RESETS_PER_ACCOUNT_PER_HOUR } from '../../server/auth/code-throttle';
import { FORGOTTEN_SECRET_TEXT } from '../../server/features/account/secret-settled';
import { createAfterReply } from '../../server/http/after-reply';
import type { MessageQueue } from '../../server/messaging/queue';
import { callerWith } from '../support/course-factories';
import { createCentre, createUser, signIn, TEST_PASSWORD } from '../support/factories';
import { appHoldingWork } from '../support/held-work';
import { startMessagingApp } from '../support/messaging-config';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let smtp: SmtpStandIn;
let messaging: Awaited<ReturnType<typeof startMessagingApp>>;
let queue: MessageQueue;
let app: ReturnType<typeof createApp>;
/** The lookups and messages the app leaves for after its replies: tests wait for them to settle. */
const afterReply = createAfterReply();
let organisationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpStandIn();
  messaging = await startMessagingApp(
    ctx,
    { smtpUrl: smtp.url, appUrl: 'https://levelup.example.test', retryDelayMaxSeconds: 2 },
    { trustProxy: true, afterReply },
  );
  ({ queue, app } = messaging);
  organisationId = (await createCentre(ctx.prisma)).id;
}, 120_000);
afterAll(async () => {
  await messaging?.stop();
  await smtp?.close();
  await ctx?.close();
});

let sequence = 0;
const ipOf = () => `10.8.0.${++sequence}`;
/** Asks for a reset link, and waits for what the app does after its reply (the lookup, the link, its email). */
async function init(login: string, ip: string) {
  const res = await request(app).post('/api/account/reset-password/init').send({ login }).set('X-Forwarded-For', ip);
  await afterReply.settled();
  return res;
}
const finish = (key: string, newPassword: string) =>
  request(app).post('/api/account/reset-password/finish').send({ key, newPassword });

/** The key of the link in the `count`th email to `address` (the text part is quoted-printable). */
async function linkKeyFor(address: string, count = 1): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = smtp.received.filter((m) => m.to.includes(address));
    if (mails.length >= count) {
      const raw = mails[count - 1].raw.replace(/=\r?\n/g, '');
      const link = /https:\/\/levelup\.example\.test\/user\/reset-password\?key=(?:3D)?([A-Za-z0-9_-]{43})/.exec(raw);
      if (!link) throw new Error(`no reset link in ${raw}`);
      return link[1];
    }
    if (Date.now() > until) throw new Error(`no email to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('password reset', () => {
  it('emails a link that sets a new password once and revokes older tokens', async () => {
    const user = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId });
    const oldToken = await signIn(ctx, user.login);
    const asked = await init(user.email.toUpperCase(), ipOf());
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sent: true, validMinutes: 60 });
    const key = await linkKeyFor(user.email);
    const row = await ctx.prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toBe(key); // only its SHA-256 is stored
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    // The SMTP server has the email; the queue marks it SENT right after (another transaction).
    const sent = () => ctx.prisma.message.findFirstOrThrow({ where: { recipient: user.email } });
    await expect.poll(async () => (await sent()).status).toBe('SENT');
    const message = await sent();
    expect(message).toMatchObject({
      template: 'password-reset',
      status: 'SENT',
      subject: 'Reset your Level Up password',
    });
    // Once sent, the history no longer holds the link in clear.
    await expect
      .poll(async () => (await ctx.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).bodyHtml)
      .toBeNull();
    expect((await ctx.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).bodyText).toBe(
      FORGOTTEN_SECRET_TEXT,
    );

    const weak = await finish(key, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);
    expect((await finish(key, 'a-brand-new-password')).status).toBe(204);
    // Every token issued before is refused; the new password signs in, the old one does not.
    expect((await callerWith(app, oldToken).get('/api/account')).status).toBe(401);
    await signIn(ctx, user.login, 'a-brand-new-password');
    const old = await request(app).post('/api/authenticate').send({ username: user.login, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    // Used once.
    const again = await finish(key, 'yet-another-password');
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe('key: This reset link was used already: ask for a new one');
  });

  it('refuses an expired link and an unknown one', async () => {
    const user = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId });
    expect((await init(user.login, ipOf())).status).toBe(200);
    const key = await linkKeyFor(user.email);
    // An hour later (moved in the database, not waited for).
    await ctx.prisma.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await finish(key, 'a-brand-new-password');
    expect(late.status).toBe(400);
    expect(late.body.errorMessage).toBe('key: This reset link has expired: ask for a new one');
    await signIn(ctx, user.login); // the password did not change
    const unknown = await finish('A'.repeat(43), 'a-brand-new-password');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual([
      { field: 'key', message: 'This reset link is not valid: ask for a new one' },
    ]);
  });

  it('answers before it looks the account up: a known and an unknown login get the same reply from the same work', async () => {
    const held = appHoldingWork({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
    const user = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId });
    const ask = (login: string) =>
      request(held.app).post('/api/account/reset-password/init').send({ login }).set('X-Forwarded-For', ipOf());
    const known = await ask(user.login);
    const unknown = await ask('nobody-at-all@example.test');
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Both replies came before any lookup: no link yet for the account, one task each waiting.
    expect(await ctx.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
    expect(held.labels()).toEqual(['password-reset', 'password-reset']);
    await held.release();
    expect(await ctx.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
    expect(await linkKeyFor(user.email)).toMatch(/^[\w-]{43}$/);
  });

  it('answers an unknown account the same way and sends nothing', async () => {
    const before = await ctx.prisma.message.count();
    const res = await init('nobody@example.test', ipOf());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, validMinutes: 60 });
    expect(await ctx.prisma.message.count()).toBe(before);
    expect(await ctx.prisma.passwordResetToken.count()).toBeGreaterThan(0);
  });

  it('limits requests per account', async () => {
    const user = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId });
    for (let n = 0; n < RESETS_PER_ACCOUNT_PER_HOUR; n++) expect((await init(user.login, ipOf())).status).toBe(200);
    const more = await init(user.login, ipOf());
    expect(more.status).toBe(429);
    expect(more.headers['retry-after']).toBeDefined();
    expect(more.body.errorMessage).toMatch(
      /^Too many password resets asked for this account\. Try again in \d+ minutes\.$/,
    );
  });
});

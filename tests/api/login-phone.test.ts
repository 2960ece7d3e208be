// Phone sign-in end to end: GET /api/login/captcha queues an SMS that the worker sends through the
// real Twilio SDK to a local stand-in; the code from that SMS signs in once. Expired, superseded and
// guessed codes are refused, unknown numbers get the same reply and no SMS, and requests are throttled.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { SENDS_PER_ADDRESS_PER_HOUR } from '../../server/auth/code-throttle';
import { LOGIN_CODE_MAX_FAILURES } from '../../server/auth/login-codes';
import { FORGOTTEN_SECRET_TEXT } from '../../server/features/account/secret-settled';
import { createAfterReply } from '../../server/http/after-reply';
import { type MessageWorker, startMessageWorker } from '../../server/messaging/deliver';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { VERIFICATION_CODE_ERROR } from '../../src/contracts/login';
import { callerWith } from '../support/course-factories';
import { createCentre, createUser } from '../support/factories';
import { appHoldingWork } from '../support/held-work';
import { testMessagingConfig } from '../support/messaging-config';
import { createTestContext, type TestContext } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-standin';

let ctx: TestContext;
let queue: MessageQueue;
let worker: MessageWorker;
let sms: TwilioStandIn;
let app: ReturnType<typeof createApp>;
/** The lookups and messages the app leaves for after its replies: tests wait for them to settle. */
const afterReply = createAfterReply();
let organisationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  sms = await startTwilioStandIn();
  queue = await openMessageQueue(
    ctx.target,
    testMessagingConfig({
      mailDir: '/nonexistent',
      twilio: { accountSid: sms.accountSid, authToken: sms.authToken, from: '+15550000000', apiUrl: sms.url },
      retryDelayMaxSeconds: 2,
    }),
  );
  worker = await startMessageWorker(queue, ctx.prisma);
  // Behind a trusted proxy, so each test can speak from an address of its own (X-Forwarded-For).
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue, trustProxy: true, afterReply });
  organisationId = (await createCentre(ctx.prisma)).id;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await queue?.stop();
  await sms?.close();
  await ctx?.close();
});

let sequence = 0;
/** A teacher whose phone is stored as typed, and the address the test's requests come from. */
async function userWithPhone() {
  sequence += 1;
  const digits = `416555${String(1000 + sequence)}`;
  const user = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId });
  await ctx.prisma.user.update({
    where: { id: user.id },
    data: { phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` },
  });
  return {
    user,
    typed: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    digits,
    ip: `10.0.0.${sequence}`,
  };
}

/** Asks for a code, and waits for what the app does after its reply (the lookup, the code, its SMS). */
async function askCode(mobile: string, ip: string) {
  const res = await request(app).get('/api/login/captcha').query({ mobile }).set('X-Forwarded-For', ip);
  await afterReply.settled();
  return res;
}
const signIn = (mobile: string, captcha: string, ip: string) =>
  request(app).post('/api/authenticate/phone').send({ mobile, captcha }).set('X-Forwarded-For', ip);

async function smsTo(phone: string, count = 1): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const texts = sms.received.filter((m) => m.to === phone);
    if (texts.length >= count) return /\b(\d{6})\b/.exec(texts[count - 1].body)?.[1] ?? '';
    if (Date.now() > until) throw new Error(`no SMS to ${phone}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Lets the next code for `phone` be asked for now (the one-a-minute limit), as the countdown would. */
const skipMinute = (phone: string) =>
  ctx.prisma.$executeRaw`DELETE FROM "RateLimit" WHERE key = ${`code_min:${phone}`}`;

describe('phone sign-in', () => {
  it('sends a 6-digit code by SMS that signs in once', async () => {
    const { user, typed, digits, ip } = await userWithPhone();
    const asked = await askCode(typed, ip);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sent: true, resendAfterSeconds: 60, validMinutes: 5 });
    const code = await smsTo(digits);
    expect(code).toMatch(/^\d{6}$/);
    const row = await ctx.prisma.loginCode.findFirstOrThrow({ where: { phone: digits } });
    expect(row.codeHash).not.toContain(code); // stored hashed
    const message = await ctx.prisma.message.findFirstOrThrow({ where: { recipient: digits } });
    expect(message).toMatchObject({ channel: 'SMS', template: 'login-code', entityType: 'USER', entityId: user.id });
    // Once sent, the history no longer holds the code in clear.
    await expect
      .poll(async () => (await ctx.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).bodyText)
      .toBe(FORGOTTEN_SECRET_TEXT);

    const first = await signIn(typed, code, ip);
    expect(first.status).toBe(200);
    const account = await callerWith(app, first.body.id_token).get('/api/account');
    expect(account.body.login).toBe(user.login);
    const again = await signIn(typed, code, ip);
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe(VERIFICATION_CODE_ERROR);
  });

  it('refuses an expired code and a superseded one', async () => {
    const { digits, ip } = await userWithPhone();
    expect((await askCode(digits, ip)).status).toBe(200);
    const old = await smsTo(digits);
    await skipMinute(digits);
    expect((await askCode(digits, ip)).status).toBe(200);
    const fresh = await smsTo(digits, 2);
    if (fresh !== old) expect((await signIn(digits, old, ip)).status).toBe(400);
    // Five minutes later (moved in the database, not waited for).
    await ctx.prisma.loginCode.updateMany({
      where: { phone: digits },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await signIn(digits, fresh, ip);
    expect(late.status).toBe(400);
    expect(late.body.errorMessage).toBe(VERIFICATION_CODE_ERROR);
  });

  it(`kills a code after ${LOGIN_CODE_MAX_FAILURES} wrong tries`, async () => {
    const { digits, ip } = await userWithPhone();
    expect((await askCode(digits, ip)).status).toBe(200);
    const code = await smsTo(digits);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let n = 0; n < LOGIN_CODE_MAX_FAILURES; n++) {
      const res = await signIn(digits, wrong, ip);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ field: 'captcha', message: VERIFICATION_CODE_ERROR }]);
    }
    // The account is locked for this address, as after five wrong passwords...
    const locked = await signIn(digits, code, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessage).toMatch(/Too many failed sign-in attempts for this account\. Try again in/);
    // ...and from another address the right code is dead too.
    const dead = await signIn(digits, code, '10.9.9.9');
    expect(dead.status).toBe(400);
    expect((await ctx.prisma.loginCode.findFirstOrThrow({ where: { phone: digits } })).failures).toBe(5);
  });

  it('answers an unknown number the same way and sends nothing', async () => {
    const before = await ctx.prisma.message.count();
    const res = await askCode('+1 (289) 555-0000', '10.1.0.1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, resendAfterSeconds: 60, validMinutes: 5 });
    expect(await ctx.prisma.message.count()).toBe(before);
    expect(await ctx.prisma.loginCode.count({ where: { phone: '+12895550000' } })).toBe(0);
    const guess = await signIn('+1 (289) 555-0000', '123456', '10.1.0.1');
    expect(guess.status).toBe(400);
    expect(guess.body.errorMessage).toBe(VERIFICATION_CODE_ERROR);
  });

  it('answers before it looks the number up: a known and an unknown number get the same reply from the same work', async () => {
    const held = appHoldingWork({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
    const { digits, ip } = await userWithPhone();
    const ask = (mobile: string) =>
      request(held.app).get('/api/login/captcha').query({ mobile }).set('X-Forwarded-For', ip);
    const known = await ask(digits);
    const unknown = await ask('+12895550042');
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Both replies came before any lookup: no code yet for the known number, one task each waiting.
    expect(await ctx.prisma.loginCode.count({ where: { phone: digits } })).toBe(0);
    expect(held.labels()).toEqual(['login-code', 'login-code']);
    await held.release();
    expect(await ctx.prisma.loginCode.count({ where: { phone: digits } })).toBe(1);
    expect(await ctx.prisma.loginCode.count({ where: { phone: '+12895550042' } })).toBe(0);
    expect(await smsTo(digits)).toMatch(/^\d{6}$/);
  });

  it('refuses a malformed number or code, naming the field', async () => {
    const bad = await askCode('416-555-CALL', '10.1.0.2');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual([{ field: 'mobile', message: expect.stringMatching(/valid phone number/) }]);
    const short = await signIn('4165550000', '12345', '10.1.0.2');
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual([{ field: 'captcha', message: 'Verification code must be 6 digits' }]);
  });

  it('limits codes per number (one a minute) and per address', async () => {
    const { digits, ip } = await userWithPhone();
    expect((await askCode(digits, ip)).status).toBe(200);
    const soon = await askCode(digits, '10.2.0.1');
    expect(soon.status).toBe(429);
    expect(soon.headers['retry-after']).toBeDefined();
    expect(soon.body.errorMessage).toMatch(
      /A code was just sent to this number: wait for the countdown\. Try again in 1 minute/,
    );

    for (let n = 0; n < SENDS_PER_ADDRESS_PER_HOUR; n++)
      expect((await askCode(`+1289555${String(1000 + n)}`, '10.3.0.1')).status).toBe(200);
    const flood = await askCode('+12895559999', '10.3.0.1');
    expect(flood.status).toBe(429);
    expect(flood.body.errorMessage).toMatch(/Too many verification codes asked for from this address\. Try again in/);
  });
});

// Inbound SMS (issue 21): Twilio posts replies to /api/sms/inbound, signed. STOP / UNSUBSCRIBE / 退订
// opt the number out at once (guardians and student records with it stop receiving SMS, consent
// cleared, the opt-out kept), HELP names the centre, START lifts the block without giving consent back;
// a request without Twilio's signature over APP_URL changes nothing. The stand-in signs like Twilio.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '../../server/messaging/enqueue';
import { OPTED_OUT_NOTE } from '../../server/messaging/sms-opt-out';
import { createCentreWithStaff } from '../support/factories';
import { daytimeZone } from '../support/household-factories';
import { startMessagingApp } from '../support/messaging-config';
import { createSmsFamily } from '../support/sms-factories';
import { createTestContext, type TestContext } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-standin';

const APP_URL = 'https://levelup.example.test';
let ctx: TestContext;
let twilio: TwilioStandIn;
let messaging: Awaited<ReturnType<typeof startMessagingApp>>;
let server: Server;
let baseUrl: string;
let centre: { id: number; name: string };
let adminEmail: string;

beforeAll(async () => {
  ctx = await createTestContext();
  twilio = await startTwilioStandIn();
  messaging = await startMessagingApp(ctx, {
    appUrl: APP_URL,
    twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url },
  });
  server = createServer(messaging.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const staff = await createCentreWithStaff(ctx);
  // Daytime in the centre's zone whenever this runs: quiet hours are tests/api/quiet-hours.test.ts's.
  centre = await ctx.prisma.organisation.update({
    where: { id: staff.centre.id },
    data: { name: 'Maple Tutoring', timeZone: daytimeZone() },
  });
  adminEmail = staff.admin.email;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await messaging?.stop();
  await twilio?.close();
  await ctx?.close();
});

let numbers = 100;
/** A number of its own per test: "416-555-0NNN" on the records, "+1416555 0NNN" from Twilio. */
function nextNumber() {
  numbers += 1;
  return { local: `416-555-0${numbers}`, e164: `+14165550${numbers}` };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A family class-change SMS to `recipient`, queued as the class-notice feature queues it; waits until settled. */
async function classNoticeSms(recipient: string) {
  const message = await ctx.prisma.$transaction((tx) =>
    enqueueMessage(tx, messaging.queue, {
      organisationId: centre.id,
      channel: 'SMS',
      recipient,
      template: 'class-change-family',
      bodyText: 'Maple Tutoring: Mathematics on Tue moved to 17:00.',
    }),
  );
  return waitFor(
    'the SMS to settle',
    () => ctx.prisma.message.findUniqueOrThrow({ where: { id: message.id } }),
    (row) => row.status === 'SENT' || row.status === 'FAILED',
  );
}

const reply = (from: string, body: string, extra: { authToken?: string | null; appUrl?: string } = {}) =>
  twilio.sendInbound({ baseUrl, appUrl: APP_URL, from, body, ...extra });
const receivedBy = (e164: string) =>
  twilio.received.filter((sms) => sms.to.replace(/\D/g, '').slice(-10) === e164.slice(-10));
const guardianOf = (id: number) => ctx.prisma.guardian.findUniqueOrThrow({ where: { id } });
const studentOf = (id: number) => ctx.prisma.student.findUniqueOrThrow({ where: { id } });

describe('STOP', () => {
  it('opts the number out at once: guardian and student records, the opt-out kept, later SMS not sent', async () => {
    const phone = nextNumber();
    const family = await createSmsFamily(ctx.prisma, centre.id, { phone: phone.local });
    // Before: an SMS to the number goes out.
    const before = await classNoticeSms(phone.local);
    expect(before).toMatchObject({ status: 'SENT', note: null });
    expect(receivedBy(phone.e164)).toHaveLength(1);

    const res = await reply(phone.e164, '  stop ');
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/xml/);
    expect(res.text).toContain('<Response><Message>Maple Tutoring: You are unsubscribed');

    expect(await guardianOf(family.guardian.id)).toMatchObject({
      allowSms: false,
      smsConsentAt: null,
      smsConsentSource: null,
    });
    expect((await studentOf(family.student.id)).allowSms).toBe(false);
    const optOut = await ctx.prisma.smsOptOut.findUniqueOrThrow({ where: { phoneKey: phone.e164.slice(-10) } });
    expect(optOut).toMatchObject({ phone: phone.e164, source: 'SMS reply STOP' });
    expect(Date.now() - optOut.optedOutAt.getTime()).toBeLessThan(60_000);

    // A later class notice to the number (as it was written on the student's record) is not sent.
    const after = await classNoticeSms(phone.local);
    expect(after).toMatchObject({ status: 'SENT', note: OPTED_OUT_NOTE, providerMessageId: null });
    expect(receivedBy(phone.e164)).toHaveLength(1);
  });

  it('退订 answers in Chinese, UNSUBSCRIBE in any case opts out too', async () => {
    const zh = nextNumber();
    const zhFamily = await createSmsFamily(ctx.prisma, centre.id, { phone: zh.local, langKey: 'zh-CN' });
    const res = await reply(zh.e164, '退订');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Maple Tutoring：您已退订');
    expect((await guardianOf(zhFamily.guardian.id)).allowSms).toBe(false);
    expect((await ctx.prisma.smsOptOut.findUnique({ where: { phoneKey: zh.e164.slice(-10) } }))?.source).toBe(
      'SMS reply 退订',
    );

    const en = nextNumber();
    const enFamily = await createSmsFamily(ctx.prisma, centre.id, { phone: en.local });
    const unsubscribed = await reply(en.e164, 'Unsubscribe');
    expect(unsubscribed.text).toContain('You are unsubscribed');
    expect((await guardianOf(enFamily.guardian.id)).allowSms).toBe(false);
    expect((await studentOf(enFamily.student.id)).allowSms).toBe(false);
    // A zh-CN guardian who writes STOP is answered in Chinese.
    const zh2 = nextNumber();
    await createSmsFamily(ctx.prisma, centre.id, { phone: zh2.local, langKey: 'zh-CN' });
    expect((await reply(zh2.e164, 'STOP')).text).toContain('您已退订');
  });
});

describe('HELP', () => {
  it('answers with the centre of the last SMS to that number and its contact, in the guardian’s language', async () => {
    const phone = nextNumber();
    await createSmsFamily(ctx.prisma, centre.id, { phone: phone.local });
    await classNoticeSms(phone.local);
    const res = await reply(phone.e164, 'help');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<Message>Maple Tutoring: ${adminEmail}. Reply STOP to receive no more SMS.</Message>`);

    const zh = nextNumber();
    await createSmsFamily(ctx.prisma, centre.id, { phone: zh.local, langKey: 'zh-CN' });
    expect((await reply(zh.e164, 'INFO')).text).toContain(`Maple Tutoring：${adminEmail}。回复 退订 不再接收短信。`);
    // HELP changes nothing.
    expect(
      await ctx.prisma.smsOptOut.count({ where: { phoneKey: { in: [phone.e164.slice(-10), zh.e164.slice(-10)] } } }),
    ).toBe(0);
  });
});

describe('START', () => {
  it('removes the opt-out but gives no consent back, and says so', async () => {
    const phone = nextNumber();
    const family = await createSmsFamily(ctx.prisma, centre.id, { phone: phone.local });
    await reply(phone.e164, 'STOP');
    const res = await reply(phone.e164, 'start');
    expect(res.text).toContain('sent only with your consent');
    expect(await ctx.prisma.smsOptOut.count({ where: { phoneKey: phone.e164.slice(-10) } })).toBe(0);
    expect(await guardianOf(family.guardian.id)).toMatchObject({ allowSms: false, smsConsentAt: null });
    expect((await studentOf(family.student.id)).allowSms).toBe(false);
  });
});

describe('other replies and refusals', () => {
  it('anything else gets an empty TwiML answer and changes nothing', async () => {
    const phone = nextNumber();
    const family = await createSmsFamily(ctx.prisma, centre.id, { phone: phone.local });
    const res = await reply(phone.e164, 'please stop sending at night');
    expect(res.status).toBe(200);
    expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect((await guardianOf(family.guardian.id)).allowSms).toBe(true);
  });

  it('an unsigned, forged or Host-signed request is a 403 and changes nothing', async () => {
    const phone = nextNumber();
    const family = await createSmsFamily(ctx.prisma, centre.id, { phone: phone.local });
    const unsigned = await reply(phone.e164, 'STOP', { authToken: null });
    const forged = await reply(phone.e164, 'STOP', { authToken: 'f'.repeat(32) });
    // Signed over the address the request came to, not APP_URL: what a replayed or proxied request has.
    const hostSigned = await reply(phone.e164, 'STOP', { appUrl: baseUrl });
    for (const res of [unsigned, forged, hostSigned]) {
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toMatchObject({
        errorMessage: 'The Twilio signature of this request is missing or wrong',
      });
    }
    expect(await guardianOf(family.guardian.id)).toMatchObject({ allowSms: true, smsConsentSource: 'Desk form' });
    expect((await studentOf(family.student.id)).allowSms).toBe(true);
    expect(await ctx.prisma.smsOptOut.count({ where: { phoneKey: phone.e164.slice(-10) } })).toBe(0);
  });

  it('without Twilio configured the route answers 404', async () => {
    const plain = await startMessagingApp(ctx, { appUrl: APP_URL });
    const bare = createServer(plain.app);
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const res = await twilio.sendInbound({
        baseUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
        appUrl: APP_URL,
        from: '+14165550999',
        body: 'STOP',
      });
      expect(res.status).toBe(404);
      expect(await ctx.prisma.smsOptOut.count({ where: { phoneKey: '4165550999' } })).toBe(0);
    } finally {
      await new Promise<void>((resolve) => bare.close(() => resolve()));
      await plain.stop();
    }
  });
});

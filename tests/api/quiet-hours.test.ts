// Quiet hours (issue 21): no SMS between 21:00 and 08:00 in the centre's zone. An SMS queued then gets
// its job's startAfter at the next 08:00 local; a delivery that lands in them (a retry, a zone changed
// meanwhile) goes back to QUEUED with a job at 08:00 and nothing is sent. Sign-in codes and email are
// never held. Zones are chosen so that it is 22:00 (or noon) there whenever the test runs.
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageChannel } from '../../server/generated/prisma/client';
import { deliverMessage } from '../../server/messaging/deliver';
import { enqueueMessage } from '../../server/messaging/enqueue';
import { MESSAGE_QUEUE, type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { quietHoursEnd } from '../../server/messaging/quiet-hours';
import { answerInboundSms } from '../../server/messaging/sms-inbound';
import { OPTED_OUT_NOTE } from '../../server/messaging/sms-opt-out';
import { createTransports } from '../../server/messaging/transports';
import { createCentre } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { zoneWhereItIsNow } from '../support/sms-factories';
import { createTestContext, type TestContext } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-standin';

let ctx: TestContext;
let queue: MessageQueue;
let twilio: TwilioStandIn;

beforeAll(async () => {
  ctx = await createTestContext();
  twilio = await startTwilioStandIn();
  // No worker: the test delivers jobs itself, at the instant it chooses.
  queue = await openMessageQueue(
    ctx.target,
    testMessagingConfig({
      mailDir: '/nonexistent',
      twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url },
    }),
  );
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await twilio?.close();
  await ctx?.close();
});

async function centreIn(timeZone: string) {
  const centre = await createCentre(ctx.prisma);
  return ctx.prisma.organisation.update({ where: { id: centre.id }, data: { timeZone } });
}

function queueOne(organisationId: number, template: string, channel: MessageChannel = 'SMS') {
  return ctx.prisma.$transaction((tx) =>
    enqueueMessage(tx, queue, {
      organisationId,
      channel,
      recipient: channel === 'SMS' ? '+14165550177' : 'family@example.test',
      subject: channel === 'EMAIL' ? 'Class moved' : null,
      template,
      bodyText: 'Mathematics on Tue moved to 17:00.',
    }),
  );
}

/** The message's jobs, oldest first, with when each may start. */
const jobsOf = (messageId: number) =>
  ctx.prisma.$queryRawUnsafe<{ state: string; startAfter: Date }[]>(
    `SELECT state, start_after AS "startAfter" FROM pgboss.job
      WHERE name = $1 AND data->>'messageId' = $2 ORDER BY created_on, id`,
    MESSAGE_QUEUE,
    String(messageId),
  );

const localTime = (instant: Date, zone: string) => DateTime.fromJSDate(instant, { zone }).toFormat('HH:mm');

describe('queueing', () => {
  it('an SMS queued at 22:00 local starts at the next 08:00 local; a sign-in code and an email at once', async () => {
    const zone = zoneWhereItIsNow(22);
    const centre = await centreIn(zone);
    const before = Date.now();
    const notice = await queueOne(centre.id, 'class-change-family');
    const [job] = await jobsOf(notice.id);
    expect(localTime(job.startAfter, zone)).toBe('08:00');
    const end = quietHoursEnd(new Date(before), zone);
    expect(job.startAfter.getTime()).toBe(end?.getTime());
    // Between 9 and 11 hours away (22:xx to 08:00).
    expect(job.startAfter.getTime() - before).toBeGreaterThan(8.9 * 3_600_000);

    for (const message of [await queueOne(centre.id, 'login-code'), await queueOne(centre.id, 'feedback', 'EMAIL')]) {
      const [now] = await jobsOf(message.id);
      expect(Math.abs(now.startAfter.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });

  it('an SMS queued at noon local starts at once', async () => {
    const centre = await centreIn(zoneWhereItIsNow(12));
    const notice = await queueOne(centre.id, 'class-change-family');
    const [job] = await jobsOf(notice.id);
    expect(Math.abs(job.startAfter.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('delivering', () => {
  const transports = () => createTransports(queue.config);
  const options = () => ({ lastAttempt: false, expireInSeconds: 30, queue });

  it('a job delivered at 22:00 local is deferred to 08:00: not sent, QUEUED again, a new job', async () => {
    const toronto = 'America/Toronto';
    const centre = await centreIn(toronto);
    // Queued in the day (its job starts now), delivered at 22:00 Toronto time (a retry, say).
    const message = await queueOne(centre.id, 'class-change-family');
    const at22 = DateTime.fromISO('2026-11-28T22:00', { zone: toronto }).toJSDate();
    const received = twilio.received.length;
    expect(await deliverMessage(ctx.prisma, transports(), message.id, { ...options(), now: at22 })).toBe('completed');
    expect(twilio.received.length).toBe(received);
    const row = await ctx.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 0, sentAt: null });
    const jobs = await jobsOf(message.id);
    expect(jobs).toHaveLength(2);
    expect(jobs[1].startAfter.toISOString()).toBe('2026-11-29T13:00:00.000Z'); // 08:00 EST
  });

  it('at 08:00 local it goes out; a sign-in code goes out at 22:00', async () => {
    const toronto = 'America/Toronto';
    const centre = await centreIn(toronto);
    const message = await queueOne(centre.id, 'class-change-family');
    const at8 = DateTime.fromISO('2026-11-29T08:00', { zone: toronto }).toJSDate();
    const received = twilio.received.length;
    expect(await deliverMessage(ctx.prisma, transports(), message.id, { ...options(), now: at8 })).toBe('completed');
    expect(await ctx.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: 'SENT',
      note: null,
    });
    expect(twilio.received.length).toBe(received + 1);

    const code = await queueOne(centre.id, 'login-code');
    const at22 = DateTime.fromISO('2026-11-28T22:00', { zone: toronto }).toJSDate();
    expect(await deliverMessage(ctx.prisma, transports(), code.id, { ...options(), now: at22 })).toBe('completed');
    expect((await ctx.prisma.message.findUniqueOrThrow({ where: { id: code.id } })).status).toBe('SENT');
    expect(twilio.received.length).toBe(received + 2);
  });

  it('an SMS queued before a STOP is not sent when its job comes, even at 08:00; a sign-in code still is', async () => {
    const centre = await centreIn('America/Toronto');
    const notice = await queueOne(centre.id, 'class-change-family'); // to +14165550177
    const code = await queueOne(centre.id, 'login-code');
    expect(await answerInboundSms(ctx.prisma, { From: '+14165550177', Body: 'STOP' })).toContain('unsubscribed');
    const at8 = DateTime.fromISO('2026-11-29T08:00', { zone: 'America/Toronto' }).toJSDate();
    const received = twilio.received.length;
    expect(await deliverMessage(ctx.prisma, transports(), notice.id, { ...options(), now: at8 })).toBe('completed');
    expect(await ctx.prisma.message.findUniqueOrThrow({ where: { id: notice.id } })).toMatchObject({
      status: 'SENT',
      note: OPTED_OUT_NOTE,
      providerMessageId: null,
    });
    expect(twilio.received.length).toBe(received);
    expect(await deliverMessage(ctx.prisma, transports(), code.id, { ...options(), now: at8 })).toBe('completed');
    expect(twilio.received.length).toBe(received + 1);
    await answerInboundSms(ctx.prisma, { From: '+14165550177', Body: 'START' });
  });
});

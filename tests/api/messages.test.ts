// The message queue end to end on this run's database: pg-boss jobs written in the caller's
// transaction, a worker sending through a real SMTP server, the Twilio SDK against a local stand-in,
// .eml files without SMTP, retries to FAILED and a resend by hand, and idempotent delivery.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Message, Prisma } from '../../server/generated/prisma/client';
import type { MessagingConfig } from '../../server/messaging/config';
import {
  deliverMessage,
  failOrphanedMessages,
  INTERRUPTED_MESSAGE,
  startMessageWorker,
} from '../../server/messaging/deliver';
import { enqueueMessage, type MessageInput, sendJob } from '../../server/messaging/enqueue';
import { MESSAGE_QUEUE, type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createTransports, SMS_NOT_CONFIGURED } from '../../server/messaging/transports';
import { callerWith } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { daytimeZone } from '../support/household-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-standin';

let ctx: TestContext;
let queue: MessageQueue;
let smtp: SmtpStandIn;
let sms: TwilioStandIn;
let mailDir: string;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let teacher: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;

// Short retry delays so that the last attempt comes within seconds.
const config = (over: Partial<MessagingConfig> = {}): MessagingConfig =>
  testMessagingConfig({ mailDir, retryLimit: 2, retryDelayMaxSeconds: 2, ...over });

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-mail-'));
  [smtp, sms] = await Promise.all([startSmtpStandIn(), startTwilioStandIn()]);
  queue = await openMessageQueue(ctx.target, config());
  const app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  // Daytime in the centre's zone whenever this runs: its SMS are not held by quiet hours (issue 21).
  await ctx.prisma.organisation.update({ where: { id: first.centre.id }, data: { timeZone: daytimeZone() } });
  admin = callerWith(app, first.tokens.admin);
  teacher = callerWith(app, first.tokens.teacher);
  otherAdmin = callerWith(app, second.tokens.admin);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await Promise.all([smtp?.close(), sms?.close()]);
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

let sequence = 0;
const email = (over: Partial<MessageInput> = {}): MessageInput => {
  sequence += 1;
  return {
    organisationId: first.centre.id,
    channel: 'EMAIL',
    recipient: `parent${sequence}@example.test`,
    recipientName: `Parent ${sequence}`,
    template: 'test',
    subject: `Feedback ${sequence}`,
    bodyText: `Hello from the test, message ${sequence}`,
    bodyHtml: `<p>Hello from the test, message ${sequence}</p>`,
    entityType: 'SCHEDULE',
    entityId: 1000 + sequence,
    ...over,
  };
};

const queueAll = (inputs: MessageInput[]) =>
  ctx.prisma.$transaction(
    async (tx) => {
      const made: Message[] = [];
      for (const input of inputs) made.push(await enqueueMessage(tx, queue, input));
      return made;
    },
    { timeout: 60_000 },
  );

const jobCount = async () => {
  const rows = await ctx.prisma.$queryRawUnsafe<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1',
    MESSAGE_QUEUE,
  );
  return rows[0].n;
};

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const statusesOf = (ids: number[]) =>
  ctx.prisma.message.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
const allIn = (status: string) => (rows: Message[]) => rows.length > 0 && rows.every((r) => r.status === status);

/** Runs a worker with these settings while `body` runs. */
async function withWorker<T>(over: Partial<MessagingConfig>, body: () => Promise<T>): Promise<T> {
  const worker = await startMessageWorker(queue, ctx.prisma, createTransports(config(over)));
  try {
    return await body();
  } finally {
    await worker.stop();
  }
}

describe('enqueueMessage', () => {
  it('writes the message and its job in the caller transaction: a rollback leaves neither', async () => {
    const before = { messages: await ctx.prisma.message.count(), jobs: await jobCount() };
    await expect(
      ctx.prisma.$transaction(async (tx: Prisma.TransactionClient) => {
        await enqueueMessage(tx, queue, email());
        throw new Error('the request failed after queueing');
      }),
    ).rejects.toThrow('the request failed');
    expect({ messages: await ctx.prisma.message.count(), jobs: await jobCount() }).toEqual(before);

    const [kept] = await queueAll([email()]);
    expect(kept.status).toBe('QUEUED');
    expect({ messages: await ctx.prisma.message.count(), jobs: await jobCount() }).toEqual({
      messages: before.messages + 1,
      jobs: before.jobs + 1,
    });
    // Nothing is sent without a worker.
    expect(smtp.received.filter((m) => m.to.includes(kept.recipient))).toEqual([]);
    await ctx.prisma.message.update({ where: { id: kept.id }, data: { status: 'SENT' } }); // out of later tests' way
  });
});

describe('the worker', () => {
  it('sends email through SMTP, one Message-ID per message, and records SENT', async () => {
    const made = await queueAll([email(), email(), email()]);
    const rows = await withWorker({ smtpUrl: smtp.url }, () =>
      waitFor('3 emails sent', () => statusesOf(made.map((m) => m.id)), allIn('SENT')),
    );
    for (const row of rows) {
      const got = smtp.received.filter((m) => m.to.includes(row.recipient));
      expect(got).toHaveLength(1);
      expect(got[0].messageId).toBe(row.providerMessageId);
      expect(got[0].raw).toContain(`Subject: ${row.subject}`);
      expect(got[0].raw).toContain(row.bodyText);
      expect(row).toMatchObject({ attempts: 1, error: null, note: null, failedAt: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    const list = await admin.get('/api/messages', { status: 'SENT', channel: 'EMAIL', pageSize: 100 });
    expect(list.status).toBe(200);
    const listed = list.body.data.filter((m: { id: number }) => made.some((x) => x.id === m.id));
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ status: 'SENT', channel: 'EMAIL', template: 'test', attempts: 1 });
  });

  it('retries a refused email with backoff, marks it FAILED with the server error, and a resend sends it', async () => {
    const [message] = await queueAll([email()]);
    smtp.refusing = true;
    const refusedBefore = smtp.refused;
    try {
      const [failed] = await withWorker({ smtpUrl: smtp.url }, () =>
        waitFor('the email to fail', () => statusesOf([message.id]), allIn('FAILED')),
      );
      // retryLimit 2: the first attempt and two retries.
      expect(failed.attempts).toBe(3);
      expect(smtp.refused - refusedBefore).toBe(3);
      expect(failed.error).toMatch(/^550 .*Mailbox unavailable/);
      expect(failed.failedAt).toBeInstanceOf(Date);
    } finally {
      smtp.refusing = false;
    }
    const listed = await admin.get('/api/messages', { status: 'FAILED', recipient: message.recipient });
    expect(listed.body.data.map((m: { id: number }) => m.id)).toEqual([message.id]);
    expect(listed.body.data[0].error).toMatch(/Mailbox unavailable/);

    // Not another centre's, and not by a teacher.
    expect((await otherAdmin.post(`/api/messages/${message.id}/resend`, {})).status).toBe(404);
    expect((await teacher.post(`/api/messages/${message.id}/resend`, {})).status).toBe(403);
    const resent = await admin.post(`/api/messages/${message.id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: message.id, status: 'QUEUED', failedAt: null });
    // Only a FAILED message can be resent.
    const again = await admin.post(`/api/messages/${message.id}/resend`, {});
    expect(again.status).toBe(409);
    expect(again.body.detail ?? again.body.message ?? JSON.stringify(again.body)).toMatch(/Only a failed message/);

    const [sent] = await withWorker({ smtpUrl: smtp.url }, () =>
      waitFor('the resent email', () => statusesOf([message.id]), allIn('SENT')),
    );
    expect(sent.attempts).toBe(4);
    expect(smtp.received.filter((m) => m.to.includes(message.recipient))).toHaveLength(1);
  });

  it('sends a message once when its job is delivered twice (counted by Message-ID)', async () => {
    const [message] = await queueAll([email()]);
    await ctx.prisma.$transaction((tx) => sendJob(tx, queue, message.id)); // a second job, same message
    const [sent] = await withWorker({ smtpUrl: smtp.url }, async () => {
      const rows = await waitFor('the email', () => statusesOf([message.id]), allIn('SENT'));
      // Both jobs settled: the second found the message SENT.
      await waitFor(
        'both jobs done',
        async () =>
          (
            await ctx.prisma.$queryRawUnsafe<{ n: number }[]>(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed' AND data->>'messageId' = $2`,
              MESSAGE_QUEUE,
              String(message.id),
            )
          )[0].n,
        (n) => n === 2,
      );
      return rows;
    });
    expect(sent.attempts).toBe(1);
    expect(smtp.received.filter((m) => m.messageId === sent.providerMessageId)).toHaveLength(1);
  });

  it('writes an .eml file when no SMTP server is configured, and records it as SENT with its path', async () => {
    const [message] = await queueAll([email({ subject: 'Written to a file' })]);
    const [row] = await withWorker({}, () => waitFor('the .eml', () => statusesOf([message.id]), allIn('SENT')));
    const file = path.join(mailDir, `message-${message.id}.eml`);
    expect(existsSync(file)).toBe(true);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toContain('Subject: Written to a file');
    expect(eml).toContain(`To: Parent ${sequence} <${message.recipient}>`);
    expect(eml).toContain(`Message-ID: ${row.providerMessageId}`);
    expect(row.note).toBe(`not sent: no SMTP_URL; written to ${file}`);
  });

  it('sends SMS with the Twilio SDK (to a local stand-in), and only records them when Twilio is not set', async () => {
    const twilio = { accountSid: sms.accountSid, authToken: sms.authToken, from: '+15005550006', apiUrl: sms.url };
    const [text] = await queueAll([
      {
        organisationId: first.centre.id,
        channel: 'SMS',
        recipient: '+14165550123',
        template: 'code',
        bodyText: 'Your code is 123456',
      },
    ]);
    const [sent] = await withWorker({ twilio }, () => waitFor('the SMS', () => statusesOf([text.id]), allIn('SENT')));
    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]).toMatchObject({ to: '+14165550123', from: '+15005550006', body: 'Your code is 123456' });
    expect(sent.providerMessageId).toBe(sms.received[0].sid);
    expect(sent.subject).toBeNull();

    // Twilio refuses: the provider's code and words end up on the FAILED message.
    sms.failWith = { status: 400, code: 21211, message: "The 'To' number +1416 is not a valid phone number." };
    try {
      const [bad] = await queueAll([
        { organisationId: first.centre.id, channel: 'SMS', recipient: '+1416', template: 'code', bodyText: 'x' },
      ]);
      const [failed] = await withWorker({ twilio }, () =>
        waitFor('the SMS to fail', () => statusesOf([bad.id]), allIn('FAILED')),
      );
      expect(failed.error).toBe("400 (21211): The 'To' number +1416 is not a valid phone number.");
      expect(failed.attempts).toBe(3);
    } finally {
      sms.failWith = null;
    }

    const [unsent] = await queueAll([
      { organisationId: first.centre.id, channel: 'SMS', recipient: '+14165550124', template: 'code', bodyText: 'x' },
    ]);
    const [recorded] = await withWorker({}, () => waitFor('the record', () => statusesOf([unsent.id]), allIn('SENT')));
    expect(recorded).toMatchObject({ note: SMS_NOT_CONFIGURED, providerMessageId: null });
    expect(sms.received).toHaveLength(1);
  });
});

describe('while a batch drains', () => {
  it('the API keeps answering (the worker yields between messages)', async () => {
    const made = await queueAll(Array.from({ length: 150 }, () => email({ template: 'drain' })));
    const ids = made.map((m) => m.id);
    const latencies: number[] = [];
    let left = ids.length;
    await withWorker({}, async () => {
      // Measured only while messages are still waiting, so the requests share the process with the batch.
      while (left > 20 && latencies.length < 30) {
        const started = performance.now();
        const res = await admin.get('/api/messages', { template: 'drain', pageSize: 5 });
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
        left = await ctx.prisma.message.count({ where: { id: { in: ids }, status: { not: 'SENT' } } });
      }
      await waitFor('the batch', () => statusesOf(ids), allIn('SENT'));
    });
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    latencies.sort((a, b) => a - b);
    console.info(
      `[messages] API while draining: ${latencies.length} requests, max ${Math.round(latencies.at(-1) ?? 0)} ms`,
    );
    expect(latencies.at(-1)).toBeLessThan(2000);
  });
});

describe('a message another attempt holds SENDING', () => {
  it('is looked at again the moment that attempt counts as abandoned, and then sent once', async () => {
    const attempted = new Date(Date.now() - 5_000);
    const held = await ctx.prisma.message.create({
      data: {
        ...email(),
        idempotencyKey: `held-${sequence}`,
        status: 'SENDING',
        attempts: 1,
        lastAttemptAt: attempted,
      },
    });
    const transports = createTransports(config({ smtpUrl: smtp.url }));
    const options = { lastAttempt: false, expireInSeconds: 20, queue };
    const jobsOf = () =>
      ctx.prisma.$queryRawUnsafe<{ startAfter: Date; state: string }[]>(
        `SELECT start_after AS "startAfter", state::text AS state FROM pgboss.job
          WHERE name = '${MESSAGE_QUEUE}' AND (data->>'messageId')::int = $1`,
        held.id,
      );
    // Now (5 s into that attempt): not sent, not claimed; a new job for 20 s + 1 s after the attempt.
    expect(await deliverMessage(ctx.prisma, transports, held.id, options)).toBe('completed');
    expect(await statusesOf([held.id])).toMatchObject([{ status: 'SENDING', attempts: 1 }]);
    const jobs = await jobsOf();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].startAfter.getTime()).toBe(attempted.getTime() + 21_000);
    // That job, when it runs: the attempt is abandoned, the message claimed and sent.
    const later = new Date(attempted.getTime() + 21_000);
    expect(await deliverMessage(ctx.prisma, transports, held.id, { ...options, now: later })).toBe('completed');
    expect(await statusesOf([held.id])).toMatchObject([{ status: 'SENT', attempts: 2 }]);
    expect(smtp.received.filter((m) => m.to.includes(held.recipient))).toHaveLength(1);
    // Out of the other tests' way (a worker would find the message sent and do nothing).
    await ctx.prisma.$executeRawUnsafe(
      `DELETE FROM pgboss.job WHERE name = '${MESSAGE_QUEUE}' AND (data->>'messageId')::int = $1`,
      held.id,
    );
  });
});

describe('failOrphanedMessages', () => {
  it('fails a message left SENDING without a live job (its worker died on the last attempt), nothing else', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const orphan = await ctx.prisma.message.create({
      data: {
        ...email(),
        idempotencyKey: `orphan-${sequence}`,
        status: 'SENDING',
        attempts: 3,
        queuedAt: longAgo,
        lastAttemptAt: longAgo,
      },
    });
    // Same age, but with its job waiting: left alone.
    const [waiting] = await queueAll([email()]);
    await ctx.prisma.message.update({ where: { id: waiting.id }, data: { queuedAt: longAgo } });
    // Without a job but attempted just now: left alone (an attempt may be in progress).
    const recent = await ctx.prisma.message.create({
      data: { ...email(), idempotencyKey: `recent-${sequence}`, status: 'SENDING', lastAttemptAt: new Date() },
    });

    expect(await failOrphanedMessages(ctx.prisma, 30)).toBe(1);
    const rows = await statusesOf([orphan.id, waiting.id, recent.id]);
    expect(rows.map((r) => r.status)).toEqual(['FAILED', 'QUEUED', 'SENDING']);
    expect(rows[0]).toMatchObject({ error: INTERRUPTED_MESSAGE });
    expect(rows[0].failedAt).toBeInstanceOf(Date);
    // Out of the other tests' way.
    await ctx.prisma.message.updateMany({ where: { id: { in: [waiting.id, recent.id] } }, data: { status: 'SENT' } });
  });
});

describe('GET /api/messages', () => {
  it("lists only the caller's centre, newest first, and refuses bad filters", async () => {
    await queueAll([email({ organisationId: second.centre.id, template: 'other-centre' })]);
    const mine = await admin.get('/api/messages', { pageSize: 100 });
    expect(mine.status).toBe(200);
    expect(mine.body.data.some((m: { template: string }) => m.template === 'other-centre')).toBe(false);
    const order = mine.body.data.map((m: { queuedAt: string; id: number }) => [m.queuedAt, m.id]);
    const newestFirst = (a: [string, number], b: [string, number]) => b[0].localeCompare(a[0]) || b[1] - a[1];
    expect(order).toEqual([...order].sort(newestFirst));
    expect(new Set(order.map(([at]: [string]) => at)).size).toBeGreaterThan(1);
    const theirs = await otherAdmin.get('/api/messages', { template: 'other-centre' });
    expect(theirs.body.total).toBe(1);
    const bad = await admin.get('/api/messages', { status: 'LOST' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('status');
    expect((await teacher.get('/api/messages')).status).toBe(403);
  });
});

// Issue 20, finding 17: expired sign-in codes, reset tokens and rate-limit counters are purged on a
// schedule; live ones stay. The job runs on pg-boss like the others.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_JOB, purgeExpiredSecrets, startHousekeepingJobs } from '../../server/jobs/housekeeping';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createCentre, createUser } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let queue: MessageQueue;
let mailDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-housekeeping-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir, retryLimit: 0 }));
});
afterAll(async () => {
  await queue?.stop();
  await ctx.close();
  rmSync(mailDir, { recursive: true, force: true });
});

const MINUTE = 60_000;
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** One expired, one used and one live row of each kind, relative to `now`; returns the live rows' keys. */
async function rows(now: Date, tag: string) {
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  const user = await createUser(ctx.prisma, {
    role: 'ROLE_OPERATOR',
    organisationId: (await createCentre(ctx.prisma)).id,
  });
  const phone = `+1416555${tag}`;
  await ctx.prisma.loginCode.createMany({
    data: [
      { phone, codeHash: 'expired', expiresAt: at(-1) },
      { phone, codeHash: 'used', expiresAt: at(4), usedAt: at(-1) },
      { phone, codeHash: 'live', expiresAt: at(4) },
    ],
  });
  await ctx.prisma.passwordResetToken.createMany({
    data: [
      { userId: user.id, tokenHash: hash(`${tag}expired`), expiresAt: at(-1) },
      { userId: user.id, tokenHash: hash(`${tag}used`), expiresAt: at(50), usedAt: at(-2) },
      { userId: user.id, tokenHash: hash(`${tag}live`), expiresAt: at(50) },
    ],
  });
  await ctx.prisma.rateLimit.createMany({
    data: [
      { key: `${tag}:expired`, points: 3, expire: BigInt(at(-1).getTime()) },
      { key: `${tag}:live`, points: 3, expire: BigInt(at(10).getTime()) },
      { key: `${tag}:forever`, points: 1, expire: null },
    ],
  });
  return { phone, userId: user.id };
}

async function left(tag: string, phone: string, userId: number) {
  return {
    codes: (await ctx.prisma.loginCode.findMany({ where: { phone } })).map((r) => r.codeHash),
    tokens: (await ctx.prisma.passwordResetToken.findMany({ where: { userId } })).map((r) => r.tokenHash),
    limits: (await ctx.prisma.rateLimit.findMany({ where: { key: { startsWith: `${tag}:` } } }))
      .map((r) => r.key)
      .sort(),
  };
}

describe('purgeExpiredSecrets', () => {
  it('deletes expired and used codes and tokens and expired counters, and keeps live ones', async () => {
    const now = new Date();
    const { phone, userId } = await rows(now, '1001');
    const purged = await purgeExpiredSecrets(ctx.prisma, now);
    expect(purged.loginCodes).toBeGreaterThanOrEqual(2);
    expect(purged.resetTokens).toBeGreaterThanOrEqual(2);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await left('1001', phone, userId)).toEqual({
      codes: ['live'],
      tokens: [hash('1001live')],
      limits: ['1001:forever', '1001:live'],
    });
  });
});

describe('startHousekeepingJobs', () => {
  it("puts the purge on pg-boss's daily schedule and works it", async () => {
    const { phone, userId } = await rows(new Date(), '1002');
    const jobs = await startHousekeepingJobs(queue, ctx.prisma);
    try {
      const schedules = await queue.boss.getSchedules();
      expect(schedules.filter((s) => s.name === HOUSEKEEPING_JOB).map((s) => s.cron)).toEqual(['17 3 * * *']);
      await queue.boss.send(HOUSEKEEPING_JOB, {});
      const until = Date.now() + 30_000;
      while ((await left('1002', phone, userId)).codes.length > 1) {
        if (Date.now() > until) throw new Error('the job was not worked');
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await left('1002', phone, userId)).limits).toEqual(['1002:forever', '1002:live']);
    } finally {
      await jobs.stop();
    }
  });
});

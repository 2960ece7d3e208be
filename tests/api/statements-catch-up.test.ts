// Monthly statements that missed their 1st (issue 37, finding 7): before, the job did its work only on
// the 1st in the centre's zone, so a month whose 1st passed with no worker running (or a failed run)
// was never sent. Now any run sends every month due and not done, once: on a later day, by several
// workers at once (each its own Prisma client and pg-boss, as separate processes would have), and by
// the run a worker makes when it starts.
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../../server/db/client';
import { startNoticeJobs } from '../../server/features/notices/jobs';
import { previousMonth } from '../../server/features/statements/statement-data';
import { runMonthlyStatements, statementKey } from '../../server/features/statements/statements-job';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { MESSAGE_QUEUE, type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { testMessagingConfig } from '../support/messaging-config';
import { pdfText } from '../support/pdf-text';
import { createStatementFamily } from '../support/statement-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
/** Three workers: each a Prisma client and a message queue of its own on the same database. */
let workers: { prisma: PrismaClient; queue: MessageQueue }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const config = testMessagingConfig({ mailDir: '/nonexistent' });
  workers.push({ prisma: ctx.prisma, queue: await openMessageQueue(ctx.target, config) });
  for (const _ of [1, 2]) {
    workers.push({ prisma: await createPrisma(ctx.target), queue: await openMessageQueue(ctx.target, config) });
  }
}, 120_000);
afterAll(async () => {
  for (const w of workers) await w.queue.stop();
  for (const w of workers.slice(1)) await w.prisma.$disconnect();
  workers = [];
  await ctx?.close();
});

/** The statement emails of a key, and the send jobs queued for them. */
async function sent(key: string) {
  const messages = await ctx.prisma.message.findMany({ where: { idempotencyKey: key } });
  const jobs = await ctx.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job
     WHERE name = ${MESSAGE_QUEUE} AND (data->>'messageId')::int = ANY(${messages.map((m) => m.id)}::int[])`;
  return { messages, jobs: jobs[0].n };
}

describe('a month whose 1st was missed', () => {
  it('is sent on a later day, once, however many workers run the job, and never again', async () => {
    const family = await createStatementFamily(ctx, { month: '2026-03' });
    const key = statementKey(family.household.id, '2026-03', family.guardian.guardian.id);
    expect((await sent(key)).messages).toEqual([]);
    // No run on 1 April. The 9th, three workers at the same moment: one email, one send job.
    const ninth = new Date('2026-04-09T15:07:00Z');
    const runs = await Promise.all(workers.map((w) => runMonthlyStatements(w.prisma, w.queue, ninth)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const once = await sent(key);
    expect(once.messages).toHaveLength(1);
    expect(once.jobs).toBe(1);
    expect(once.messages[0]).toMatchObject({ recipient: family.guardian.user.email, status: 'QUEUED' });
    expect(await pdfText(once.messages[0].attachment as Uint8Array)).toContain('March 2026');
    // Later runs, by any worker, on any day: nothing more.
    for (const [i, at] of ['2026-04-09T16:07:00Z', '2026-04-10T15:07:00Z', '2026-04-30T23:07:00Z'].entries()) {
      const w = workers[i % workers.length];
      expect(await runMonthlyStatements(w.prisma, w.queue, new Date(at))).toBe(0);
    }
    const after = await sent(key);
    expect(after.messages.map((m) => m.id)).toEqual(once.messages.map((m) => m.id));
    expect(after.jobs).toBe(1);
    // The next month goes out on its own 1st as before (a balance of 140.00 and no entries still tells).
    const april = statementKey(family.household.id, '2026-04', family.guardian.guardian.id);
    expect(await runMonthlyStatements(ctx.prisma, workers[0].queue, new Date('2026-05-01T13:07:00Z'))).toBe(1);
    expect((await sent(april)).messages).toHaveLength(1);
    expect((await sent(key)).messages).toHaveLength(1);
  }, 120_000);

  it('is sent by the run a worker makes when it starts, not only on its hourly schedule', async () => {
    // Last month in the centre's zone, by the real clock: what a worker starting now owes.
    const month = previousMonth(DateTime.now().setZone('America/Toronto').toFormat('yyyy-MM'));
    const family = await createStatementFamily(ctx, { month, lang: 'zh-CN' });
    const key = statementKey(family.household.id, month, family.guardian.guardian.id);
    expect((await sent(key)).messages).toEqual([]);
    const jobs = await startNoticeJobs(workers[0].queue, ctx.prisma);
    try {
      const until = Date.now() + 60_000;
      while (!(await sent(key)).messages.length) {
        if (Date.now() > until) throw new Error('the statement was not sent at start');
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await jobs.stop();
    }
    const once = await sent(key);
    expect(once.messages).toHaveLength(1);
    expect(once.jobs).toBe(1);
    expect(once.messages[0].subject).toContain('月度对账单');
    // The next tick finds it done.
    expect(await runMonthlyStatements(ctx.prisma, workers[0].queue)).toBe(0);
    expect((await sent(key)).messages).toHaveLength(1);
  }, 120_000);
});

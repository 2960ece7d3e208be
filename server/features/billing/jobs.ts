// The billing jobs on pg-boss (issue 10): the cycle run (one job per cycle, sent by the run endpoint),
// and the tick every quarter hour (bills a cycle the day after it ends, resumes a run whose process
// died, and settles charges whose result was never recorded). `stately`: at most one waiting and one
// running per queue (and the run's singletonKey per cycle), so a slow run never piles up behind itself.
import type { PrismaClient } from '../../generated/prisma/client';
import { toDbDate } from '../../http/list';
import { type ScheduledJob, type ScheduledJobs, scheduledJobs } from '../../jobs/scheduled-jobs';
import type { MessageQueue } from '../../messaging/queue';
import { runAutoTopUps } from '../topups/auto-top-up';
import { todayUtc } from './invoice-view';
import { reconcilePendingCharges } from './reconcile';
import { runCycle } from './run-cycle';
import type { BillingStripe } from './stripe-config';

export const CYCLE_RUN_QUEUE = 'billing-cycle-run';
export const CYCLE_TICK_QUEUE = 'billing-cycle-tick';
/** Family auto top-ups (issue 21): a child below the household's floor is charged within a minute. */
export const AUTO_TOP_UP_QUEUE = 'family-auto-top-ups';
/** A RUNNING cycle whose run has not shown life for this long is taken up again by the tick. */
export const STALLED_RUN_MS = 15 * 60_000;

export type BillingJobs = ScheduledJobs;

/** Queues a cycle's run (once per cycle while one waits or runs). */
export async function sendCycleRun(queue: MessageQueue, cycleId: number) {
  await queue.boss.send(CYCLE_RUN_QUEUE, { cycleId }, { singletonKey: `cycle-${cycleId}` });
}

/** The tick: cycles due (ended before today UTC) or stalled are run; pending charges reconciled. */
export async function billingTick(prisma: PrismaClient, billing: BillingStripe | undefined, now = new Date()) {
  const due = await prisma.billingCycle.findMany({
    where: {
      OR: [
        { status: 'ACTIVE', endDate: { lt: toDbDate(todayUtc(now)) as Date } },
        { status: 'RUNNING', finishedAt: null, runStartedAt: { lt: new Date(now.getTime() - STALLED_RUN_MS) } },
      ],
    },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  for (const cycle of due) await runCycle(prisma, billing, cycle.id);
  if (billing) await reconcilePendingCharges(prisma, billing, { olderThanMs: 5 * 60_000 });
}

export async function startBillingJobs(
  queue: MessageQueue,
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
): Promise<BillingJobs> {
  const { boss } = queue;
  // A failed run is not retried by pg-boss: the tick takes it up again from where it stands.
  const options = { policy: 'stately', retryLimit: 0, expireInSeconds: 3600 } as const;
  const jobs: ScheduledJob<{ cycleId?: number }>[] = [
    {
      name: CYCLE_RUN_QUEUE,
      run: async (data) => {
        if (typeof data?.cycleId === 'number') await runCycle(prisma, billing, data.cycleId);
      },
    },
    { name: CYCLE_TICK_QUEUE, cron: '*/15 * * * *', run: () => billingTick(prisma, billing) },
    {
      name: AUTO_TOP_UP_QUEUE,
      cron: '* * * * *',
      run: async () => {
        await runAutoTopUps(prisma, billing, queue);
      },
    },
  ];
  return scheduledJobs(boss, jobs, options, 'billing job failed');
}

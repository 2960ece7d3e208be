// The notice jobs on pg-boss's schedule: each is a queue with a cron; pg-boss's timekeeper sends one
// job per tick (whichever process gets there), and a worker process runs it. `stately`: at most one
// waiting and one running per job, so a slow run never piles up behind itself.
import type { PrismaClient } from '../../../generated/prisma/client';
import { log } from '../../../http/log';
import type { MessageQueue } from '../../../messaging/queue';
import { runAwaitingConfirmationNotices } from './awaiting-confirmation';
import { CLASS_CHANGE_CURSOR, lastAuditEventId, runClassChangeNotices } from './class-changes';
import { runFeedbackReminders } from './feedback-reminders';
import { lockCursor } from './job-cursor';
import { LOW_BALANCE_CURSOR, lastLedgerEntryId, runLowBalanceNotices } from './low-balance';

export { runAwaitingConfirmationNotices, runClassChangeNotices, runFeedbackReminders, runLowBalanceNotices };

interface NoticeJob {
  name: string;
  cron: string;
  run: () => Promise<unknown>;
}

export interface NoticeJobs {
  stop(): Promise<void>;
}

export async function startNoticeJobs(queue: MessageQueue, prisma: PrismaClient): Promise<NoticeJobs> {
  const { boss } = queue;
  // The cursors start where the tables end when the jobs first start, not at their first run (a
  // minute later, after rows that should count). History before that sends nothing.
  await prisma.$transaction(async (tx) => {
    await lockCursor(tx, CLASS_CHANGE_CURSOR, () => lastAuditEventId(tx));
    await lockCursor(tx, LOW_BALANCE_CURSOR, () => lastLedgerEntryId(tx));
  });
  const jobs: NoticeJob[] = [
    // Each centre's own hour is checked inside; every quarter hour is soon enough after it.
    { name: 'notice-feedback-reminders', cron: '*/15 * * * *', run: () => runFeedbackReminders(prisma, queue) },
    {
      name: 'notice-class-changes',
      cron: '* * * * *',
      run: async () => {
        await runClassChangeNotices(prisma, queue);
        await runAwaitingConfirmationNotices(prisma);
      },
    },
    { name: 'notice-low-balance', cron: '* * * * *', run: () => runLowBalanceNotices(prisma, queue) },
  ];
  const workers: { name: string; id: string }[] = [];
  for (const job of jobs) {
    // A failed run is not retried: the next tick runs it again from where it stands.
    const options = { policy: 'stately', retryLimit: 0, expireInSeconds: 600 } as const;
    if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, options);
    await boss.schedule(job.name, job.cron, null, { tz: 'UTC' });
    const id = await boss.work(job.name, { pollingIntervalSeconds: 10 }, async () => {
      try {
        await job.run();
      } catch (error) {
        log('error', 'notice job failed', {
          job: job.name,
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    });
    workers.push({ name: job.name, id });
  }
  return {
    async stop() {
      for (const w of workers) await boss.offWork(w.name, { id: w.id, wait: true });
    },
  };
}

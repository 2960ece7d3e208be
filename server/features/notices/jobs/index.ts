// The notice jobs on pg-boss's schedule: each is a queue with a cron; pg-boss's timekeeper sends one
// job per tick (whichever process gets there), and a worker process runs it. `stately`: at most one
// waiting and one running per job, so a slow run never piles up behind itself.
import type { PrismaClient } from '../../../generated/prisma/client';
import { type ScheduledJob, type ScheduledJobs, scheduledJobs } from '../../../jobs/scheduled-jobs';
import type { MessageQueue } from '../../../messaging/queue';
import { expireCredits } from '../../lessons/credits';
import { runSeatOffers } from '../../seats/offers';
import { runMonthlyStatements } from '../../statements/statements-job';
import { runAwaitingConfirmationNotices } from './awaiting-confirmation';
import { CLASS_CHANGE_CURSOR, lastAuditEventId, runClassChangeNotices } from './class-changes';
import { runFeedbackReminders } from './feedback-reminders';
import { lockCursor } from './job-cursor';
import { runLessonChangeDigests } from './lesson-change-digests';
import { LESSON_REMINDER_TEMPLATE, runLessonReminders } from './lesson-reminders';
import { LOW_BALANCE_CURSOR, lastLedgerEntryId, runLowBalanceNotices } from './low-balance';

export {
  LESSON_REMINDER_TEMPLATE,
  runAwaitingConfirmationNotices,
  runClassChangeNotices,
  runFeedbackReminders,
  runLessonReminders,
  runLowBalanceNotices,
};

type NoticeJob = ScheduledJob<object> & { cron: string };

const STATEMENTS_JOB = 'notice-monthly-statements';

export type NoticeJobs = ScheduledJobs;

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
    // Reminders come within 5 minutes of a class entering the centre's window (24 h before by default).
    { name: 'notice-lesson-reminders', cron: '*/5 * * * *', run: () => runLessonReminders(prisma, queue) },
    // Freed-seat offers past their hold expire, and the seat goes to the next wave (issue 22).
    { name: 'seat-offers', cron: '* * * * *', run: () => runSeatOffers(prisma, queue) },
    // A household's lesson changes as one message, some minutes after the first (issue 37, finding 14).
    { name: 'family-lesson-changes', cron: '* * * * *', run: () => runLessonChangeDigests(prisma, queue) },
    // Monthly statements from the 1st in each centre's zone, months missed caught up: hourly, and at start.
    { name: STATEMENTS_JOB, cron: '7 * * * *', run: () => runMonthlyStatements(prisma, queue) },
    // Make-up credits past their expiry are posted EXPIRED (issue 22): hourly is within the day they lapse.
    {
      name: 'lesson-expire-credits',
      cron: '23 * * * *',
      run: async () => {
        await expireCredits(prisma);
      },
    },
  ];
  // A failed run is not retried: the next tick runs it again from where it stands.
  const options = { policy: 'stately', retryLimit: 0, expireInSeconds: 600 } as const;
  const started = await scheduledJobs(boss, jobs, options, 'notice job failed');
  // Statements due while no worker ran go out now, not at the next hour's tick (stately: one waiting).
  await boss.send(STATEMENTS_JOB, {});
  return started;
}

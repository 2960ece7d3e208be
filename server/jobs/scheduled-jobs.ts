// Jobs on pg-boss, registered the one way (notices, billing): each is a queue (created once with the
// caller's options), an optional cron schedule in UTC, and a worker that logs a failed run and lets it
// fail. The caller's options say how failures are retried.
import type { PgBoss } from 'pg-boss';
import { log } from '../http/log';

type QueueOptions = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

export interface ScheduledJob<T> {
  name: string;
  /** When pg-boss's timekeeper sends it by itself (UTC); none: only when sent. */
  cron?: string;
  run: (data: T | null) => Promise<unknown>;
}

export interface ScheduledJobs {
  stop(): Promise<void>;
}

/** Creates each job's queue and schedule and starts its worker; `failure` names the log line of a failed run. */
export async function scheduledJobs<T extends object>(
  boss: PgBoss,
  jobs: readonly ScheduledJob<T>[],
  options: QueueOptions,
  failure: string,
): Promise<ScheduledJobs> {
  const workers: { name: string; id: string }[] = [];
  for (const job of jobs) {
    if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, options);
    if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: 'UTC' });
    const id = await boss.work<T | null>(job.name, { pollingIntervalSeconds: 10 }, async ([item]) => {
      try {
        await job.run(item?.data ?? null);
      } catch (error) {
        log('error', failure, { job: job.name, error: error instanceof Error ? error.message : String(error) });
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

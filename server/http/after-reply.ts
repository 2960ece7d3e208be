// Work a request starts but does not wait for: its reply must not tell whether an account exists
// (issue 20 §9). The phone-code and forgot-password requests answer as soon as their input is valid
// and their throttle allows it, the same for every number and login; the lookup and the queued
// message come after the reply. Tasks run one event-loop turn later (after the reply is written),
// their failures are logged by label only (the task's input is personal data), and shutdown waits
// for the ones in flight.
import { log } from './log';

export interface AfterReply {
  /** Runs `task` once the current request's reply is on its way. */
  (label: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
}

export function createAfterReply(): AfterReply {
  const running = new Set<Promise<void>>();
  const run = ((label: string, task: () => Promise<unknown>) => {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => {
          log('error', 'work after a reply failed', {
            task: label,
            error: error instanceof Error ? error.name : 'unknown',
            code: (error as { code?: unknown })?.code,
          });
        },
      )
      .finally(() => running.delete(done));
    running.add(done);
  }) as AfterReply;
  run.settled = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };
  return run;
}

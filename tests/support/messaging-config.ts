import { createApp } from '../../server/app';
import type { AppDeps } from '../../server/deps';
import type { MessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { openMessageQueue } from '../../server/messaging/queue';
import type { TestContext } from './test-app';

/**
 * The queue settings of API tests: short retry delays and supervision, so that a last attempt or an
 * expired job comes within seconds. `mailDir` is the only setting every test must give.
 */
export function testMessagingConfig(settings: Partial<MessagingConfig> & { mailDir: string }): MessagingConfig {
  return {
    mailFrom: 'Level Up <desk@levelup.test>',
    retryLimit: 1,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 1,
    expireInSeconds: 30,
    batchSize: 10,
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
    ...settings,
  };
}

/**
 * The app of a test that sends email or SMS: its message queue (with `settings`), the worker that
 * delivers through the stand-ins, and the app on that queue. `stop` ends the worker, then the queue.
 */
export async function startMessagingApp(
  ctx: TestContext,
  settings: Partial<MessagingConfig>,
  deps: Omit<AppDeps, 'prisma' | 'jwtSecret' | 'queue'> = {},
) {
  const queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent', ...settings }));
  const worker = await startMessageWorker(queue, ctx.prisma);
  const app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue, ...deps });
  return {
    queue,
    app,
    stop: async () => {
      await worker.stop();
      await queue.stop();
    },
  };
}

import type { MessagingConfig } from '../../server/messaging/config';

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

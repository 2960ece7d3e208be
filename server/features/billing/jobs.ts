// The billing jobs on pg-boss (issue 10): the cycle tick (bills a cycle the day after it ends, or when
// the platform runs it by hand) and the reconcile step (charges whose result was not recorded).
import type { PrismaClient } from '../../generated/prisma/client';
import type { MessageQueue } from '../../messaging/queue';
import type { BillingStripe } from './stripe-config';

export interface BillingJobs {
  stop(): Promise<void>;
}

export async function startBillingJobs(
  _queue: MessageQueue,
  _prisma: PrismaClient,
  _billing: BillingStripe | undefined,
): Promise<BillingJobs> {
  return { stop: async () => {} };
}

import { RateLimiterRes } from 'rate-limiter-flexible';
import type { PrismaClient } from '../generated/prisma/client';
import { addressKey, tooManyRequests } from './login-throttle';
import { postgresLimiter } from './rate-limit-store';

// POST /api/register is public and creates a centre: a few per address and hour is plenty for people,
// and stops a script from filling the database. REGISTRATIONS_PER_HOUR raises it where one address
// registers many centres on purpose (the browser tests).
export const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 5;
/** Registration links that did not work (wrong, used or expired key) per address and hour. */
export const FAILED_CONFIRMATIONS_PER_ADDRESS_PER_HOUR = 10;

export type RegisterThrottle = ReturnType<typeof createRegisterThrottle>;

export function createRegisterThrottle(prisma: PrismaClient, env: NodeJS.ProcessEnv = process.env) {
  const configured = Number(env.REGISTRATIONS_PER_HOUR);
  const byAddress = postgresLimiter(prisma, {
    keyPrefix: 'register_ip',
    points: Number.isInteger(configured) && configured > 0 ? configured : REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    duration: 60 * 60,
  });
  const failedLinks = postgresLimiter(prisma, {
    keyPrefix: 'register_confirm_ip',
    points: FAILED_CONFIRMATIONS_PER_ADDRESS_PER_HOUR,
    duration: 60 * 60,
  });
  const tooManyLinks = (msBeforeNext: number) =>
    tooManyRequests('Too many registration links that did not work from this address.', msBeforeNext);
  return {
    /** 429 before looking when the address's failed registration links are spent for the hour. */
    async beforeConfirm(address: string): Promise<void> {
      const spent = await failedLinks.get(addressKey(address));
      if (spent && spent.consumedPoints >= FAILED_CONFIRMATIONS_PER_ADDRESS_PER_HOUR)
        throw tooManyLinks(spent.msBeforeNext);
    },
    /** Counts a link that did not work. */
    async confirmFailed(address: string): Promise<void> {
      await failedLinks.penalty(addressKey(address));
    },
    /** Counts one attempt from `address`; 429 once the hour's attempts are spent. */
    async consume(address: string): Promise<void> {
      try {
        await byAddress.consume(addressKey(address));
      } catch (error) {
        // The library rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
        if (!(error instanceof RateLimiterRes)) throw error;
        throw tooManyRequests('Too many centres registered from this address.', error.msBeforeNext);
      }
    },
  };
}

import { RateLimiterRes } from 'rate-limiter-flexible';
import type { PrismaClient } from '../generated/prisma/client';
import { addressKey, tooManyRequests } from './login-throttle';
import { postgresLimiter } from './rate-limit-store';

// POST /api/register is public and creates a centre: a few per address and hour is plenty for people,
// and stops a script from filling the database. REGISTRATIONS_PER_HOUR raises it where one address
// registers many centres on purpose (the browser tests).
export const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 5;

export function createRegisterThrottle(prisma: PrismaClient, env: NodeJS.ProcessEnv = process.env) {
  const configured = Number(env.REGISTRATIONS_PER_HOUR);
  const byAddress = postgresLimiter(prisma, {
    keyPrefix: 'register_ip',
    points: Number.isInteger(configured) && configured > 0 ? configured : REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    duration: 60 * 60,
  });
  return {
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

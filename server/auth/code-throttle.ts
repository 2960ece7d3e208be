import { RateLimiterRes } from 'rate-limiter-flexible';
import type { PrismaClient } from '../generated/prisma/client';
import type { ServerText } from '../i18n/text';
import { addressKey, tooManyRequests } from './login-throttle';
import { postgresLimiter } from './rate-limit-store';

// Requests that send something (a sign-in code by SMS, a reset link by email) cost money and can be
// used to flood someone's phone or inbox: a few per number (or account name) and hour, more per address
// (one school behind a NAT), and at most one code a minute per number (the login page's countdown).
export const CODES_PER_NUMBER_PER_HOUR = 5;
export const CODE_INTERVAL_SECONDS = 60;
export const RESETS_PER_ACCOUNT_PER_HOUR = 5;
export const SENDS_PER_ADDRESS_PER_HOUR = 30;
const HOUR = 60 * 60;

/** Takes a point from `limiter` for `key`; 429 with `message` (and when to try again) when none is left. */
export async function consumeOr429(limiter: ReturnType<typeof postgresLimiter>, key: string, message: ServerText) {
  try {
    await limiter.consume(key.slice(0, 200));
  } catch (error) {
    // The library rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
    if (!(error instanceof RateLimiterRes)) throw error;
    throw tooManyRequests(message, error.msBeforeNext);
  }
}

export type SendThrottle = ReturnType<typeof createSendThrottle>;

export function createSendThrottle(prisma: PrismaClient) {
  const codeInterval = postgresLimiter(prisma, { keyPrefix: 'code_min', points: 1, duration: CODE_INTERVAL_SECONDS });
  const codesByNumber = postgresLimiter(prisma, {
    keyPrefix: 'code_number',
    points: CODES_PER_NUMBER_PER_HOUR,
    duration: HOUR,
  });
  const codesByAddress = postgresLimiter(prisma, {
    keyPrefix: 'code_ip',
    points: SENDS_PER_ADDRESS_PER_HOUR,
    duration: HOUR,
  });
  const resetsByAccount = postgresLimiter(prisma, {
    keyPrefix: 'reset_name',
    points: RESETS_PER_ACCOUNT_PER_HOUR,
    duration: HOUR,
  });
  const resetsByAddress = postgresLimiter(prisma, {
    keyPrefix: 'reset_ip',
    points: SENDS_PER_ADDRESS_PER_HOUR,
    duration: HOUR,
  });
  return {
    /** Counts a code request for `phone` (normalised) from `ip`; 429 over any limit. */
    async loginCode(phone: string, ip: string): Promise<void> {
      await consumeOr429(codesByAddress, addressKey(ip), 'Too many verification codes asked for from this address.');
      await consumeOr429(codeInterval, phone, 'A code was just sent to this number: wait for the countdown.');
      await consumeOr429(codesByNumber, phone, 'Too many verification codes asked for this number.');
    },
    /** Counts a reset request for `name` (login or email as typed, lower case) from `ip`. */
    async passwordReset(name: string, ip: string): Promise<void> {
      await consumeOr429(resetsByAddress, addressKey(ip), 'Too many password resets asked for from this address.');
      await consumeOr429(resetsByAccount, name, 'Too many password resets asked for this account.');
    },
  };
}

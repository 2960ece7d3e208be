import { isIPv4, isIPv6 } from 'node:net';
import type { PrismaClient } from '../generated/prisma/client';
import { AppError } from '../http/errors';
import { type ServerText, type Text, t } from '../i18n/text';
import { postgresLimiter } from './rate-limit-store';

// Sign-in throttling that an attacker cannot turn against users (OWASP ASVS 2.2.1; the "login endpoint
// protection" pattern of rate-limiter-flexible):
// - consecutive failures are counted per (account, address) pair: after 5, that pair waits 15 minutes,
//   doubling with each further lockout within a day (up to a day). The real user at another address is
//   never locked out by someone else's guesses, and a success clears the pair.
// - failures per address across all accounts: 100 a day, then the address waits a day. High enough for
//   a school behind one NAT, low enough to stop password spraying. That wait never applies to an account
//   that signed in correctly from that address in the last 30 days (a known pair, like OWASP's device
//   cookie): someone spraying from a school's shared connection does not lock out its staff, while the
//   pair's own limit above still holds for them.
export const KNOWN_PAIR_SECONDS = 30 * 24 * 60 * 60;
// An account is the user, whichever of login or email was typed; unknown names count by the name.
export const MAX_CONSECUTIVE_FAILURES = 5;
export const FIRST_LOCKOUT_SECONDS = 15 * 60;
export const MAX_LOCKOUT_SECONDS = 24 * 60 * 60;
export const MAX_FAILURES_PER_ADDRESS = 100;
const DAY = 24 * 60 * 60;

/**
 * What an address is counted as: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix, since one
 * subscriber holds a whole /64 and could otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string): string {
  const mapped = ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIPv4(mapped) || !isIPv6(mapped)) return mapped.slice(0, 64);
  const [head, tail = ''] = mapped.split('::');
  const hextets = (part: string) => (part ? part.split(':').flatMap((h) => (h.includes('.') ? ['0', '0'] : [h])) : []);
  const [before, after] = [hextets(head), hextets(tail)];
  const full = [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `${full
    .slice(0, 4)
    .map((h) => Number.parseInt(h, 16).toString(16))
    .join(':')}::/64`;
}

export function lockoutSeconds(lockouts: number): number {
  return Math.min(FIRST_LOCKOUT_SECONDS * 2 ** Math.max(lockouts - 1, 0), MAX_LOCKOUT_SECONDS);
}

/** "15 minutes", "2 hours": how long until the next try. */
function waitText(seconds: number): Text {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return t('1 minute');
  if (minutes < 120) return t('{count} minutes', { count: minutes });
  return t('{count} hours', { count: Math.ceil(minutes / 60) });
}

export function tooManyRequests(message: ServerText, msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError(
    'rate_limited',
    t('{reason} Try again in {wait}.', { reason: t(message), wait: waitText(seconds) }),
    {
      headers: { 'Retry-After': String(seconds) },
    },
  );
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(prisma: PrismaClient) {
  const failsByPair = postgresLimiter(prisma, {
    keyPrefix: 'login_fail_pair',
    points: MAX_CONSECUTIVE_FAILURES,
    duration: DAY,
  });
  const lockoutsByPair = postgresLimiter(prisma, { keyPrefix: 'login_lockouts', points: 1000, duration: DAY });
  const failsByAddress = postgresLimiter(prisma, {
    keyPrefix: 'login_fail_ip',
    points: MAX_FAILURES_PER_ADDRESS,
    duration: DAY,
  });
  const knownPairs = postgresLimiter(prisma, { keyPrefix: 'login_ok_pair', points: 1, duration: KNOWN_PAIR_SECONDS });
  const pairKey = (account: string, address: string) => `${account}|${address}`.slice(0, 200);

  return {
    /**
     * Counts this attempt before the password is checked, so that guesses sent in parallel cannot slip
     * past the limit (the counters are atomic upserts); 429 when the pair or the address is over it.
     * The caller reports the outcome: a success takes the attempt back.
     */
    async begin(account: string, ip: string) {
      const address = addressKey(ip);
      const key = pairKey(account, address);
      const [byPair, byAddress] = await Promise.all([failsByPair.penalty(key), failsByAddress.penalty(address)]);
      if (byPair.consumedPoints > MAX_CONSECUTIVE_FAILURES) {
        throw tooManyRequests('Too many failed sign-in attempts for this account.', byPair.msBeforeNext);
      }
      if (byAddress.consumedPoints > MAX_FAILURES_PER_ADDRESS && !(await knownPairs.get(key))) {
        throw tooManyRequests('Too many failed sign-in attempts from this address.', byAddress.msBeforeNext);
      }
      return {
        async failed(): Promise<void> {
          if (byAddress.consumedPoints >= MAX_FAILURES_PER_ADDRESS) await failsByAddress.block(address, DAY);
          if (byPair.consumedPoints >= MAX_CONSECUTIVE_FAILURES) {
            const lockouts = await lockoutsByPair.penalty(key);
            // block() keeps the counter above the limit until the lockout ends.
            await failsByPair.block(key, lockoutSeconds(lockouts.consumedPoints));
          }
        },
        /** A correct password ends the run of failures (and the growing lockouts) for this pair. */
        async succeeded(): Promise<void> {
          await Promise.all([
            failsByPair.delete(key),
            lockoutsByPair.delete(key),
            failsByAddress.reward(address, 1),
            knownPairs.set(key, 1, KNOWN_PAIR_SECONDS),
          ]);
        },
      };
    },
  };
}

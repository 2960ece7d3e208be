import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_DIGITS } from '../../src/contracts/login';

export const LOGIN_CODE_TTL_MINUTES = 5;
/** Wrong codes tried against one code before it is dead (the account's sign-in throttle also counts them). */
export const LOGIN_CODE_MAX_FAILURES = 5;
export const RESET_TOKEN_TTL_MINUTES = 60;

/** A uniformly random code of LOGIN_CODE_DIGITS digits, leading zeros kept. */
export function newLoginCode(): string {
  return String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0');
}

/**
 * HMAC-SHA-256 keyed with the JWT secret, over the number and the code. Not bcrypt: a 6-digit code
 * has a million values, so a slow hash would not make a stolen row much harder to reverse, while the
 * key (never in the database) makes a dump of LoginCode useless on its own; whoever holds the key can
 * sign tokens anyway. It is also cheap, so wrong guesses cost the server nothing.
 */
export function hashLoginCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`login-code|${phone}|${code}`).digest('hex');
}

export function loginCodeMatches(secret: string, phone: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashLoginCode(secret, phone, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A reset key: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export function newResetKey(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is enough here: the key has 256 random bits, nothing to guess. */
export function hashResetKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

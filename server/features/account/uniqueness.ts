import { type Asker, createExistsThrottle, type ExistsThrottle } from '../../auth/exists-throttle';
import type { PrismaClient } from '../../generated/prisma/client';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';

export const userExists = () =>
  new AppError('conflict', 'Login name already used!', {
    errorKey: 'userexists',
    fieldErrors: [{ field: 'login', message: 'User already exists!' }],
  });
export const emailExists = () =>
  new AppError('conflict', 'Email is already in use!', {
    errorKey: 'emailexists',
    fieldErrors: [{ field: 'email', message: 'Email already exists!' }],
  });

/**
 * Logins kept for the platform (issue 20, finding 8). Logins are unique across the install (sign-in by
 * login needs that), so a centre cannot have one a platform user has; these names answer "already
 * used" to every centre whether or not a platform user holds them, so the answer says nothing about
 * the platform's accounts. `npm run db:create-user` may still give them to ROLE_SYSTEM users.
 */
export const PLATFORM_LOGINS: ReadonlySet<string> = new Set([
  'system',
  'root',
  'platform',
  'levelup',
  'superuser',
  'administrator',
  'postmaster',
  'webmaster',
  'hostmaster',
]);

const throttles = new WeakMap<PrismaClient, ExistsThrottle>();
function throttleFor(prisma: PrismaClient): ExistsThrottle {
  let throttle = throttles.get(prisma);
  if (!throttle) {
    throttle = createExistsThrottle(prisma);
    throttles.set(prisma, throttle);
  }
  return throttle;
}

export interface FreeCheck {
  login?: string;
  email?: string;
  /** The user being edited: their own login and email are free for them. */
  exceptUserId?: number;
  /**
   * The signed-in caller: their "taken" answers are throttled (server/auth/exists-throttle.ts). None for
   * public registration (throttled per address on its own) and the platform's own create-user script.
   */
  asker?: Asker;
  /** The platform's create-user script: the platform logins are allowed. */
  platform?: boolean;
  /** Runs before the "email in use" refusal (after it is counted): tells the address's owner instead. */
  onEmailTaken?: () => Promise<unknown>;
}

/** Friendly refusals before writing; the unique indexes remain the real guard (see uniqueViolation). */
export async function assertLoginAndEmailFree(
  prisma: PrismaClient,
  { login, email, exceptUserId, asker, platform = false, onEmailTaken }: FreeCheck,
): Promise<void> {
  const throttle = asker ? throttleFor(prisma) : undefined;
  if (throttle && asker) await throttle.before(asker);
  const notMe = exceptUserId ? { id: { not: exceptUserId } } : {};
  if (login && !platform && PLATFORM_LOGINS.has(login.toLowerCase())) {
    // Kept for the platform, whether or not it is in use; a user who has it already keeps it.
    const own = exceptUserId ? await prisma.user.count({ where: { id: exceptUserId, login } }) : 0;
    if (!own) throw userExists();
  }
  if (login && (await prisma.user.count({ where: { login, ...notMe } }))) {
    if (throttle && asker) await throttle.taken(asker);
    throw userExists();
  }
  if (email && (await prisma.user.count({ where: { email, ...notMe } }))) {
    if (throttle && asker) await throttle.taken(asker);
    await onEmailTaken?.();
    throw emailExists();
  }
}

/** Maps a unique-index race (two registrations at once) to the same refusal as the check above. */
export function uniqueViolation(error: unknown): AppError | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return undefined;
  const target = JSON.stringify(error.meta ?? {});
  return target.includes('email') ? emailExists() : userExists();
}

// "That login / email is already in use" answers tell whether an account exists, in any centre and on
// the platform (issue 20, finding 8): a centre's admin creating staff, or any user changing their own
// email, could list the logins of the whole install. Such answers are throttled like sign-ins (the
// counters live in the RateLimit table, shared by every instance): per signed-in user (or per
// invitation being accepted, issue 37) and per address. Once over, every check answers 429 before
// looking, so a spent caller learns nothing more.
import type { PrismaClient } from '../generated/prisma/client';
import { addressKey, tooManyRequests } from './login-throttle';
import { postgresLimiter } from './rate-limit-store';

/** "Taken" answers a user may get per hour: plenty for typos and a busy enrolment day. */
export const TAKEN_ANSWERS_PER_USER_PER_HOUR = 20;
/** Across the users of one address (a centre's desks behind one NAT). */
export const TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR = 60;
/** Per family portal invitation being accepted: a guardian tries an address or two, not a list. */
export const TAKEN_ANSWERS_PER_INVITATION_PER_HOUR = 5;
const HOUR = 60 * 60;

/** Who asks whether a login or email is free: the signed-in caller, or the holder of an invitation. */
export interface Asker {
  userId?: number;
  /** A family portal invitation being accepted (public: its key or code is the caller's only name). */
  invitationId?: number;
  /** The caller's IP address (req.ip); unknown when a context was built by hand. */
  address?: string;
}

export type ExistsThrottle = ReturnType<typeof createExistsThrottle>;

export function createExistsThrottle(prisma: PrismaClient) {
  const byUser = postgresLimiter(prisma, {
    keyPrefix: 'exists_user',
    points: TAKEN_ANSWERS_PER_USER_PER_HOUR,
    duration: HOUR,
  });
  const byAddress = postgresLimiter(prisma, {
    keyPrefix: 'exists_ip',
    points: TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR,
    duration: HOUR,
  });
  const byInvitation = postgresLimiter(prisma, {
    keyPrefix: 'exists_invitation',
    points: TAKEN_ANSWERS_PER_INVITATION_PER_HOUR,
    duration: HOUR,
  });
  const who = (asker: Asker) =>
    asker.userId === undefined
      ? { limiter: byInvitation, key: String(asker.invitationId), points: TAKEN_ANSWERS_PER_INVITATION_PER_HOUR }
      : { limiter: byUser, key: String(asker.userId), points: TAKEN_ANSWERS_PER_USER_PER_HOUR };
  const address = (asker: Asker) => addressKey(asker.address ?? 'unknown');
  const refuse = (msBeforeNext: number) =>
    tooManyRequests('Too many checks found a login or email already in use.', msBeforeNext);

  return {
    /** 429 when the asker has had their "taken" answers for the hour; called before looking. */
    async before(asker: Asker): Promise<void> {
      const { limiter, key, points } = who(asker);
      const [mine, theirs] = await Promise.all([limiter.get(key), byAddress.get(address(asker))]);
      if (mine && mine.consumedPoints >= points) throw refuse(mine.msBeforeNext);
      if (theirs && theirs.consumedPoints >= TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR) throw refuse(theirs.msBeforeNext);
    },
    /** Counts one "taken" answer; 429 instead when it is one too many (requests sent in parallel). */
    async taken(asker: Asker): Promise<void> {
      const { limiter, key, points } = who(asker);
      const [mine, theirs] = await Promise.all([limiter.penalty(key), byAddress.penalty(address(asker))]);
      if (mine.consumedPoints > points) throw refuse(mine.msBeforeNext);
      if (theirs.consumedPoints > TAKEN_ANSWERS_PER_ADDRESS_PER_HOUR) throw refuse(theirs.msBeforeNext);
    },
  };
}

// Housekeeping on pg-boss's schedule (issue 20, finding 17): sign-in codes, password reset tokens,
// registrations waiting for their link (issue 37), rate-limit counters and sessions (finding 12) that
// can no longer be used are deleted, so that the tables hold only live secrets
// and do not grow for ever. Daily at 03:17 UTC; a failed run waits for the next day.
import type { PrismaClient } from '../generated/prisma/client';
import { IDEMPOTENCY_KEY_HOURS } from '../http/idempotency';
import type { MessageQueue } from '../messaging/queue';
import { type ScheduledJobs, scheduledJobs } from './scheduled-jobs';

export const HOUSEKEEPING_JOB = 'housekeeping-purge';

export interface Purged {
  loginCodes: number;
  resetTokens: number;
  rateLimits: number;
  sessions: number;
  /** Idempotency-Key rows (server/http/idempotency.ts) older than IDEMPOTENCY_KEY_HOURS. */
  idempotentRequests: number;
  /** Registrations whose link expired or was used (server/features/account/register.ts). */
  pendingRegistrations: number;
}

/** Deletes what expired (or was used) before `now`, in one transaction; returns how many of each. */
export async function purgeExpiredSecrets(prisma: PrismaClient, now = new Date()): Promise<Purged> {
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
  const [loginCodes, resetTokens, rateLimits, sessions, idempotentRequests, pendingRegistrations] =
    await prisma.$transaction([
      prisma.loginCode.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { usedAt: { not: null } }] } }),
      prisma.passwordResetToken.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { usedAt: { not: null } }] } }),
      prisma.rateLimit.deleteMany({ where: { expire: { lt: BigInt(now.getTime()) } } }),
      // Signed out, past its token's lifetime, or from before a password change / sign-out everywhere.
      prisma.$executeRaw`
      DELETE FROM "Session" s USING "User" u
       WHERE s."userId" = u.id
         AND (s."revokedAt" IS NOT NULL OR s."expiresAt" < ${now} OR s."tokenVersion" <> u."tokenVersion")`,
      prisma.idempotentRequest.deleteMany({ where: { createdAt: { lt: keysBefore } } }),
      prisma.pendingRegistration.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { usedAt: { not: null } }] } }),
    ]);
  return {
    loginCodes: loginCodes.count,
    resetTokens: resetTokens.count,
    rateLimits: rateLimits.count,
    sessions,
    idempotentRequests: idempotentRequests.count,
    pendingRegistrations: pendingRegistrations.count,
  };
}

export function startHousekeepingJobs(queue: MessageQueue, prisma: PrismaClient): Promise<ScheduledJobs> {
  return scheduledJobs(
    queue.boss,
    [{ name: HOUSEKEEPING_JOB, cron: '17 3 * * *', run: () => purgeExpiredSecrets(prisma) }],
    { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
    'housekeeping job failed',
  );
}

// A guardian's way into the family portal as the desk sees it (issue 21): which invitations still work
// and the access status shown on the household page. No imports from the household view (it uses this).
import type { TPortalAccess } from '../../../src/contracts/households';
import type { Prisma } from '../../generated/prisma/client';

/** Wrong SMS codes tried against one invitation before it is dead. */
export const INVITATION_MAX_FAILURES = 5;
/** Invitations that still work: not used, not revoked, not expired, not spent by wrong codes. */
export const liveInvitation = (now = new Date()) =>
  ({
    usedAt: null,
    revokedAt: null,
    expiresAt: { gt: now },
    failures: { lt: INVITATION_MAX_FAILURES },
  }) satisfies Prisma.GuardianInvitationWhereInput;

/** What the household view selects of a guardian's portal access. */
export const portalAccessSelect = {
  user: { select: { login: true, activated: true } },
  invitations: {
    orderBy: { id: 'desc' },
    take: 1,
    select: {
      channel: true,
      sentTo: true,
      createdAt: true,
      expiresAt: true,
      usedAt: true,
      revokedAt: true,
      failures: true,
    },
  },
} satisfies Prisma.GuardianSelect;
type AccessRow = Prisma.GuardianGetPayload<{ select: typeof portalAccessSelect }>;

export function toPortalAccess({ user, invitations }: AccessRow, now = new Date()): TPortalAccess {
  const last = invitations[0];
  const live =
    last && !last.usedAt && !last.revokedAt && last.expiresAt > now && last.failures < INVITATION_MAX_FAILURES;
  const status: TPortalAccess['status'] = user?.activated
    ? 'ACTIVE'
    : live
      ? 'INVITED'
      : user
        ? 'ENDED'
        : last && !last.usedAt && !last.revokedAt
          ? 'EXPIRED'
          : 'NONE';
  const shown = status === 'INVITED' || status === 'EXPIRED';
  return {
    status,
    channel: shown ? last.channel : null,
    sentTo: shown ? last.sentTo : null,
    invitedAt: shown ? last.createdAt.toISOString() : null,
    expiresAt: shown ? last.expiresAt.toISOString() : null,
    login: user?.login ?? null,
  };
}

// The desk's side of portal invitations (issue 21): invite a guardian by email (a link) or SMS (a code),
// send again (the earlier invitation stops working), revoke, and end a guardian's portal sign-in.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { INVITATION_DAYS, type TInvitationChannel } from '../../../src/contracts/households';
import { LOGIN_CODE_DIGITS, normalisePhone } from '../../../src/contracts/login';
import { consumeOr429 } from '../../auth/code-throttle';
import { limiterPerClient } from '../../auth/rate-limit-store';
import { revokeSessions } from '../../auth/sessions';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { enqueueMessage, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { recordHouseholdChanges } from './household-audit';
import { assertHouseholdsChangeable, householdsForChange } from './household-sites';
import { getHousehold } from './household-view';
import { invitationEmail, invitationSms } from './invitation-texts';
import { liveInvitation } from './portal-access';

export const ACCEPT_PATH = '/user/accept-invitation';
/** Invitations sent to one guardian per hour (each costs an email or an SMS). */
export const INVITATIONS_PER_GUARDIAN_PER_HOUR = 5;

/** A link key: 32 random bytes, base64url. Only its SHA-256 is stored (nothing to guess in 256 bits). */
export const hashInvitationKey = (key: string) => createHash('sha256').update(`invitation|${key}`).digest('hex');

/** An SMS code's HMAC, keyed with the server's secret, over the phone and the code (as for sign-in codes). */
export const hashInvitationCode = (secret: string, phone: string, code: string) =>
  createHmac('sha256', secret).update(`invitation-code|${phone}|${code}`).digest('hex');

export function invitationCodeMatches(secret: string, phone: string, code: string, stored: string): boolean {
  const given = Buffer.from(hashInvitationCode(secret, phone, code), 'hex');
  const kept = Buffer.from(stored, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

async function guardianOf(
  db: PrismaClient | Prisma.TransactionClient,
  auth: AuthContext,
  id: number,
  guardianId: number,
) {
  const guardian = await db.guardian.findFirst({
    where: { id: guardianId, householdId: id, organisationId: organisationOf(auth) },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      langKey: true,
      allowSms: true,
      userId: true,
      user: { select: { activated: true } },
      organisation: { select: { name: true } },
      household: { select: { students: { select: { firstName: true }, orderBy: { firstName: 'asc' } } } },
    },
  });
  if (!guardian) throw notFound('Guardian', guardianId);
  return guardian;
}

export interface InviteOptions {
  prisma: PrismaClient;
  queue: MessageQueue | undefined;
  jwtSecret: string;
  auth: AuthContext;
  householdId: number;
  guardianId: number;
  channel: TInvitationChannel;
}

const inviteThrottle = limiterPerClient({
  keyPrefix: 'invite_guardian',
  points: INVITATIONS_PER_GUARDIAN_PER_HOUR,
  duration: 60 * 60,
});

/**
 * Sends a new invitation (by email: a link; by SMS, to a guardian who agreed to SMS: a code) and ends
 * the guardian's earlier ones, in one transaction with the message's queue job.
 */
export async function inviteGuardian(options: InviteOptions) {
  const { prisma, queue, jwtSecret, auth, householdId, guardianId, channel } = options;
  // The household's sites first (404 / 403): nothing about its guardian is said to whom it is not theirs.
  await assertHouseholdsChangeable(prisma, auth, [householdId]);
  const guardian = await guardianOf(prisma, auth, householdId, guardianId);
  if (guardian.user?.activated) throw new AppError('conflict', 'This guardian already signs in to the portal');
  const phone = guardian.phone ? normalisePhone(guardian.phone) : undefined;
  if (channel === 'EMAIL' && !guardian.email)
    throw fieldError('channel', 'This guardian has no email: add one, or invite by SMS');
  if (channel === 'SMS') {
    if (!guardian.phone) throw fieldError('channel', 'This guardian has no phone number: add one, or invite by email');
    if (!guardian.allowSms)
      throw fieldError('channel', 'This guardian has not agreed to SMS: record their consent, or invite by email');
    if (!phone) throw fieldError('channel', "This guardian's phone number cannot receive a code: correct it");
  }
  const messages = requireQueue(queue);
  await consumeOr429(inviteThrottle(prisma), `g${guardian.id}`, 'Too many invitations sent to this guardian.');

  const organisationId = organisationOf(auth);
  const lang: 'en-US' | 'zh-CN' = guardian.langKey === 'zh-CN' ? 'zh-CN' : 'en-US';
  const texts = {
    lang,
    centre: guardian.organisation.name,
    name: guardian.name,
    children: guardian.household.students.map((s) => s.firstName),
    days: INVITATION_DAYS,
  };
  const appUrl = messages.config.appUrl ?? 'http://localhost:8000';
  await prisma.$transaction(async (tx) => {
    const before = await householdsForChange(tx, auth, [householdId]);
    const now = new Date();
    await tx.guardianInvitation.updateMany({
      where: { guardianId: guardian.id, ...liveInvitation(now) },
      data: { revokedAt: now },
    });
    const common = {
      organisationId,
      guardianId: guardian.id,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60_000),
      sentById: auth.userId,
    };
    if (channel === 'EMAIL' && guardian.email) {
      const key = randomBytes(32).toString('base64url');
      const link = `${appUrl}${ACCEPT_PATH}?key=${key}`;
      await tx.guardianInvitation.create({
        data: { ...common, channel, sentTo: guardian.email, tokenHash: hashInvitationKey(key) },
      });
      const email = invitationEmail({ ...texts, link });
      await enqueueMessage(tx, messages, {
        organisationId,
        channel: 'EMAIL',
        recipient: guardian.email,
        recipientName: guardian.name,
        template: 'invitation',
        ...email,
        entityType: 'GUARDIAN',
        entityId: guardian.id,
        queuedById: auth.userId,
      });
    } else if (phone) {
      // A code's hash is unique across invitations (the index): draw again on the rare repeat.
      let code = newCode();
      while (await tx.guardianInvitation.count({ where: { tokenHash: hashInvitationCode(jwtSecret, phone, code) } }))
        code = newCode();
      await tx.guardianInvitation.create({
        data: { ...common, channel, sentTo: phone, tokenHash: hashInvitationCode(jwtSecret, phone, code) },
      });
      await enqueueMessage(tx, messages, {
        organisationId,
        channel: 'SMS',
        recipient: phone,
        recipientName: guardian.name,
        template: 'invitation',
        bodyText: invitationSms({ ...texts, code, link: `${appUrl}${ACCEPT_PATH}` }),
        entityType: 'GUARDIAN',
        entityId: guardian.id,
        queuedById: auth.userId,
      });
    }
    await recordHouseholdChanges(tx, auth, before);
  });
  return getHousehold(prisma, auth, householdId);
}

const newCode = () => String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0');

interface GuardianTarget {
  prisma: PrismaClient;
  auth: AuthContext;
  householdId: number;
  guardianId: number;
}

/** Ends the guardian's waiting invitation: its link or code stops working. 409 when none waits. */
export async function revokeInvitation({ prisma, auth, householdId, guardianId }: GuardianTarget) {
  return prisma.$transaction(async (tx) => {
    const before = await householdsForChange(tx, auth, [householdId]);
    const guardian = await guardianOf(tx, auth, householdId, guardianId);
    const now = new Date();
    const { count } = await tx.guardianInvitation.updateMany({
      where: { guardianId: guardian.id, ...liveInvitation(now) },
      data: { revokedAt: now },
    });
    if (!count) throw new AppError('conflict', 'This guardian has no invitation waiting');
    await recordHouseholdChanges(tx, auth, before);
    return getHousehold(tx, auth, householdId);
  });
}

/** Ends a guardian's portal sign-in and its sessions (a new invitation opens it again). */
export async function endPortalAccess({ prisma, auth, householdId, guardianId }: GuardianTarget) {
  return prisma.$transaction(async (tx) => {
    const before = await householdsForChange(tx, auth, [householdId]);
    const guardian = await guardianOf(tx, auth, householdId, guardianId);
    if (!guardian.userId || !guardian.user?.activated)
      throw new AppError('conflict', 'This guardian does not sign in to the portal');
    await closeGuardianSignIn(tx, guardian.id, guardian.userId);
    await recordHouseholdChanges(tx, auth, before);
    return getHousehold(tx, auth, householdId);
  });
}

/** Deactivates the guardian's user (every token of it stops), and ends their invitations. */
export async function closeGuardianSignIn(tx: Prisma.TransactionClient, guardianId: number, userId: number | null) {
  const now = new Date();
  await tx.guardianInvitation.updateMany({ where: { guardianId, ...liveInvitation(now) }, data: { revokedAt: now } });
  if (userId === null) return;
  await tx.user.update({ where: { id: userId }, data: { activated: false, tokenVersion: { increment: 1 } } });
  await revokeSessions(tx, userId);
}

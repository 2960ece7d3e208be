// Accepting an invitation to the family portal (public, issue 21): the link's key or the phone and its
// code prove it; accepting sets the password (a new ROLE_CUSTOMER user, or the guardian's ended one
// opened again), uses the invitation up and signs the guardian in. The account is made and signed in at
// once, so an address already in use is still refused (an email must be unique); but such answers count
// against the invitation and the address (exists-throttle.ts), and the address's owner is told by email
// (issue 37, finding 6), so an invitation is no way to list the install's accounts.
import type { z } from 'zod';
import type { TInvitationView, ZAcceptInvitationBody, ZInvitationProof } from '../../../src/contracts/invitations';
import type { LoginThrottle } from '../../auth/login-throttle';
import { hashPassword } from '../../auth/passwords';
import { revokeSessions, startSession } from '../../auth/sessions';
import type { PrismaClient } from '../../generated/prisma/client';
import { fieldError } from '../../http/errors';
import type { MessageQueue } from '../../messaging/queue';
import { tellAddressOwner } from '../account/email-in-use';
import { assertLoginAndEmailFree, uniqueViolation } from '../account/uniqueness';
import { hashInvitationKey, invitationCodeMatches } from './invitations';
import { INVITATION_MAX_FAILURES, liveInvitation } from './portal-access';

type Proof = z.output<typeof ZInvitationProof>;

const invitationSelect = {
  id: true,
  organisationId: true,
  usedAt: true,
  revokedAt: true,
  expiresAt: true,
  failures: true,
  organisation: { select: { name: true } },
  guardian: {
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      langKey: true,
      user: { select: { id: true, login: true, email: true } },
      household: { select: { students: { select: { firstName: true }, orderBy: { firstName: 'asc' } } } },
    },
  },
} as const;

interface Checked {
  prisma: PrismaClient;
  jwtSecret: string;
  throttle: LoginThrottle;
  address: string;
}

/** The invitation this proof opens, or a 400 on the field at fault (a wrong guess counts as a failed sign-in). */
async function findInvitation({ prisma, jwtSecret, throttle, address }: Checked, proof: Proof) {
  const attempt = await throttle.begin(proof.key ? 'invitation:link' : `invitation:${proof.phone}`, address);
  const refuse = async (field: string, message: Parameters<typeof fieldError>[1]) => {
    await attempt.failed();
    return fieldError(field, message);
  };
  const now = new Date();
  if (proof.key) {
    const found = await prisma.guardianInvitation.findUnique({
      where: { tokenHash: hashInvitationKey(proof.key) },
      select: invitationSelect,
    });
    if (!found) throw await refuse('key', 'This invitation link is not valid: ask the centre for a new one');
    if (found.usedAt) throw await refuse('key', 'This invitation was accepted already: sign in instead');
    if (found.revokedAt) throw await refuse('key', 'This invitation was withdrawn: ask the centre for a new one');
    if (found.expiresAt <= now) throw await refuse('key', 'This invitation has expired: ask the centre for a new one');
    await attempt.succeeded();
    return found;
  }
  const phone = proof.phone ?? '';
  const candidates = await prisma.guardianInvitation.findMany({
    where: { channel: 'SMS', sentTo: phone, ...liveInvitation(now) },
    select: { ...invitationSelect, tokenHash: true },
  });
  const found = candidates.find((c) => invitationCodeMatches(jwtSecret, phone, proof.code ?? '', c.tokenHash));
  if (!found) {
    if (candidates.length)
      await prisma.guardianInvitation.updateMany({
        where: { id: { in: candidates.map((c) => c.id) }, failures: { lt: INVITATION_MAX_FAILURES } },
        data: { failures: { increment: 1 } },
      });
    throw await refuse(
      'code',
      'This code is not right or no longer works: check the SMS, or ask the centre for a new one',
    );
  }
  await attempt.succeeded();
  return found;
}

export async function lookupInvitation(checked: Checked, proof: Proof): Promise<TInvitationView> {
  const found = await findInvitation(checked, proof);
  const { guardian } = found;
  return {
    centre: found.organisation.name,
    guardianName: guardian.name,
    children: guardian.household.students.map((s) => s.firstName),
    email: guardian.user?.email ?? guardian.email,
    login: guardian.user?.login ?? null,
    langKey: guardian.langKey === 'zh-CN' ? 'zh-CN' : 'en-US',
    expiresAt: found.expiresAt.toISOString(),
  };
}

function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { firstName: null, lastName: null };
  return { firstName: parts[0].slice(0, 50), lastName: parts.slice(1).join(' ').slice(0, 50) || null };
}

type AcceptBody = z.output<typeof ZAcceptInvitationBody>;

/**
 * Sets the password and signs in. A guardian without an account chooses a login (and may change the
 * email); one whose access was ended gets the same account back. Two acceptances of one invitation at
 * once: one wins, the other is told it was accepted already.
 */
export async function acceptInvitation(
  checked: Checked & { userAgent: string | undefined; queue: MessageQueue | undefined },
  body: AcceptBody,
) {
  const { prisma, jwtSecret, userAgent, queue } = checked;
  const found = await findInvitation(checked, body);
  const { guardian } = found;
  const existing = guardian.user;
  const login = existing ? undefined : body.login?.toLowerCase();
  const email = existing ? undefined : (body.email ?? guardian.email ?? undefined)?.toLowerCase();
  if (!existing) {
    if (!login) throw fieldError('login', 'Choose a login name for your account');
    if (!email) throw fieldError('email', 'Enter an email for your account (for password resets)');
    await assertLoginAndEmailFree(prisma, {
      login,
      email,
      asker: { invitationId: found.id, address: checked.address },
      onEmailTaken: async () => {
        if (queue)
          await prisma.$transaction((tx) =>
            tellAddressOwner(tx, queue, email, { kind: 'invitation', centre: found.organisation.name }),
          );
      },
    });
  }
  const passwordHash = await hashPassword(body.password); // before the transaction: bcrypt is slow
  try {
    return await prisma.$transaction(async (tx) => {
      const now = new Date();
      const taken = await tx.guardianInvitation.updateMany({
        where: { id: found.id, ...liveInvitation(now) },
        data: { usedAt: now },
      });
      if (!taken.count) throw fieldError('key', 'This invitation was accepted already: sign in instead');
      await tx.guardianInvitation.updateMany({
        where: { guardianId: guardian.id, ...liveInvitation(now) },
        data: { revokedAt: now },
      });
      if (existing) {
        const user = await tx.user.update({
          where: { id: existing.id },
          data: { passwordHash, activated: true, tokenVersion: { increment: 1 } },
          select: { id: true, tokenVersion: true },
        });
        await revokeSessions(tx, user.id);
        return startSession(tx, jwtSecret, user, { rememberMe: false, userAgent });
      }
      const user = await tx.user.create({
        data: {
          login: login as string,
          email: email as string,
          phone: guardian.phone,
          ...splitName(guardian.name),
          passwordHash,
          langKey: guardian.langKey === 'zh-CN' ? 'zh-CN' : 'en-US',
          roles: ['ROLE_CUSTOMER'],
          organisationId: found.organisationId,
        },
        select: { id: true, tokenVersion: true },
      });
      await tx.guardian.update({ where: { id: guardian.id }, data: { userId: user.id } });
      return startSession(tx, jwtSecret, user, { rememberMe: false, userAgent });
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

import type { TUpdateAccountBody } from '../../../src/contracts/account';
import type { Asker } from '../../auth/exists-throttle';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { liveSessions, revokeSessions, startSession } from '../../auth/sessions';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError, fieldError } from '../../http/errors';
import { enqueueMessage, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { accountSelect, toAccount } from './account-view';
import { emailChangedNotice } from './email-changed-notice';
import { assertLoginAndEmailFree, uniqueViolation } from './uniqueness';

export async function getOwnAccount(prisma: PrismaClient, userId: number) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: accountSelect });
  if (!user) throw new AppError('unauthenticated', 'Sign in to continue');
  return toAccount(user);
}

const wrongPassword = () =>
  new AppError('validation', 'The current password is not correct', {
    title: 'Incorrect password',
    fieldErrors: [{ field: 'currentPassword', message: 'Wrong password!' }],
  });

export interface UpdateAccountOptions {
  prisma: PrismaClient;
  queue: MessageQueue | undefined;
  userId: number;
  /** The caller's session: it stays signed in when the email changes, every other one is signed out. */
  sessionId: string | undefined;
  body: TUpdateAccountBody;
  /** The caller: their "email taken" answers are throttled (server/auth/exists-throttle.ts). */
  asker: Asker;
}

/**
 * Own names, email and language. A new email needs the current password (issue 20, finding 11); then
 * the OLD address gets a notice naming the new one masked, and every other session is signed out.
 */
export async function updateOwnAccount({ prisma, queue, userId, sessionId, body, asker }: UpdateAccountOptions) {
  const email = body.email.toLowerCase();
  const current = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passwordHash: true, login: true, firstName: true, langKey: true, organisationId: true },
  });
  const emailChanges = email !== current.email;
  if (emailChanges) {
    if (!body.currentPassword) throw fieldError('currentPassword', 'Enter your current password to change the email');
    if (!(await verifyPassword(body.currentPassword, current.passwordHash))) throw wrongPassword();
    await assertLoginAndEmailFree(prisma, { email, exceptUserId: userId, asker });
  }
  const messages = emailChanges && current.organisationId !== null ? requireQueue(queue) : undefined;
  const user = await prisma
    .$transaction(async (tx) => {
      const saved = await tx.user.update({
        where: { id: userId },
        data: {
          email,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
          langKey: body.langKey,
          // A different language on /profile is a choice: it follows the person to every device.
          ...(body.langKey !== current.langKey ? { languageChosenAt: new Date() } : {}),
        },
        select: accountSelect,
      });
      if (!emailChanges) return saved;
      await revokeSessions(tx, userId, sessionId);
      // The Message table belongs to a centre: the platform's own users (no centre) get no notice.
      if (messages && current.organisationId !== null) {
        const notice = emailChangedNotice(current.langKey, current.firstName || current.login, email);
        await enqueueMessage(tx, messages, {
          organisationId: current.organisationId,
          channel: 'EMAIL',
          recipient: current.email,
          recipientName: current.firstName,
          template: 'email-changed',
          ...notice,
          entityType: 'USER',
          entityId: userId,
          queuedById: userId,
        });
      }
      return saved;
    })
    .catch((error: unknown) => {
      throw uniqueViolation(error) ?? error;
    });
  return toAccount(user);
}

export interface ChangePasswordOptions {
  prisma: PrismaClient;
  jwtSecret: string;
  userId: number;
  currentPassword: string;
  newPassword: string;
  userAgent: string | undefined;
}

/**
 * Sets a new password and bumps tokenVersion, so every token issued before stops working (every
 * session ends); the reply's token opens a new session on this device.
 */
export async function changeOwnPassword({
  prisma,
  jwtSecret,
  userId,
  currentPassword,
  newPassword,
  userAgent,
}: ChangePasswordOptions) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw wrongPassword();
  const passwordHash = await hashPassword(newPassword);
  return prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, tokenVersion: { increment: 1 } },
      select: { id: true, tokenVersion: true },
    });
    await revokeSessions(tx, userId);
    return startSession(tx, jwtSecret, updated, { rememberMe: false, userAgent });
  });
}

/** Sign out everywhere: bumps tokenVersion (every token stops working) and ends every session. */
export async function revokeAllTokens(prisma: PrismaClient, userId: number): Promise<undefined> {
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } }),
    prisma.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } }),
  ]);
  return undefined;
}

/** Sign out on this device: the token's session ends; the token is refused from now on. */
export async function signOut(prisma: PrismaClient, userId: number, sessionId: string | undefined) {
  if (sessionId) {
    await prisma.session.updateMany({
      where: { id: sessionId, userId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
  }
  return undefined;
}

/** The user's signed-in devices, newest activity first; `current` marks the caller's. */
export async function listOwnSessions(prisma: PrismaClient, userId: number, sessionId: string | undefined) {
  const { tokenVersion } = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { tokenVersion: true },
  });
  const rows = await prisma.session.findMany({
    where: liveSessions(userId, tokenVersion),
    select: { id: true, browser: true, os: true, createdAt: true, lastSeenAt: true },
    orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }],
    take: 200,
  });
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === sessionId,
  }));
}

/** Signs one of the user's own devices out; another user's session, or none, is 404 alike. */
export async function revokeOwnSession(prisma: PrismaClient, userId: number, id: string): Promise<undefined> {
  const { count } = await prisma.session.updateMany({
    where: { id, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new AppError('not_found', 'This signed-in device was not found');
  return undefined;
}

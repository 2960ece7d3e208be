import type { TUpdateAccountBody } from '../../../src/contracts/account';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { signToken } from '../../auth/tokens';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { accountSelect, toAccount } from './account-view';
import { assertLoginAndEmailFree, uniqueViolation } from './uniqueness';

export async function getOwnAccount(prisma: PrismaClient, userId: number) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: accountSelect });
  if (!user) throw new AppError('unauthenticated', 'Sign in to continue');
  return toAccount(user);
}

export async function updateOwnAccount(prisma: PrismaClient, userId: number, body: TUpdateAccountBody) {
  const email = body.email.toLowerCase();
  await assertLoginAndEmailFree(prisma, { email, exceptUserId: userId });
  const user = await prisma.user
    .update({
      where: { id: userId },
      data: { email, firstName: body.firstName ?? null, lastName: body.lastName ?? null, langKey: body.langKey },
      select: accountSelect,
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
}

/** Sets a new password and bumps tokenVersion, so every token issued before stops working. */
export async function changeOwnPassword({
  prisma,
  jwtSecret,
  userId,
  currentPassword,
  newPassword,
}: ChangePasswordOptions) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new AppError('validation', 'The current password is not correct', {
      title: 'Incorrect password',
      fieldErrors: [{ field: 'currentPassword', message: 'Wrong password!' }],
    });
  }
  const updated = await prisma.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(newPassword), tokenVersion: { increment: 1 } },
    select: { id: true, tokenVersion: true },
  });
  return { id_token: signToken(jwtSecret, { userId: updated.id, tokenVersion: updated.tokenVersion }, false) };
}

export async function revokeAllTokens(prisma: PrismaClient, userId: number): Promise<undefined> {
  await prisma.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });
  return undefined;
}

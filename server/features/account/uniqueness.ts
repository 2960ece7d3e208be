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

/** Friendly refusals before writing; the unique indexes remain the real guard (see uniqueViolation). */
export async function assertLoginAndEmailFree(
  prisma: PrismaClient,
  { login, email, exceptUserId }: { login?: string; email?: string; exceptUserId?: number },
): Promise<void> {
  const notMe = exceptUserId ? { id: { not: exceptUserId } } : {};
  if (login && (await prisma.user.count({ where: { login, ...notMe } }))) throw userExists();
  if (email && (await prisma.user.count({ where: { email, ...notMe } }))) throw emailExists();
}

/** Maps a unique-index race (two registrations at once) to the same refusal as the check above. */
export function uniqueViolation(error: unknown): AppError | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return undefined;
  const target = JSON.stringify(error.meta ?? {});
  return target.includes('email') ? emailExists() : userExists();
}

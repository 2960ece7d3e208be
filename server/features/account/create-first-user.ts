import { ZEmail, ZLogin, ZPassword } from '../../../src/contracts/account';
import { z } from '../../../src/contracts/z';
import { hashPassword } from '../../auth/passwords';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { t, textList } from '../../i18n/text';
import { defaultLocationId } from '../locations/default-location';
import { assertLoginAndEmailFree, uniqueViolation } from './uniqueness';

export const ZFirstUser = z.discriminatedUnion('role', [
  z.object({ role: z.literal('ROLE_SYSTEM'), login: ZLogin, email: ZEmail, password: ZPassword }),
  z.object({
    role: z.literal('ROLE_ADMIN'),
    login: ZLogin,
    email: ZEmail,
    password: ZPassword,
    organisation: z.string().trim().min(2, 'Centre name must be at least 2 characters').max(200),
  }),
]);
export type TFirstUser = z.input<typeof ZFirstUser>;

/**
 * A production install has no default password: the platform's ROLE_SYSTEM user, or a centre with its
 * first admin, is made by this operation (`npm run db:create-user`). Both rows or neither.
 */
export async function createFirstUser(prisma: PrismaClient, input: TFirstUser) {
  const parsed = ZFirstUser.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: { issue } }));
    const summary = fieldErrors.map((f) => t('{field}: {message}', { field: f.field, message: f.message }));
    throw new AppError('validation', textList(summary), { fieldErrors });
  }
  const user = parsed.data;
  const login = user.login.toLowerCase();
  const email = user.email.toLowerCase();
  await assertLoginAndEmailFree(prisma, { login, email, platform: user.role === 'ROLE_SYSTEM' });
  const passwordHash = await hashPassword(user.password);
  return prisma
    .$transaction(async (tx) => {
      const organisationId =
        user.role === 'ROLE_ADMIN' ? (await tx.organisation.create({ data: { name: user.organisation } })).id : null;
      // A new centre's first location, named after it (issue 23).
      if (organisationId !== null) await defaultLocationId(tx, organisationId);
      return tx.user.create({
        data: { login, email, passwordHash, roles: [user.role], organisationId },
        select: { id: true, login: true, organisationId: true },
      });
    })
    .catch((error: unknown) => {
      throw uniqueViolation(error) ?? error;
    });
}

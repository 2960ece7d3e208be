import type { TRegisterBody } from '../../../src/contracts/account';
import { hashPassword } from '../../auth/passwords';
import type { PrismaClient } from '../../generated/prisma/client';
import { assertLoginAndEmailFree, uniqueViolation } from './uniqueness';

/** Creates a tutoring centre and its first admin, both or neither. */
export async function registerOrganisation(prisma: PrismaClient, body: TRegisterBody) {
  const login = body.login.toLowerCase();
  const email = body.email.toLowerCase();
  await assertLoginAndEmailFree(prisma, { login, email });
  const passwordHash = await hashPassword(body.password);
  const created = prisma.$transaction(async (tx) => {
    const organisation = await tx.organisation.create({ data: { name: body.organisationName } });
    return tx.user.create({
      data: {
        login,
        email,
        passwordHash,
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        langKey: body.langKey,
        roles: ['ROLE_ADMIN'],
        organisationId: organisation.id,
      },
      select: { id: true, login: true },
    });
  });
  return created.catch((error: unknown) => {
    throw uniqueViolation(error) ?? error;
  });
}

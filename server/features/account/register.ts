import type { z } from 'zod';
import type { ZRegisterBody } from '../../../src/contracts/account';
import { hashPassword } from '../../auth/passwords';
import { startSession } from '../../auth/sessions';
import type { PrismaClient } from '../../generated/prisma/client';
import { defaultLocationId } from '../locations/default-location';
import { assertLoginAndEmailFree, uniqueViolation } from './uniqueness';

/**
 * Creates a tutoring centre (with its time zone and currency) and its first admin, both or neither,
 * and signs the admin in: the reply carries the same token a sign-in would.
 */
export async function registerOrganisation(
  prisma: PrismaClient,
  jwtSecret: string,
  body: z.output<typeof ZRegisterBody>,
  userAgent: string | undefined,
) {
  const login = body.login.toLowerCase();
  const email = body.email.toLowerCase();
  await assertLoginAndEmailFree(prisma, { login, email });
  const passwordHash = await hashPassword(body.password);
  const created = await prisma
    .$transaction(async (tx) => {
      const organisation = await tx.organisation.create({
        data: { name: body.organisationName, timeZone: body.timeZone, currency: body.currency },
      });
      // The centre's first location, named after it (issue 23): more are added on the Locations page.
      await defaultLocationId(tx, organisation.id);
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
        select: { id: true, login: true, tokenVersion: true },
      });
    })
    .catch((error: unknown) => {
      throw uniqueViolation(error) ?? error;
    });
  const { id_token } = await startSession(prisma, jwtSecret, created, { rememberMe: false, userAgent });
  return { id: created.id, login: created.login, id_token };
}

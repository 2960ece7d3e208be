import request from 'supertest';
import { hashPassword } from '../../server/auth/passwords';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { hasRight, type Role, type RouteRight } from '../../src/contracts/permissions';
import type { TestContext } from './test-app';

export const TEST_PASSWORD = 'correct-horse-battery';
let sequence = 0;

export async function createCentre(prisma: PrismaClient, name = `Centre ${++sequence}`) {
  return prisma.organisation.create({ data: { name } });
}

export async function createUser(
  prisma: PrismaClient,
  { role, organisationId, login }: { role: Role; organisationId: number | null; login?: string },
) {
  const name = login ?? `${role.slice(5).toLowerCase()}${++sequence}`;
  return prisma.user.create({
    data: {
      login: name,
      email: `${name}@example.test`,
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstName: 'Test',
      lastName: role,
      roles: [role],
      organisationId,
    },
  });
}

export async function signIn(ctx: TestContext, login: string, password = TEST_PASSWORD): Promise<string> {
  const res = await request(ctx.app).post('/api/authenticate').send({ username: login, password });
  if (res.status !== 200) throw new Error(`sign-in as ${login} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id_token as string;
}

/** A centre with one user of each centre role, plus a system user, each with a token. */
export async function createCentreWithStaff(ctx: TestContext) {
  const centre = await createCentre(ctx.prisma);
  const admin = await createUser(ctx.prisma, { role: 'ROLE_ADMIN', organisationId: centre.id });
  const operator = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId: centre.id });
  const teacher = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId: centre.id });
  const system = await createUser(ctx.prisma, { role: 'ROLE_SYSTEM', organisationId: null });
  const tokens = {
    admin: await signIn(ctx, admin.login),
    operator: await signIn(ctx, operator.login),
    teacher: await signIn(ctx, teacher.login),
    system: await signIn(ctx, system.login),
  };
  return { centre, admin, operator, teacher, system, tokens };
}

/**
 * The token of `staff` that holds `right`, so that a request reaches validation: staff first, then a
 * teacher's own routes (a right no staff role holds), a guardian's portal, then the platform's.
 */
export function tokenWithRight(
  staff: Awaited<ReturnType<typeof createCentreWithStaff>> & { tokens: { customer?: string } },
  right: RouteRight,
): string {
  if (hasRight(['ROLE_ADMIN', 'ROLE_OPERATOR'], right)) return staff.tokens.admin;
  if (hasRight(['ROLE_TEACHER'], right)) return staff.tokens.teacher;
  // A guardian's portal (when the test made one: tests/support/portal-factories.ts).
  if (staff.tokens.customer && hasRight(['ROLE_CUSTOMER'], right)) return staff.tokens.customer;
  return staff.tokens.system;
}

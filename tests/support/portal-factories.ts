// The family portal's test setup (issue 21): a guardian of a household who signs in (ROLE_CUSTOMER),
// made directly (the invitation flow is the desk's, tested on its own).
import { callerWith } from './course-factories';
import { createUser, signIn } from './factories';
import { createHousehold } from './household-factories';
import type { TestContext } from './test-app';

/** A ROLE_CUSTOMER user of the centre linked as a guardian of `householdId`, signed in. */
export async function createGuardianUser(
  ctx: TestContext,
  organisationId: number,
  householdId: number,
  { name = 'Mei Lee' }: { name?: string } = {},
) {
  const user = await createUser(ctx.prisma, { role: 'ROLE_CUSTOMER', organisationId });
  const guardian = await ctx.prisma.guardian.create({
    data: { organisationId, householdId, name, email: user.email, userId: user.id },
  });
  const token = await signIn(ctx, user.login);
  return { user, guardian, token, caller: callerWith(ctx.app, token) };
}

/**
 * `staff` with a guardian's token of its centre (a household of one child), so that tokenWithRight
 * reaches the portal's endpoints (portal:own) as the guardian who holds the right.
 */
export async function withGuardianToken<S extends { centre: { id: number }; tokens: object }>(
  ctx: TestContext,
  staff: S,
) {
  const household = await createHousehold(ctx.prisma, staff.centre.id);
  const { token } = await createGuardianUser(ctx, staff.centre.id, household.id);
  return { ...staff, tokens: { ...staff.tokens, customer: token } };
}

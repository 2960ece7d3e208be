// The family portal's test setup (issue 21): a guardian of a household who signs in (ROLE_CUSTOMER),
// made directly (the invitation flow is the desk's, tested on its own).
import { callerWith } from './course-factories';
import { createUser, signIn } from './factories';
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

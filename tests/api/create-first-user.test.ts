import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstUser } from '../../server/features/account/create-first-user';
import { signIn } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('createFirstUser (npm run db:create-user)', () => {
  it('creates the platform user with no organisation, who can sign in', async () => {
    const user = await createFirstUser(ctx.prisma, {
      role: 'ROLE_SYSTEM',
      login: 'Platform',
      email: 'ops@levelup.test',
      password: 'platform-pass-1',
    });
    expect(user).toMatchObject({ login: 'platform', organisationId: null });
    expect(await signIn(ctx, 'platform', 'platform-pass-1')).toBeTruthy();
  });

  it('creates a centre with its first admin', async () => {
    const user = await createFirstUser(ctx.prisma, {
      role: 'ROLE_ADMIN',
      login: 'owner',
      email: 'owner@maple.test',
      password: 'owner-pass-12',
      organisation: 'Maple Tutoring',
    });
    const centre = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: user.organisationId ?? -1 } });
    expect(centre.name).toBe('Maple Tutoring');
  });

  it('refuses a short password, a taken login and a missing centre name, writing nothing', async () => {
    const before = [await ctx.prisma.user.count(), await ctx.prisma.organisation.count()];
    await expect(
      createFirstUser(ctx.prisma, { role: 'ROLE_SYSTEM', login: 'ops2', email: 'ops2@x.test', password: 'short' }),
    ).rejects.toThrow(/password: Password must be at least 8 characters/);
    await expect(
      createFirstUser(ctx.prisma, {
        role: 'ROLE_ADMIN',
        login: 'OWNER',
        email: 'new@x.test',
        password: 'long-enough-1',
        organisation: 'Another',
      }),
    ).rejects.toMatchObject({ options: { errorKey: 'userexists' } });
    await expect(
      createFirstUser(ctx.prisma, {
        role: 'ROLE_ADMIN',
        login: 'third',
        email: 'third@x.test',
        password: 'long-enough-1',
      } as never),
    ).rejects.toThrow(/organisation/);
    expect([await ctx.prisma.user.count(), await ctx.prisma.organisation.count()]).toEqual(before);
  });
});

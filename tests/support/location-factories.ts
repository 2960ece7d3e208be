import type { PrismaClient } from '../../server/generated/prisma/client';
import { createUser, signIn } from './factories';
import type { TestContext } from './test-app';

let sequence = 0;

/** A location of `organisationId` with rooms (name and seats each); returns both. */
export async function createLocation(
  prisma: PrismaClient,
  organisationId: number,
  { name, address, rooms = [] }: { name?: string; address?: string; rooms?: { name: string; capacity: number }[] } = {},
) {
  const location = await prisma.location.create({
    data: { organisationId, name: name ?? `Site ${++sequence}`, address: address ?? `${sequence} Main Street` },
  });
  const made = [];
  for (const room of rooms) made.push(await prisma.room.create({ data: { locationId: location.id, ...room } }));
  return { location, rooms: made };
}

/** Limits a staff login to locations (UserLocation rows); an empty list lifts the limit. */
export async function limitToSites(prisma: PrismaClient, userId: number, locationIds: number[]) {
  await prisma.userLocation.deleteMany({ where: { userId } });
  if (locationIds.length)
    await prisma.userLocation.createMany({ data: locationIds.map((locationId) => ({ userId, locationId })) });
}

/** An operator of the centre limited to `locationIds`, signed in (the limit is read on every request). */
export async function createSiteOperator(ctx: TestContext, organisationId: number, locationIds: number[]) {
  const user = await createUser(ctx.prisma, { role: 'ROLE_OPERATOR', organisationId });
  await limitToSites(ctx.prisma, user.id, locationIds);
  return { user, token: await signIn(ctx, user.login) };
}

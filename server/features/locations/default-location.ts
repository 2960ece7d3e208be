import type { Prisma } from '../../generated/prisma/client';

/**
 * The centre's default location: its first active one (by id). A centre made before any location
 * existed (a test's factory, a centre registered by an older build) gets one named after itself, so
 * every class and student can always be given a location.
 */
export async function defaultLocationId(db: Prisma.TransactionClient, organisationId: number): Promise<number> {
  const found = await db.location.findFirst({
    where: { organisationId, active: true },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  if (found) return found.id;
  const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO "Location" ("organisationId", name, "updatedAt")
    SELECT o.id, LEFT(o.name, 100), now() FROM "Organisation" o WHERE o.id = ${organisationId}
    ON CONFLICT ("organisationId", name) DO UPDATE SET active = true
    RETURNING id`;
  return rows[0].id;
}

// The travel time a teacher needs between classes at two locations (issue 23): a centre setting,
// changed by admins and audited like the lesson policy (ORGANISATION UPDATE).
import type { TLocationSettings } from '../../../src/contracts/locations';
import { recordAudit } from '../../audit/record-audit';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';

const select = { travelMinutes: true } as const;

export async function locationSettings(prisma: PrismaClient, auth: AuthContext): Promise<TLocationSettings> {
  return prisma.organisation.findUniqueOrThrow({ where: { id: organisationOf(auth) }, select });
}

export async function saveLocationSettings(prisma: PrismaClient, auth: AuthContext, body: TLocationSettings) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Organisation" WHERE "id" = ${organisationId} FOR NO KEY UPDATE`;
    const before = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId }, select });
    const after = await tx.organisation.update({
      where: { id: organisationId },
      data: { travelMinutes: body.travelMinutes },
      select,
    });
    await recordAudit(tx, auth, [
      {
        entity: 'ORGANISATION',
        entityId: organisationId,
        action: 'UPDATE',
        before: { ...before },
        after: { ...after },
      },
    ]);
    return after;
  });
}

import { recordAudit } from '../../audit/record-audit';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';

/** Sets the centre's low-balance threshold and audits the change, in one transaction. */
export async function setLowBalanceThreshold(prisma: PrismaClient, auth: AuthContext, amount: string) {
  const organisationId = organisationOf(auth);
  const lowBalanceThreshold = new Prisma.Decimal(amount);
  return prisma.$transaction(async (tx) => {
    // The row lock orders concurrent changes, so each audit row's "before" is what it replaced.
    await tx.$queryRaw`SELECT id FROM "Organisation" WHERE id = ${organisationId} FOR NO KEY UPDATE`;
    const before = await tx.organisation.findUniqueOrThrow({
      where: { id: organisationId },
      select: { lowBalanceThreshold: true },
    });
    const after = await tx.organisation.update({
      where: { id: organisationId },
      data: { lowBalanceThreshold },
      select: { lowBalanceThreshold: true },
    });
    await recordAudit(tx, auth, [
      { entity: 'ORGANISATION', entityId: organisationId, action: 'UPDATE', before, after },
    ]);
    return { lowBalanceThreshold: after.lowBalanceThreshold.toFixed(2) };
  });
}

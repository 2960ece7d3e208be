import type { z } from 'zod';
import type { ZGuardianBody } from '../../../src/contracts/households';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { notFound, organisationOf } from '../../http/tenancy';
import { recordHouseholdChanges } from './household-audit';
import { householdsForChange } from './household-sites';
import { getHousehold } from './household-view';
import { closeGuardianSignIn } from './invitations';

type GuardianInput = z.output<typeof ZGuardianBody>;

/** SMS consent as the desk records it: given now (when newly allowed), kept while allowed, cleared when withdrawn. */
function consent(
  input: GuardianInput,
  auth: AuthContext,
  before?: { allowSms: boolean; smsConsentAt: Date | null; smsConsentSource: string | null },
) {
  if (!input.allowSms) return { smsConsentAt: null, smsConsentSource: null };
  if (before?.allowSms) return { smsConsentAt: before.smsConsentAt, smsConsentSource: before.smsConsentSource };
  return { smsConsentAt: new Date(), smsConsentSource: `desk (${auth.login})` };
}

/** Runs a change of household `id`'s guardians in a transaction: checked (sites), locked, audited. */
async function guardianChange<T>(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  change: (tx: Prisma.TransactionClient) => Promise<T>,
) {
  return prisma.$transaction(async (tx) => {
    const before = await householdsForChange(tx, auth, [id]);
    await change(tx);
    await recordHouseholdChanges(tx, auth, before);
    return getHousehold(tx, auth, id);
  });
}

export async function addGuardian(prisma: PrismaClient, auth: AuthContext, id: number, input: GuardianInput) {
  return guardianChange(prisma, auth, id, (tx) =>
    tx.guardian.create({
      data: { ...input, ...consent(input, auth), householdId: id, organisationId: organisationOf(auth) },
    }),
  );
}

export async function updateGuardian(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  guardianId: number,
  input: GuardianInput,
) {
  return guardianChange(prisma, auth, id, async (tx) => {
    const where = { id: guardianId, householdId: id, organisationId: organisationOf(auth) };
    const before = await tx.guardian.findFirst({
      where,
      select: { allowSms: true, smsConsentAt: true, smsConsentSource: true },
    });
    if (!before) throw notFound('Guardian', guardianId);
    await tx.guardian.updateMany({ where, data: { ...input, ...consent(input, auth, before) } });
  });
}

/** Removes the guardian; their portal sign-in, if any, ends with them (the user stays, deactivated, for the records it wrote). */
export async function removeGuardian(prisma: PrismaClient, auth: AuthContext, id: number, guardianId: number) {
  return guardianChange(prisma, auth, id, async (tx) => {
    const guardian = await tx.guardian.findFirst({
      where: { id: guardianId, householdId: id, organisationId: organisationOf(auth) },
      select: { id: true, userId: true },
    });
    if (!guardian) throw notFound('Guardian', guardianId);
    await closeGuardianSignIn(tx, guardian.id, guardian.userId);
    await tx.guardian.delete({ where: { id: guardian.id } });
  });
}

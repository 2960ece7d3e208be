import type { PrismaClient } from '../../server/generated/prisma/client';
import { createStudentRecord } from './student-factories';

/** A household of the centre holding the given students (created when not given), as the desk would have it. */
export async function createHousehold(
  prisma: PrismaClient,
  organisationId: number,
  { name = 'Lee', studentIds }: { name?: string; studentIds?: number[] } = {},
) {
  const ids = studentIds ?? [(await createStudentRecord(prisma, organisationId, { lastName: name })).id];
  const household = await prisma.household.create({ data: { organisationId, name } });
  await prisma.student.updateMany({ where: { id: { in: ids } }, data: { householdId: household.id } });
  return { ...household, studentIds: ids };
}

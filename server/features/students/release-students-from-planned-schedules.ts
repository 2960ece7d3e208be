import type { Prisma } from '../../generated/prisma/client';

/**
 * Deactivating a student unbinds them from PLANNED schedules (DECISIONS.md, Schedules). Schedules do
 * not exist yet: the schedules issue completes this function; it already runs inside the same
 * transaction as the deactivation, so it can also report students it must leave active.
 * Returns the ids it could not release, with a reason (none yet).
 */
export async function releaseStudentsFromPlannedSchedules(
  _tx: Prisma.TransactionClient,
  _studentIds: number[],
): Promise<{ id: number; reason: string }[]> {
  return [];
}

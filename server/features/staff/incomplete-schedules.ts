import type { Prisma } from '../../generated/prisma/client';

/**
 * Refuses to delete a teacher who still has incomplete (PLANNED) schedules (DECISIONS.md
 * "Schedules"). Schedules do not exist yet, so for now it allows everything: the schedules issue
 * completes it with a count of the teacher's PLANNED schedules and a 409 naming them.
 */
export async function assertNoIncompleteSchedules(_tx: Prisma.TransactionClient, _teacherId: number): Promise<void> {}

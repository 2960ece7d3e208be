import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';

type Tx = Prisma.TransactionClient;

/** Advisory lock namespace of a centre's payroll (conflicts.ts uses 7001 and 7002). */
const PAYROLL_LOCKS = 7010;

/**
 * A close holds the centre's payroll lock exclusively for its whole transaction; every class change
 * holds it shared from its payroll sync to its commit. So a close sees every class change that has
 * passed its sync committed, and a change that syncs after the close began sees the closed period.
 */
export async function lockPayrollForClose(tx: Tx, organisationId: number) {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${PAYROLL_LOCKS}::int, ${organisationId}::int)) l`;
}

/**
 * The shared side, taken without waiting: a class change already holds its class rows, which the
 * close's lines reference, so waiting here could deadlock with a close; during a close (a second or
 * so) a change is refused with a 409 and can simply be retried.
 */
export async function lockPayrollForClassChange(tx: Tx, organisationId: number) {
  const [row] = await tx.$queryRaw<{ locked: boolean }[]>`
    SELECT pg_try_advisory_xact_lock_shared(${PAYROLL_LOCKS}::int, ${organisationId}::int) AS locked`;
  if (!row?.locked) {
    throw new AppError('conflict', 'A pay period is being closed right now: try again in a moment');
  }
}

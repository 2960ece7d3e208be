import type { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';

type Tx = Prisma.TransactionClient;

/**
 * Called at the end of every transaction that changes classes (confirm, reopen, attendance, edit,
 * move, cancel), with the ids of the classes it touched. For each class of a CLOSED pay period
 * (it has a PayrollLine, or its teacher start falls in a closed month): when what it pays now
 * (teacher pay if COMPLETED, else 0) differs from what was paid for it so far (its line + its
 * adjustments), it requires `payroll:close` (403 otherwise: the transaction rolls back) and posts a
 * PayrollAdjustment of the difference to the next open month. Classes of open months: nothing.
 *
 * Placeholder until the payroll close work lands (it writes the body); its signature is fixed.
 */
export async function syncPayrollAdjustments(_tx: Tx, _auth: AuthContext, _scheduleIds: readonly number[]) {
  return;
}

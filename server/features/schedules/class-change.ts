import { recordAudit } from '../../audit/record-audit';
import type { AuditAction, Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { syncPayrollAdjustments } from '../payroll/payroll-sync';
import { type ChargeReason, syncClassCharges } from '../vouchers/class-charges';
import { classSnapshot, type RevisionRow, revisionSelect } from './schedule-revisions';

type Tx = Prisma.TransactionClient;

/** The classes as they are now (the "before" of a change), with everything money is computed from. */
export function classesNow(tx: Tx, ids: readonly number[]): Promise<RevisionRow[]> {
  return tx.schedule.findMany({ where: { id: { in: [...ids] } }, select: revisionSelect, orderBy: { id: 'asc' } });
}

/**
 * Locks a class's row for the rest of the transaction, so two confirmations (or a confirmation and an
 * edit) of one class run one after the other and the second sees what the first wrote.
 */
export async function lockClass(tx: Tx, id: number, organisationId: number) {
  await tx.$queryRaw`SELECT "id" FROM "Schedule" WHERE "id" = ${id} AND "organisationId" = ${organisationId} FOR UPDATE`;
}

/**
 * What every change to classes does last, in its transaction: the audit event of each class (values
 * before and after), the voucher charges brought in line with the classes (reversal and new charge
 * where the amount due moved) and the payroll adjustments of classes of a closed pay period (refused
 * for a non-admin: the whole change rolls back).
 */
export async function afterClassChange(
  tx: Tx,
  auth: AuthContext,
  change: { action: AuditAction; before: readonly RevisionRow[]; ids?: readonly number[]; reason: ChargeReason },
) {
  const ids = [...new Set([...(change.ids ?? []), ...change.before.map((row) => row.id)])];
  if (!ids.length) return;
  const after = await classesNow(tx, ids);
  const byId = new Map(change.before.map((row) => [row.id, row]));
  await recordAudit(
    tx,
    auth,
    after.map((row) => {
      const was = byId.get(row.id);
      return {
        entity: 'SCHEDULE' as const,
        entityId: row.id,
        action: was ? change.action : 'CREATE',
        before: was ? classSnapshot(was) : null,
        after: classSnapshot(row),
      };
    }),
  );
  await syncClassCharges(tx, auth.userId, ids, change.reason);
  await syncPayrollAdjustments(tx, auth, ids);
}

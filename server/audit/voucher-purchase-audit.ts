import type { TVoucherPurchase } from '../../src/contracts/vouchers';
import type { Prisma } from '../generated/prisma/client';
import type { AuthContext } from '../http/context';
import { recordAudit } from './record-audit';
import { voucherPurchaseSnapshot } from './snapshots';

/** Records a new voucher purchase (in its transaction) and hands the purchase back. */
export async function auditPurchaseCreated(
  tx: Prisma.TransactionClient,
  auth: AuthContext,
  purchase: TVoucherPurchase,
) {
  await recordAudit(tx, auth, [
    {
      entity: 'VOUCHER_PURCHASE',
      entityId: purchase.id,
      action: 'CREATE',
      before: null,
      after: voucherPurchaseSnapshot(purchase),
    },
  ]);
  return purchase;
}

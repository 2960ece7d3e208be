import type { z } from 'zod';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE, type ZVoucherPurchaseBody } from '../../../src/contracts/vouchers';
import { auditPurchaseCreated } from '../../audit/voucher-purchase-audit';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { isoDate, toDbDate } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import { appendLedgerEntries, balanceAfter, type LedgerDraft, type LockedStudent, lockStudentBalance } from './ledger';
import { toVoucherPurchase, type VoucherPurchaseRow, voucherPurchaseSelect } from './voucher-view';

type Body = z.output<typeof ZVoucherPurchaseBody>;
type Tx = Prisma.TransactionClient;
const { Decimal } = Prisma;

/** The ledger entries of a desk entry (signs: see ZVoucherPurchaseBody). */
function draftsOf(body: Pick<Body, 'type' | 'voucherAmount' | 'giftAmount'>, entryDate: Date): LedgerDraft[] {
  const voucher = new Decimal(body.voucherAmount);
  const gift = new Decimal(body.giftAmount);
  if (body.type === 'REFUND') return [{ kind: 'REFUND', amount: voucher.negated(), entryDate }];
  if (body.type === 'ADJUSTMENT') return [{ kind: 'ADJUSTMENT', amount: voucher, entryDate }];
  const drafts: LedgerDraft[] = [];
  if (voucher.gt(0)) drafts.push({ kind: 'PURCHASE', amount: voucher, entryDate });
  if (gift.gt(0)) drafts.push({ kind: 'GIFT', amount: gift, entryDate });
  return drafts;
}

/** The purchase already made with this key: the same request replayed, or a 409 for a different one. */
function replay(existing: VoucherPurchaseRow, body: Body) {
  const same =
    existing.studentId === body.studentId &&
    existing.type === body.type &&
    isoDate(existing.purchaseDate) === body.purchaseDate &&
    existing.voucherAmount.equals(body.voucherAmount) &&
    existing.giftAmount.equals(body.giftAmount) &&
    existing.paymentMethod === body.paymentMethod &&
    existing.comments === body.comments;
  if (!same) {
    throw new AppError('conflict', IDEMPOTENCY_KEY_REUSED_MESSAGE, {
      errorKey: 'idempotencykeyreused',
      fieldErrors: [{ field: 'idempotencyKey', message: IDEMPOTENCY_KEY_REUSED_MESSAGE }],
    });
  }
  return toVoucherPurchase(existing);
}

const byKey = (db: Tx | PrismaClient, organisationId: number, idempotencyKey: string) =>
  db.voucherPurchase.findUnique({
    where: { organisationId_idempotencyKey: { organisationId, idempotencyKey } },
    select: voucherPurchaseSelect,
  });

/**
 * Writes the purchase row and its ledger entries after the locked balance, in the caller's
 * transaction (the caller holds the student's lock and has checked the key). The desk's route and
 * the demo seed both post purchases through here.
 */
export async function postVoucherPurchase(
  tx: Tx,
  locked: LockedStudent,
  userId: number,
  body: Pick<
    Body,
    | 'studentId'
    | 'type'
    | 'purchaseDate'
    | 'voucherAmount'
    | 'giftAmount'
    | 'paymentMethod'
    | 'comments'
    | 'idempotencyKey'
  >,
): Promise<VoucherPurchaseRow> {
  const purchaseDate = toDbDate(body.purchaseDate) as Date;
  const drafts = draftsOf(body, purchaseDate);
  const purchase = await tx.voucherPurchase.create({
    data: {
      organisationId: locked.organisationId,
      studentId: body.studentId,
      type: body.type,
      purchaseDate,
      voucherAmount: body.voucherAmount,
      giftAmount: body.giftAmount,
      paymentMethod: body.paymentMethod,
      comments: body.comments,
      enteredById: userId,
      idempotencyKey: body.idempotencyKey,
      balanceAfter: balanceAfter(locked.balance, drafts),
    },
    select: voucherPurchaseSelect,
  });
  await appendLedgerEntries(
    tx,
    locked,
    userId,
    drafts.map((draft) => ({ ...draft, purchaseId: purchase.id })),
  );
  return purchase;
}

/**
 * Records a purchase, refund or adjustment and its ledger entries in one transaction, under the
 * student's row lock. Idempotent per (centre, idempotencyKey): a retry returns the first purchase and
 * writes nothing; a concurrent twin waits on the lock (same student) or loses on the unique key.
 */
export async function createVoucherPurchase(prisma: PrismaClient, auth: AuthContext, body: Body) {
  const organisationId = organisationOf(auth);
  const earlier = await byKey(prisma, organisationId, body.idempotencyKey);
  if (earlier) return replay(earlier, body);
  try {
    return await prisma.$transaction(
      async (tx) => {
        const locked = await lockStudentBalance(tx, organisationId, body.studentId);
        const twin = await byKey(tx, organisationId, body.idempotencyKey);
        if (twin) return replay(twin, body);
        const purchase = await postVoucherPurchase(tx, locked, auth.userId, body);
        return auditPurchaseCreated(tx, auth, toVoucherPurchase(purchase));
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    // The same key committed by a concurrent request (for another student: no shared lock).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const winner = await byKey(prisma, organisationId, body.idempotencyKey);
      if (winner) return replay(winner, body);
    }
    throw error;
  }
}

import type { z } from 'zod';
import { AMOUNT_MAX } from '../../../src/contracts/common';
import { hasRight } from '../../../src/contracts/permissions';
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  NO_USUAL_RATE_MESSAGE,
  REFUND_BEYOND_BALANCE_ADMIN_MESSAGE,
  REFUND_BEYOND_BALANCE_KEY,
  REFUND_BEYOND_BALANCE_MESSAGE,
  type TVoucherPurchaseCreated,
  type ZVoucherPurchaseBody,
} from '../../../src/contracts/vouchers';
import { auditPurchaseCreated } from '../../audit/voucher-purchase-audit';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { isoDate, toDbDate } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/text';
import type { MessageQueue } from '../../messaging/queue';
import { assertStudentsAtSites } from '../locations/site-checks';
import { queuePurchaseReceipt, receiptAddresses } from '../statements/receipt-email';
import {
  appendLedgerEntries,
  balanceAfter,
  checkBalanceLimit,
  type LedgerDraft,
  type LockedStudent,
  lockStudentBalance,
} from './ledger';
import { checkPaymentMethod } from './payment-methods';
import { lastClassCharge, usualClassCharge } from './usual-class';
import { toVoucherPurchase, type VoucherPurchaseRow, voucherPurchaseSelect } from './voucher-view';

type Body = z.output<typeof ZVoucherPurchaseBody>;
type Tx = Prisma.TransactionClient;
const { Decimal } = Prisma;

/** The ledger entries of a desk entry (signs: see ZVoucherPurchaseBody). */
function draftsOf(body: Pick<Body, 'type' | 'giftAmount'>, voucher: Prisma.Decimal, entryDate: Date): LedgerDraft[] {
  const gift = new Decimal(body.giftAmount);
  if (body.type === 'REFUND') return [{ kind: 'REFUND', amount: voucher.negated(), entryDate }];
  if (body.type === 'ADJUSTMENT') return [{ kind: 'ADJUSTMENT', amount: voucher, entryDate }];
  const drafts: LedgerDraft[] = [];
  if (voucher.gt(0)) drafts.push({ kind: 'PURCHASE', amount: voucher, entryDate });
  if (gift.gt(0)) drafts.push({ kind: 'GIFT', amount: gift, entryDate });
  return drafts;
}

/** The purchase already made with this key: the same request replayed, or a 409 for a different one. */
async function replay(
  db: Tx | PrismaClient,
  existing: VoucherPurchaseRow,
  body: Body,
): Promise<TVoucherPurchaseCreated> {
  const same =
    existing.studentId === body.studentId &&
    existing.type === body.type &&
    isoDate(existing.purchaseDate) === body.purchaseDate &&
    existing.classCount === body.classCount &&
    // A package's amount is the server's: the replay of one compares the count, not the amount sent.
    (body.classCount !== null || existing.voucherAmount.equals(body.voucherAmount)) &&
    existing.giftAmount.equals(body.giftAmount) &&
    existing.paymentMethod === body.paymentMethod &&
    existing.comments === body.comments;
  if (!same) {
    throw new AppError('conflict', IDEMPOTENCY_KEY_REUSED_MESSAGE, {
      errorKey: 'idempotencykeyreused',
      fieldErrors: [{ field: 'idempotencyKey', message: IDEMPOTENCY_KEY_REUSED_MESSAGE }],
    });
  }
  return { ...toVoucherPurchase(existing), receiptEmailedTo: await receiptAddresses(db, existing.id) };
}

/** The per-class amount of a package: the student's usual class charge, or a 400 when none is known. */
async function classRateOf(tx: Tx, organisationId: number, studentId: number) {
  const usual = usualClassCharge(await lastClassCharge(tx, organisationId, studentId));
  if (!usual) throw fieldError('classCount', NO_USUAL_RATE_MESSAGE);
  return usual;
}

const byKey = (db: Tx | PrismaClient, organisationId: number, idempotencyKey: string) =>
  db.voucherPurchase.findUnique({
    where: { organisationId_idempotencyKey: { organisationId, idempotencyKey } },
    select: voucherPurchaseSelect,
  });

/**
 * A refund may not take more than the balance holds (issue 20, finding 13) unless an admin confirms it
 * (`beyondBalance`); the refusal says what the balance would become, for the desk to show before asking.
 */
function checkRefundWithinBalance(
  auth: AuthContext,
  body: Body,
  amount: Prisma.Decimal,
  balance: Prisma.Decimal,
  after: Prisma.Decimal,
) {
  if (body.type !== 'REFUND' || amount.lte(balance)) return;
  if (!body.beyondBalance) {
    const money = (value: Prisma.Decimal) => value.toFixed(2);
    const message = t(REFUND_BEYOND_BALANCE_MESSAGE, {
      amount: money(amount),
      balance: money(balance),
      after: money(after),
    });
    throw new AppError('conflict', message, {
      errorKey: REFUND_BEYOND_BALANCE_KEY,
      fieldErrors: [{ field: 'voucherAmount', message }],
    });
  }
  if (!hasRight(auth.authorities, 'vouchers:refundBeyondBalance')) {
    throw new AppError('forbidden', REFUND_BEYOND_BALANCE_ADMIN_MESSAGE, {
      fieldErrors: [{ field: 'beyondBalance', message: REFUND_BEYOND_BALANCE_ADMIN_MESSAGE }],
    });
  }
}

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
  /** A package sold as classes: its computed amount, count and rate (else voucherAmount is the amount). */
  pkg: { voucher: Prisma.Decimal; classCount: number; classRate: Prisma.Decimal } | null = null,
): Promise<VoucherPurchaseRow> {
  const purchaseDate = toDbDate(body.purchaseDate) as Date;
  const voucher = pkg?.voucher ?? new Decimal(body.voucherAmount);
  const drafts = draftsOf(body, voucher, purchaseDate);
  // Before the purchase row: its balanceAfter must fit too (the ledger checks the same again).
  checkBalanceLimit(locked.balance, drafts, pkg ? 'classCount' : 'voucherAmount');
  const purchase = await tx.voucherPurchase.create({
    data: {
      organisationId: locked.organisationId,
      studentId: body.studentId,
      type: body.type,
      purchaseDate,
      voucherAmount: voucher,
      giftAmount: body.giftAmount,
      paymentMethod: body.paymentMethod,
      classCount: pkg?.classCount ?? null,
      classRate: pkg?.classRate ?? null,
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
export async function createVoucherPurchase(
  { prisma, queue }: { prisma: PrismaClient; queue?: MessageQueue },
  auth: AuthContext,
  body: Body,
  locale: Locale,
): Promise<TVoucherPurchaseCreated> {
  const organisationId = organisationOf(auth);
  // Another site's student is not found for a site-limited operator (issue 23).
  await assertStudentsAtSites(prisma, auth, [body.studentId]);
  const earlier = await byKey(prisma, organisationId, body.idempotencyKey);
  if (earlier) return replay(prisma, earlier, body);
  try {
    return await prisma.$transaction(
      async (tx) => {
        const locked = await lockStudentBalance(tx, organisationId, body.studentId);
        const twin = await byKey(tx, organisationId, body.idempotencyKey);
        if (twin) return replay(tx, twin, body);
        await checkPaymentMethod(tx, organisationId, body.paymentMethod);
        const classRate = body.classCount === null ? null : await classRateOf(tx, organisationId, body.studentId);
        const pkg = classRate
          ? { voucher: classRate.times(body.classCount ?? 0), classCount: body.classCount ?? 0, classRate }
          : null;
        if (pkg?.voucher.gt(AMOUNT_MAX))
          throw fieldError(
            'classCount',
            t('This package would cost {amount}: an amount is at most 100,000,000.00', {
              amount: pkg.voucher.toFixed(2),
            }),
          );
        const voucher = pkg?.voucher ?? new Decimal(body.voucherAmount);
        const after = balanceAfter(locked.balance, draftsOf(body, voucher, toDbDate(body.purchaseDate) as Date));
        checkRefundWithinBalance(auth, body, voucher, locked.balance, after);
        const purchase = await postVoucherPurchase(tx, locked, auth.userId, body, pkg);
        const saved = await auditPurchaseCreated(tx, auth, toVoucherPurchase(purchase));
        // The family's receipt emails (guardians in their language, the student's own address) with the purchase.
        const sentTo = queue
          ? await queuePurchaseReceipt(tx, purchase.id, { queue, queuedById: auth.userId, locale })
          : [];
        const receiptEmailedTo = sentTo.length ? sentTo.join(', ') : null;
        return { ...saved, receiptEmailedTo };
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    // The same key committed by a concurrent request (for another student: no shared lock).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const winner = await byKey(prisma, organisationId, body.idempotencyKey);
      if (winner) return replay(prisma, winner, body);
    }
    throw error;
  }
}

// A family card payment becomes a voucher PURCHASE (payment method CARD) exactly once. Three paths may
// report the same payment: the Connect webhook (checkout.session.completed, payment_intent.succeeded),
// the return page's confirm and the auto top-up's own charge. Each calls recordTopUpPaid in its
// transaction; the top-up's row lock and its status make the first one record it and the rest no-ops.
// What Stripe says it received must be what was asked (amount, currency): otherwise nothing is recorded
// and the mismatch is kept on the top-up for the desk. A report from another Stripe account than the
// top-up's (issue 37, finding 3: another centre's account naming this top-up) touches nothing at all.
import { minorUnits } from '../../../src/contracts/topups';
import { auditPurchaseCreated } from '../../audit/voucher-purchase-audit';
import { Prisma } from '../../generated/prisma/client';
import { log } from '../../http/log';
import { foreignTopUpReports } from '../../metrics/top-up-reports';
import { todayIn } from '../billing/invoice-view';
import { postVoucherPurchase } from '../vouchers/create-voucher-purchase';
import { lockStudentBalance } from '../vouchers/ledger';
import { toVoucherPurchase } from '../vouchers/voucher-view';

type Tx = Prisma.TransactionClient;

/** What Stripe reported: the amount received in minor units, its currency, the account it went to. */
export interface StripePayment {
  paymentIntentId: string | null;
  amountMinor: number | null;
  currency: string | null;
  account: string | null;
}

export type RecordOutcome = 'recorded' | 'already' | 'mismatch' | 'missing' | 'foreign';

/** Logs (ids only, nothing personal) and counts a report from an account that is not the top-up's. */
export function ignoreForeignReport(type: string, topUpId: number, account: string | null, eventId?: string) {
  foreignTopUpReports.inc({ type });
  log('warn', 'card top-up report from another Stripe account ignored', {
    type,
    topUpId,
    account: account ?? 'the platform',
    ...(eventId ? { eventId } : {}),
  });
}

interface LockedTopUp {
  id: number;
  organisationId: number;
  studentId: number;
  householdId: number;
  guardianId: number | null;
  status: string;
  amount: string;
  currency: string;
  lessons: number | null;
  lessonRate: string | null;
  stripeAccountId: string;
  kind: string;
}

/** Locks the top-up's row so that two reports of one payment serialize. */
export async function lockTopUp(tx: Tx, id: number): Promise<LockedTopUp | null> {
  const rows = await tx.$queryRaw<LockedTopUp[]>`
    SELECT id, "organisationId", "studentId", "householdId", "guardianId", status::text AS status,
           amount::text AS amount, currency, lessons, "lessonRate"::text AS "lessonRate",
           "stripeAccountId", kind::text AS kind
      FROM "CardTopUp" WHERE id = ${id} FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

/** Why a reported payment must not be recorded, or null when it matches what was asked. */
export function paymentMismatch(topUp: LockedTopUp, paid: StripePayment): string | null {
  const received =
    paid.amountMinor === null
      ? 'an unknown amount'
      : `${(paid.amountMinor / 100).toFixed(2)} ${String(paid.currency ?? '').toUpperCase()}`;
  if (String(paid.currency ?? '').toUpperCase() !== topUp.currency.toUpperCase())
    return `the payment of ${received} is not in the top-up's currency (${topUp.currency})`;
  if (paid.amountMinor !== minorUnits(topUp.amount))
    return `the payment of ${received} does not match the top-up of ${topUp.amount} ${topUp.currency}`;
  return null;
}

/** Who the purchase is entered by: the paying guardian, else a guardian of the household who signs in. */
async function enteredBy(tx: Tx, topUp: LockedTopUp): Promise<number | null> {
  const guardians = await tx.guardian.findMany({
    where: { householdId: topUp.householdId, userId: { not: null } },
    select: { id: true, userId: true },
    orderBy: { id: 'asc' },
  });
  const payer = guardians.find((g) => g.id === topUp.guardianId) ?? guardians[0];
  return payer?.userId ?? null;
}

/**
 * Records the payment of a top-up once: the voucher purchase and its ledger entries under the child's
 * lock, the top-up PAID and linked to it. Returns what happened; 'already' when another path did it.
 * `onRecorded` runs in the same transaction (the receipt email).
 */
export async function recordTopUpPaid(
  tx: Tx,
  topUpId: number,
  paid: StripePayment,
  onRecorded?: (tx: Tx, purchaseId: number) => Promise<unknown>,
): Promise<RecordOutcome> {
  const topUp = await lockTopUp(tx, topUpId);
  if (!topUp) return 'missing';
  if (paid.account !== topUp.stripeAccountId) {
    ignoreForeignReport('payment', topUp.id, paid.account);
    return 'foreign';
  }
  if (topUp.status === 'PAID' || topUp.status === 'MISMATCH') return 'already';
  const mismatch = paymentMismatch(topUp, paid);
  if (mismatch) {
    await tx.cardTopUp.update({
      where: { id: topUp.id },
      data: {
        status: 'MISMATCH',
        failure: `Not applied: ${mismatch}`.slice(0, 500),
        paymentIntentId: paid.paymentIntentId,
      },
    });
    log('warn', 'card top-up payment not applied', { topUpId, reason: mismatch });
    return 'mismatch';
  }
  const userId = await enteredBy(tx, topUp);
  if (userId === null) {
    // No guardian signs in any more: the money arrived, keep it visible to the desk instead of losing it.
    await tx.cardTopUp.update({
      where: { id: topUp.id },
      data: { status: 'MISMATCH', failure: 'Not applied: no guardian of the household signs in any more' },
    });
    log('warn', 'card top-up payment not applied', { topUpId, reason: 'no guardian user' });
    return 'mismatch';
  }
  const centre = await tx.organisation.findUniqueOrThrow({
    where: { id: topUp.organisationId },
    select: { timeZone: true },
  });
  const locked = await lockStudentBalance(tx, topUp.organisationId, topUp.studentId);
  const amount = new Prisma.Decimal(topUp.amount);
  const pkg =
    topUp.lessons && topUp.lessonRate
      ? { voucher: amount, classCount: topUp.lessons, classRate: new Prisma.Decimal(topUp.lessonRate) }
      : null;
  const purchase = await postVoucherPurchase(
    tx,
    locked,
    userId,
    {
      studentId: topUp.studentId,
      type: 'PURCHASE',
      purchaseDate: todayIn(centre.timeZone),
      voucherAmount: topUp.amount,
      giftAmount: '0',
      paymentMethod: 'CARD',
      comments:
        topUp.kind === 'AUTO'
          ? `Auto top-up by card (Stripe ${paid.paymentIntentId ?? ''})`.trim()
          : `Card top-up from the family portal (Stripe ${paid.paymentIntentId ?? ''})`.trim(),
      idempotencyKey: `card-top-up-${topUp.id}`,
    },
    pkg,
  );
  await auditPurchaseCreated(
    tx,
    { userId, login: 'family portal', organisationId: topUp.organisationId, authorities: ['ROLE_CUSTOMER'] },
    toVoucherPurchase(purchase),
  );
  await tx.cardTopUp.update({
    where: { id: topUp.id },
    data: {
      status: 'PAID',
      purchaseId: purchase.id,
      paidAt: new Date(),
      failure: null,
      ...(paid.paymentIntentId ? { paymentIntentId: paid.paymentIntentId } : {}),
    },
  });
  if (onRecorded) await onRecorded(tx, purchase.id);
  return 'recorded';
}

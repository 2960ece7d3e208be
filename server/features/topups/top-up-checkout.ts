// Card top-ups from the family portal (issue 21): what the family may pay (GET /portal/payments), the
// Checkout session in payment mode on the centre's connected account (POST /portal/top-ups), and the
// return page's confirm (GET /portal/top-ups/confirm), which records a paid session at once instead of
// waiting for the webhook. The top-up row is written before Stripe is asked, so a payment always has
// its row; the Checkout session's idempotency key is the row's id.
import type Stripe from 'stripe';
import { minorUnits, type TFamilyPayments, TOP_UP_MAX, type TTopUp } from '../../../src/contracts/topups';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { money } from '../../http/list';
import { notFound } from '../../http/tenancy';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/text';
import type { MessageQueue } from '../../messaging/queue';
import { BILLING_UNAVAILABLE } from '../billing/billing-errors';
import { stripeCall } from '../billing/card';
import { connectConfigured, familyPaymentsReady } from '../billing/connect';
import type { BillingStripe } from '../billing/stripe-config';
import { portalChild, portalScope } from '../portal/household-of';
import { lastClassCharge, usualClassCharge } from '../vouchers/usual-class';
import { autoTopUpView } from './auto-top-up-view';
import { type RecordOutcome, recordTopUpPaid } from './record-top-up';
import { topUpReceipt } from './top-up-receipt';

type Db = PrismaClient | Prisma.TransactionClient;

export const CARD_PAYMENTS_UNAVAILABLE =
  'This centre does not take card payments online: please pay at the front desk' as const;

/** The centre's connected account when it can take card payments now, else null. */
export async function connectedAccount(
  db: Db,
  billing: BillingStripe | undefined,
  organisationId: number,
): Promise<string | null> {
  if (!connectConfigured(billing)) return null;
  const centre = await db.organisation.findUnique({
    where: { id: organisationId },
    select: { stripeAccountId: true, stripeChargesEnabled: true },
  });
  return familyPaymentsReady(billing, centre) ? (centre?.stripeAccountId ?? null) : null;
}

/** The connected account or a 503 saying the family pays at the desk. */
async function requireAccount(db: Db, billing: BillingStripe | undefined, organisationId: number) {
  const account = await connectedAccount(db, billing, organisationId);
  if (!billing || !account) throw new AppError('unavailable', t(CARD_PAYMENTS_UNAVAILABLE));
  return { billing, account };
}

const topUpSelect = {
  id: true,
  kind: true,
  status: true,
  studentId: true,
  amount: true,
  currency: true,
  lessons: true,
  lessonRate: true,
  createdAt: true,
  paidAt: true,
  purchaseId: true,
  failure: true,
  student: { select: { firstName: true, lastName: true, voucherBalance: true } },
} satisfies Prisma.CardTopUpSelect;
type TopUpRow = Prisma.CardTopUpGetPayload<{ select: typeof topUpSelect }>;

function toTopUp(row: TopUpRow): TTopUp {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    childId: row.studentId,
    childName: `${row.student.firstName} ${row.student.lastName}`.trim(),
    amount: row.amount.toFixed(2),
    currency: row.currency,
    lessons: row.lessons,
    lessonRate: money(row.lessonRate),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    purchaseId: row.purchaseId,
    balance: row.student.voucherBalance.toFixed(2),
    // A mismatch's reason is for the desk; the family reads that the payment is being looked at.
    failure: row.status === 'MISMATCH' ? null : row.failure,
  };
}

export async function familyPayments(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  auth: AuthContext,
): Promise<TFamilyPayments> {
  const scope = await portalScope(prisma, auth);
  const [centre, students, household, recent, account] = await Promise.all([
    prisma.organisation.findUniqueOrThrow({
      where: { id: scope.organisationId },
      select: { name: true, currency: true },
    }),
    prisma.student.findMany({
      where: { id: { in: scope.children.map((c) => c.id) } },
      select: { id: true, voucherBalance: true },
    }),
    prisma.household.findUniqueOrThrow({ where: { id: scope.householdId } }),
    prisma.cardTopUp.findMany({
      where: { householdId: scope.householdId, NOT: { status: 'OPEN', kind: 'CHECKOUT' } },
      orderBy: { id: 'desc' },
      take: 10,
      select: topUpSelect,
    }),
    connectedAccount(prisma, billing, scope.organisationId),
  ]);
  const children = [];
  for (const child of scope.children) {
    const usual = usualClassCharge(await lastClassCharge(prisma, scope.organisationId, child.id));
    const balance = students.find((s) => s.id === child.id)?.voucherBalance;
    children.push({
      id: child.id,
      name: child.name,
      balance: balance?.toFixed(2) ?? '0.00',
      usualLessonCharge: money(usual),
    });
  }
  return {
    available: account !== null,
    centre,
    children,
    autoTopUp: autoTopUpView(household),
    recent: recent.map(toTopUp),
  };
}

/** The amount of a top-up: as given, or N lessons at the child's usual lesson charge. */
export async function priceOf(
  db: Db,
  organisationId: number,
  studentId: number,
  choice: { amount: string | null; lessons: number | null },
): Promise<{ amount: Prisma.Decimal; lessons: number | null; lessonRate: Prisma.Decimal | null }> {
  if (choice.lessons === null)
    return { amount: new Prisma.Decimal(choice.amount ?? '0'), lessons: null, lessonRate: null };
  const rate = usualClassCharge(await lastClassCharge(db, organisationId, studentId));
  if (!rate)
    throw fieldError('lessons', t('No usual lesson charge is known for this child yet: enter an amount instead'));
  const amount = rate.times(choice.lessons);
  if (amount.gt(TOP_UP_MAX))
    throw fieldError(
      'lessons',
      t('{count} lessons would cost {amount}: a card top-up is at most {max}', {
        count: choice.lessons,
        amount: amount.toFixed(2),
        max: TOP_UP_MAX,
      }),
    );
  return { amount, lessons: choice.lessons, lessonRate: rate };
}

const stripeLocale = (locale: Locale) => (locale === 'zh-CN' ? 'zh' : 'en');

export async function createTopUpCheckout(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  auth: AuthContext,
  body: { studentId: number; amount: string | null; lessons: number | null },
  appUrl: string,
  locale: Locale,
): Promise<{ url: string; topUpId: number }> {
  const { scope, child } = await portalChild(prisma, auth, body.studentId);
  const ready = await requireAccount(prisma, billing, scope.organisationId);
  const centre = await prisma.organisation.findUniqueOrThrow({
    where: { id: scope.organisationId },
    select: { name: true, currency: true },
  });
  const guardian = await prisma.guardian.findFirstOrThrow({
    where: { userId: auth.userId, householdId: scope.householdId },
    select: { id: true, email: true },
  });
  const price = await priceOf(prisma, scope.organisationId, child.id, body);
  const topUp = await prisma.cardTopUp.create({
    data: {
      organisationId: scope.organisationId,
      householdId: scope.householdId,
      studentId: child.id,
      guardianId: guardian.id,
      kind: 'CHECKOUT',
      amount: price.amount,
      currency: centre.currency,
      lessons: price.lessons,
      lessonRate: price.lessonRate,
      stripeAccountId: ready.account,
    },
  });
  // The random reference, never the row's id: events name the top-up by it (connect-events.ts).
  const metadata = {
    topUpRef: topUp.reference,
    organisationId: String(scope.organisationId),
    studentId: String(child.id),
  };
  const name =
    price.lessons === null
      ? `${centre.name}: top-up for ${child.name}`
      : `${centre.name}: ${price.lessons} lessons for ${child.name} (${price.lessonRate?.toFixed(2)} each)`;
  const session = await stripeCall(() =>
    ready.billing.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: centre.currency.toLowerCase(),
              unit_amount: minorUnits(price.amount.toFixed(2)),
              product_data: { name: name.slice(0, 250) },
            },
          },
        ],
        ...(guardian.email ? { customer_email: guardian.email } : {}),
        client_reference_id: topUp.reference,
        locale: stripeLocale(locale),
        metadata,
        payment_intent_data: { metadata, description: name.slice(0, 250) },
        success_url: `${appUrl}/family/top-up?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/family/top-up?cancelled=1`,
      },
      { stripeAccount: ready.account, idempotencyKey: `levelup-top-up-${topUp.id}` },
    ),
  );
  if (!session.url) throw new AppError('bad_gateway', t('Card payments (Stripe) gave no Checkout page'));
  await prisma.cardTopUp.update({ where: { id: topUp.id }, data: { checkoutSessionId: session.id } });
  return { url: session.url, topUpId: topUp.id };
}

/** The payment a Checkout session reports, for recordTopUpPaid. */
export function sessionPayment(session: Stripe.Checkout.Session, account: string | null) {
  const pi = session.payment_intent;
  return {
    paymentIntentId: typeof pi === 'string' ? pi : (pi?.id ?? null),
    amountMinor: session.amount_total,
    currency: session.currency,
    account,
  };
}

/**
 * Applies what a Checkout session of `account` says (paid → recorded once; expired → EXPIRED), in the
 * caller's transaction. A session of another account than the top-up's changes nothing.
 */
export async function applySession(
  tx: Prisma.TransactionClient,
  topUpId: number,
  session: Stripe.Checkout.Session,
  account: string | null,
  queue: MessageQueue | undefined,
): Promise<RecordOutcome | 'expired' | 'open'> {
  if (session.status === 'complete' && session.payment_status === 'paid')
    return recordTopUpPaid(tx, topUpId, sessionPayment(session, account), topUpReceipt(queue));
  if (session.status === 'expired') {
    await tx.cardTopUp.updateMany({
      where: { id: topUpId, status: 'OPEN', stripeAccountId: account ?? '' },
      data: { status: 'EXPIRED' },
    });
    return 'expired';
  }
  return 'open';
}

export async function confirmTopUp(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  sessionId: string,
): Promise<TTopUp> {
  const scope = await portalScope(prisma, auth);
  const row = await prisma.cardTopUp.findFirst({
    where: { checkoutSessionId: sessionId, householdId: scope.householdId },
    select: { id: true, status: true, stripeAccountId: true },
  });
  if (!row) throw notFound('Checkout session', sessionId);
  if (row.status === 'OPEN') {
    if (!billing) throw BILLING_UNAVAILABLE();
    const session = await stripeCall(() =>
      billing.stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: row.stripeAccountId }),
    );
    await prisma.$transaction((tx) => applySession(tx, row.id, session, row.stripeAccountId, queue), {
      maxWait: 10_000,
      timeout: 30_000,
    });
  }
  const done = await prisma.cardTopUp.findUniqueOrThrow({ where: { id: row.id }, select: topUpSelect });
  return toTopUp(done);
}

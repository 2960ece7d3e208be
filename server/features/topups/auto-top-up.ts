// Auto top-up (issue 21): a household saves a card through Checkout in setup mode (on the centre's
// connected account), chooses a floor and a package; when a child's balance is below the floor, the
// package is charged off session once per dip. A dip is named by the child's latest debit (the ledger
// entry that charged or refunded): the CardTopUp's unique (studentId, dipEntryId) lets one run charge it,
// and the Stripe idempotency key per dip makes a retried charge (after a crash) the same charge. A
// top-up that leaves the balance still below the floor is not repeated until the next debit. A decline
// turns auto top-up off and tells the family (email) and the desk (a notice).
import Stripe from 'stripe';
import { AUTO_TOP_UP_NEEDS_CARD, minorUnits, type TAutoTopUp } from '../../../src/contracts/topups';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { log } from '../../http/log';
import { notFound } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { enqueueMessage } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { centreUsersWithRole, createNotices } from '../../notices/create-notices';
import { BILLING_UNAVAILABLE } from '../billing/billing-errors';
import { stripeCall } from '../billing/card';
import type { BillingStripe } from '../billing/stripe-config';
import { moneyText } from '../money/money-text';
import { portalScope } from '../portal/household-of';
import { autoTopUpView } from './auto-top-up-view';
import { recordTopUpPaid } from './record-top-up';
import { CARD_PAYMENTS_UNAVAILABLE, connectedAccount, priceOf } from './top-up-checkout';
import { topUpReceipt } from './top-up-receipt';
import { AUTO_TOP_UP_DECLINED_TEMPLATE, declineEmail, declineReason } from './top-up-texts';

type Tx = Prisma.TransactionClient;

/** An OPEN auto top-up older than this is charged again with its own key (the run before died). */
const RETRY_AFTER_MS = 60_000;

async function ownHousehold(prisma: PrismaClient, auth: AuthContext) {
  const scope = await portalScope(prisma, auth);
  const household = await prisma.household.findUniqueOrThrow({ where: { id: scope.householdId } });
  return { scope, household };
}

export async function updateAutoTopUp(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  auth: AuthContext,
  body: { enabled: boolean; floor: string | null; amount: string | null; lessons: number | null },
): Promise<TAutoTopUp> {
  const { scope, household } = await ownHousehold(prisma, auth);
  if (body.enabled) {
    if (!(await connectedAccount(prisma, billing, scope.organisationId)))
      throw new AppError('unavailable', t(CARD_PAYMENTS_UNAVAILABLE));
    if (!household.paymentMethodId) throw fieldError('enabled', t(AUTO_TOP_UP_NEEDS_CARD));
  }
  const saved = await prisma.household.update({
    where: { id: household.id },
    data: {
      autoTopUp: body.enabled,
      autoTopUpFloor: body.floor,
      autoTopUpAmount: body.amount,
      autoTopUpLessons: body.lessons,
      ...(body.enabled ? { autoTopUpStoppedReason: null, autoTopUpStoppedAt: null } : {}),
    },
  });
  return autoTopUpView(saved);
}

/** The household as a customer of the centre's connected account (made once per household). */
async function ensureFamilyCustomer(
  prisma: PrismaClient,
  billing: BillingStripe,
  account: string,
  household: { id: number; name: string; stripeCustomerId: string | null },
  email: string | null,
) {
  if (household.stripeCustomerId) return household.stripeCustomerId;
  const customer = await stripeCall(() =>
    billing.stripe.customers.create(
      { name: household.name, ...(email ? { email } : {}), metadata: { householdId: String(household.id) } },
      { stripeAccount: account, idempotencyKey: `levelup-household-${household.id}-${account}` },
    ),
  );
  await prisma.household.update({ where: { id: household.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

export async function startCardSetup(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  auth: AuthContext,
  appUrl: string,
): Promise<{ url: string }> {
  const { scope, household } = await ownHousehold(prisma, auth);
  const account = await connectedAccount(prisma, billing, scope.organisationId);
  if (!billing || !account) throw new AppError('unavailable', t(CARD_PAYMENTS_UNAVAILABLE));
  const guardian = await prisma.guardian.findFirst({ where: { userId: auth.userId }, select: { email: true } });
  const customer = await ensureFamilyCustomer(prisma, billing, account, household, guardian?.email ?? null);
  const centre = await prisma.organisation.findUniqueOrThrow({
    where: { id: scope.organisationId },
    select: { currency: true },
  });
  const session = await stripeCall(() =>
    billing.stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        currency: centre.currency.toLowerCase(),
        success_url: `${appUrl}/family/top-up?card_session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/family/top-up?cancelled=1`,
        metadata: { householdId: String(household.id) },
      },
      { stripeAccount: account },
    ),
  );
  if (!session.url) throw new AppError('bad_gateway', t('Card payments (Stripe) gave no Checkout page'));
  return { url: session.url };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

export async function confirmCardSetup(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  auth: AuthContext,
  sessionId: string,
): Promise<TAutoTopUp> {
  const { scope, household } = await ownHousehold(prisma, auth);
  const account = await connectedAccount(prisma, billing, scope.organisationId);
  if (!billing || !account) throw new AppError('unavailable', t(CARD_PAYMENTS_UNAVAILABLE));
  const refused = () => notFound('Checkout session', sessionId);
  if (!household.stripeCustomerId) throw refused();
  const session = await stripeCall(async () => {
    try {
      return await billing.stripe.checkout.sessions.retrieve(
        sessionId,
        { expand: ['setup_intent.payment_method'] },
        { stripeAccount: account },
      );
    } catch (error) {
      if (isMissing(error)) throw refused();
      throw error;
    }
  });
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (customer !== household.stripeCustomerId || session.metadata?.householdId !== String(household.id))
    throw refused();
  const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
  const method = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
  if (session.status !== 'complete' || intent?.status !== 'succeeded' || !method?.card)
    throw new AppError('conflict', t('The card was not saved: finish entering it on the card page first'));
  const previous = household.paymentMethodId;
  const saved = await prisma.household.update({
    where: { id: household.id },
    data: {
      paymentMethodId: method.id,
      cardBrand: method.card.brand.slice(0, 30),
      cardLast4: method.card.last4,
      cardExpMonth: method.card.exp_month,
      cardExpYear: method.card.exp_year,
    },
  });
  if (previous && previous !== method.id) await detachQuietly(billing, account, previous);
  return autoTopUpView(saved);
}

async function detachQuietly(billing: BillingStripe, account: string, paymentMethodId: string) {
  try {
    await billing.stripe.paymentMethods.detach(paymentMethodId, {}, { stripeAccount: account });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}

export async function removeSavedCard(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  auth: AuthContext,
): Promise<TAutoTopUp> {
  const { scope, household } = await ownHousehold(prisma, auth);
  if (household.paymentMethodId) {
    const account = await connectedAccount(prisma, billing, scope.organisationId);
    if (!billing) throw BILLING_UNAVAILABLE();
    const paymentMethodId = household.paymentMethodId;
    if (account) await stripeCall(() => detachQuietly(billing, account, paymentMethodId));
  }
  const saved = await prisma.household.update({
    where: { id: household.id },
    data: {
      autoTopUp: false,
      paymentMethodId: null,
      cardBrand: null,
      cardLast4: null,
      cardExpMonth: null,
      cardExpYear: null,
    },
  });
  return autoTopUpView(saved);
}

interface Candidate {
  studentId: number;
  organisationId: number;
  householdId: number;
  amount: string | null;
  lessons: number | null;
  stripeCustomerId: string | null;
  paymentMethodId: string;
  stripeAccountId: string;
  currency: string;
  dipEntryId: number | null;
}

/** Children below their household's floor, with auto top-up on, a saved card and a centre taking cards. */
function candidates(prisma: PrismaClient) {
  return prisma.$queryRaw<Candidate[]>`
    SELECT s.id AS "studentId", s."organisationId", h.id AS "householdId",
           h."autoTopUpAmount"::text AS amount, h."autoTopUpLessons" AS lessons,
           h."stripeCustomerId", h."paymentMethodId", o."stripeAccountId", o.currency,
           (SELECT max(e.id) FROM "VoucherLedgerEntry" e WHERE e."studentId" = s.id AND e.amount < 0) AS "dipEntryId"
      FROM "Household" h
      JOIN "Student" s ON s."householdId" = h.id
      JOIN "Organisation" o ON o.id = h."organisationId"
     WHERE h."autoTopUp" AND h."paymentMethodId" IS NOT NULL AND h."erasedAt" IS NULL
       AND h."autoTopUpFloor" IS NOT NULL AND s.active AND s."voucherBalance" < h."autoTopUpFloor"
       AND o."stripeAccountId" IS NOT NULL AND o."stripeChargesEnabled"
     ORDER BY s.id`;
}

/** The dip's top-up row, made by this run (`fresh`) or found (another run made it). */
async function claimDip(prisma: PrismaClient, c: Candidate, now: Date) {
  // A sibling's decline earlier in this run turned auto top-up off: nothing more for this household.
  const household = await prisma.household.findUnique({ where: { id: c.householdId }, select: { autoTopUp: true } });
  if (!household?.autoTopUp) return null;
  const dipEntryId = c.dipEntryId ?? 0;
  const existing = await prisma.cardTopUp.findUnique({
    where: { studentId_dipEntryId: { studentId: c.studentId, dipEntryId } },
  });
  if (existing) {
    const stale = existing.status === 'OPEN' && now.getTime() - existing.createdAt.getTime() > RETRY_AFTER_MS;
    return stale ? existing : null;
  }
  // A package of lessons before the child's first lesson (no usual charge) or above the top-up limit:
  // nothing to charge. Anything else (the database) is an error of the run, not a skipped child.
  const price = await priceOf(prisma, c.organisationId, c.studentId, { amount: c.amount, lessons: c.lessons }).catch(
    (error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    },
  );
  if (!price) return null;
  const { count } = await prisma.cardTopUp.createMany({
    data: [
      {
        organisationId: c.organisationId,
        householdId: c.householdId,
        studentId: c.studentId,
        kind: 'AUTO',
        amount: price.amount,
        currency: c.currency,
        lessons: price.lessons,
        lessonRate: price.lessonRate,
        stripeAccountId: c.stripeAccountId,
        dipEntryId,
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) return null; // a concurrent run claimed this dip first
  return prisma.cardTopUp.findUniqueOrThrow({
    where: { studentId_dipEntryId: { studentId: c.studentId, dipEntryId } },
  });
}

/** Auto top-up turned off after a decline: the top-up FAILED, the family emailed, the desk told. */
export async function recordDecline(
  tx: Tx,
  queue: MessageQueue | undefined,
  topUpId: number,
  code: string | null,
  message: string,
) {
  const topUp = await tx.cardTopUp.findUniqueOrThrow({
    where: { id: topUpId },
    include: {
      student: { select: { firstName: true, lastName: true } },
      household: { select: { id: true, name: true, cardLast4: true } },
      organisation: { select: { name: true, currency: true } },
    },
  });
  const { count } = await tx.cardTopUp.updateMany({
    where: { id: topUpId, status: 'OPEN' },
    data: { status: 'FAILED', failure: message.slice(0, 500) },
  });
  if (count === 0) return;
  await tx.household.update({
    where: { id: topUp.householdId },
    data: { autoTopUp: false, autoTopUpStoppedReason: message.slice(0, 500), autoTopUpStoppedAt: new Date() },
  });
  const child = `${topUp.student.firstName} ${topUp.student.lastName}`.trim();
  const amount = moneyText(topUp.amount, topUp.organisation.currency);
  await createNotices(tx, await centreUsersWithRole(tx, topUp.organisationId), {
    organisationId: topUp.organisationId,
    type: 'AUTO_TOP_UP_FAILED',
    entityType: 'HOUSEHOLD',
    entityId: topUp.householdId,
    data: { household: topUp.household.name, name: child, amount, reason: message },
    key: `AUTO_TOP_UP_FAILED:top-up:${topUp.id}`,
  });
  if (!queue) return;
  const guardians = await tx.guardian.findMany({
    where: { householdId: topUp.householdId, allowEmail: true, email: { not: null } },
    select: { id: true, name: true, email: true, langKey: true },
  });
  for (const guardian of guardians) {
    const lang = guardian.langKey === 'zh-CN' ? 'zh-CN' : 'en-US';
    const email = declineEmail({
      lang,
      centre: topUp.organisation.name,
      guardian: guardian.name,
      child,
      amount,
      card: topUp.household.cardLast4,
      reason: declineReason(lang, code, message),
    });
    await enqueueMessage(tx, queue, {
      organisationId: topUp.organisationId,
      channel: 'EMAIL',
      recipient: guardian.email as string,
      recipientName: guardian.name,
      template: AUTO_TOP_UP_DECLINED_TEMPLATE,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      entityType: 'HOUSEHOLD',
      entityId: topUp.householdId,
      idempotencyKey: `auto-top-up-declined-${topUp.id}-guardian-${guardian.id}`,
    });
  }
}

export interface AutoTopUpRun {
  charged: number;
  declined: number;
}

/**
 * One pass: charges each dip not yet charged. Safe to run concurrently (the dip's row decides who
 * charges) and again after a crash (an OPEN row older than a minute is charged again with its key).
 */
export async function runAutoTopUps(
  prisma: PrismaClient,
  billing: BillingStripe | undefined,
  queue: MessageQueue | undefined,
  now = new Date(),
): Promise<AutoTopUpRun> {
  const result: AutoTopUpRun = { charged: 0, declined: 0 };
  if (!billing) return result;
  for (const c of await candidates(prisma)) {
    const topUp = await claimDip(prisma, c, now);
    if (!topUp) continue;
    const metadata = {
      topUpRef: topUp.reference,
      organisationId: String(c.organisationId),
      studentId: String(c.studentId),
      householdId: String(c.householdId),
    };
    let intent: Stripe.PaymentIntent;
    try {
      intent = await billing.stripe.paymentIntents.create(
        {
          amount: minorUnits(topUp.amount.toFixed(2)),
          currency: topUp.currency.toLowerCase(),
          ...(c.stripeCustomerId ? { customer: c.stripeCustomerId } : {}),
          payment_method: c.paymentMethodId,
          confirm: true,
          off_session: true,
          metadata,
          description: `Auto top-up ${topUp.id}`,
        },
        { stripeAccount: c.stripeAccountId, idempotencyKey: `levelup-auto-top-up-${c.studentId}-${topUp.dipEntryId}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const code = error.decline_code || error.code || null;
        await prisma.$transaction((tx) =>
          recordDecline(tx, queue, topUp.id, code, error.message || 'Your card was declined.'),
        );
        result.declined += 1;
      } else {
        // Stripe unreachable or refusing the request: the row stays OPEN and the next run retries it.
        log('warn', 'auto top-up charge failed', {
          topUpId: topUp.id,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      continue;
    }
    if (intent.status === 'succeeded') {
      const outcome = await prisma.$transaction(
        (tx) =>
          recordTopUpPaid(
            tx,
            topUp.id,
            {
              paymentIntentId: intent.id,
              amountMinor: intent.amount_received ?? intent.amount,
              currency: intent.currency,
              account: c.stripeAccountId,
            },
            topUpReceipt(queue),
          ),
        { maxWait: 10_000, timeout: 30_000 },
      );
      if (outcome === 'recorded' || outcome === 'already') result.charged += 1;
    } else {
      const message =
        intent.last_payment_error?.message ?? 'The bank asked for the card holder to confirm this payment.';
      await prisma.$transaction((tx) =>
        recordDecline(tx, queue, topUp.id, intent.last_payment_error?.code ?? 'authentication_required', message),
      );
      result.declined += 1;
    }
  }
  return result;
}

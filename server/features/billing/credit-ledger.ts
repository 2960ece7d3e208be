// The centre's credit ledger (issue 10): append-only entries with signed amounts and the balance after
// each, and Organisation.creditBalance as a cache of their sum. Every write goes through
// appendCreditEntry: it locks the organisation row (SELECT ... FOR NO KEY UPDATE), so concurrent writes
// serialize and the cache always equals the sum; a balance below 0 is refused.
import type { TCreditEntry, TCreditUpdateBody } from '../../../src/contracts/billing';
import { BALANCE_MAX } from '../../../src/contracts/common';
import { type AuditChange, recordAudit } from '../../audit/record-audit';
import { type CreditUpdateType, Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { money } from '../../http/list';
import { notFound } from '../../http/tenancy';
import { t } from '../../i18n/text';

type Tx = Prisma.TransactionClient;
const { Decimal } = Prisma;

export interface CreditEntryInput {
  organisationId: number;
  type: CreditUpdateType;
  /** Signed. */
  amount: Prisma.Decimal;
  invoiceId?: number | null;
  comments?: string | null;
  createdById?: number | null;
}

/** Locks the organisation row for the rest of the transaction and returns its cached balance. */
export async function lockOrganisation(tx: Tx, organisationId: number): Promise<Prisma.Decimal> {
  const rows = await tx.$queryRaw<{ creditBalance: Prisma.Decimal }[]>`
    SELECT "creditBalance" FROM "Organisation" WHERE id = ${organisationId} FOR NO KEY UPDATE`;
  if (rows.length === 0) throw notFound('Centre', organisationId);
  return new Decimal(rows[0].creditBalance);
}

/** Appends one entry (in the caller's transaction) and updates the cached balance. */
export async function appendCreditEntry(tx: Tx, input: CreditEntryInput) {
  const before = await lockOrganisation(tx, input.organisationId);
  const after = before.plus(input.amount);
  if (after.isNegative()) throw fieldError('amount', 'The credit balance cannot go below 0');
  // Issue 20, finding 4: the balance stays within BALANCE_MAX, so every sum with it fits Decimal(12,2).
  if (after.gt(BALANCE_MAX))
    throw fieldError(
      'amount',
      t('The credit balance would be {after}: a credit balance is at most 1,000,000,000.00', {
        after: after.toFixed(2),
      }),
    );
  const entry = await tx.creditLedgerEntry.create({
    data: {
      organisationId: input.organisationId,
      type: input.type,
      amount: input.amount,
      balanceAfter: after,
      invoiceId: input.invoiceId ?? null,
      comments: input.comments ?? null,
      createdById: input.createdById ?? null,
    },
    include: { invoice: { select: { number: true } }, createdBy: { select: { firstName: true, lastName: true } } },
  });
  await tx.organisation.update({ where: { id: input.organisationId }, data: { creditBalance: after } });
  return entry;
}

type EntryRow = Awaited<ReturnType<typeof appendCreditEntry>>;

/** The centre's audit record of a ledger entry: its credit balance before and after (and why). */
export function creditBalanceChange(entry: EntryRow): AuditChange {
  return {
    entity: 'ORGANISATION',
    entityId: entry.organisationId,
    action: 'UPDATE',
    before: { creditBalance: entry.balanceAfter.minus(entry.amount) },
    after: { creditBalance: entry.balanceAfter, creditUpdate: entry.type, comments: entry.comments },
  };
}

export function toCreditEntry(row: EntryRow): TCreditEntry {
  return {
    id: row.id,
    organisationId: row.organisationId,
    type: row.type,
    amount: money(row.amount) as string,
    balanceAfter: money(row.balanceAfter) as string,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoice?.number ?? null,
    comments: row.comments,
    createdByName: row.createdBy ? `${row.createdBy.firstName} ${row.createdBy.lastName}`.trim() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The platform's ADD / SUBTRACT / ADJUST (set the balance to the amount, recorded as the difference). */
export async function updateCredit(
  prisma: PrismaClient,
  body: { organisationId: number; type: TCreditUpdateBody['type']; amount: string; comments?: string | null },
  auth: AuthContext,
): Promise<TCreditEntry> {
  const amount = new Decimal(body.amount);
  if (amount.isNegative() || amount.decimalPlaces() > 2)
    throw fieldError('amount', 'The amount must be 0 or more, with at most 2 decimals');
  if (body.type !== 'ADJUST' && !amount.gt(0)) throw fieldError('amount', 'The amount must be more than 0');
  const entry = await prisma.$transaction(async (tx) => {
    let signed = amount;
    if (body.type === 'SUBTRACT') signed = amount.neg();
    if (body.type === 'ADJUST') {
      const before = await lockOrganisation(tx, body.organisationId);
      signed = amount.minus(before);
      if (signed.isZero()) throw fieldError('amount', 'the balance is already this amount');
    }
    const entry = await appendCreditEntry(tx, {
      organisationId: body.organisationId,
      type: body.type,
      amount: signed,
      comments: body.comments ?? null,
      createdById: auth.userId,
    });
    await recordAudit(tx, auth, [creditBalanceChange(entry)], { organisationId: body.organisationId });
    return entry;
  });
  return toCreditEntry(entry);
}

// The platform's side of billing (issue 10): the credit ledger list, centres with card, credit, tax rate
// and unpaid/overdue counts, a centre's tax rate, and the price list (tiers, minimum, due days).
import type { z } from 'zod';
import type {
  TBillingCentre,
  TBillingSettings,
  TCreditEntry,
  ZBillingSettingsBody,
  ZCreditListQuery,
} from '../../../src/contracts/billing';
import { recordAudit } from '../../audit/record-audit';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { money, pageArgs, sortArgs } from '../../http/list';
import { notFound } from '../../http/tenancy';
import { runtimeText } from '../../i18n/text';
import { billingOrganisationId } from './billing-scope';
import { toCreditEntry } from './credit-ledger';
import { invoiceInputError } from './invoice-math';
import { overdueWhere } from './overdue';
import { platformPricing } from './pricing-inputs';

export async function listCredit(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZCreditListQuery>,
): Promise<{ data: TCreditEntry[]; total: number; success: true }> {
  const organisationId = await billingOrganisationId(prisma, auth, query.organisationId);
  const where: Prisma.CreditLedgerEntryWhereInput = { organisationId, ...(query.type ? { type: query.type } : {}) };
  const [rows, total] = await Promise.all([
    prisma.creditLedgerEntry.findMany({
      where,
      include: { invoice: { select: { number: true } }, createdBy: { select: { firstName: true, lastName: true } } },
      orderBy: sortArgs(query.sortField, query.sortOrder ?? 'descend', 'id'),
      ...pageArgs(query),
    }),
    prisma.creditLedgerEntry.count({ where }),
  ]);
  return { data: rows.map(toCreditEntry), total, success: true };
}

const centreInclude = { billingAccount: true } as const;
type CentreRow = Prisma.OrganisationGetPayload<{ include: typeof centreInclude }>;

async function toCentres(prisma: PrismaClient, rows: CentreRow[]): Promise<TBillingCentre[]> {
  const ids = rows.map((r) => r.id);
  const overdueInvoices = await overdueWhere(prisma, ids);
  const [unpaid, overdue] = await Promise.all([
    prisma.invoice.groupBy({
      by: ['organisationId'],
      where: { organisationId: { in: ids }, status: 'UNPAID' },
      _count: true,
    }),
    prisma.invoice.groupBy({
      by: ['organisationId'],
      where: { organisationId: { in: ids }, ...overdueInvoices },
      _count: true,
    }),
  ]);
  const count = (list: { organisationId: number; _count: number }[], id: number) =>
    list.find((c) => c.organisationId === id)?._count ?? 0;
  return rows.map((r) => {
    const a = r.billingAccount;
    return {
      id: r.id,
      name: r.name,
      creditBalance: money(r.creditBalance) as string,
      taxRate: r.taxRate.toString(),
      card:
        a?.paymentMethodId && a.cardLast4
          ? { brand: a.cardBrand ?? '', last4: a.cardLast4, expMonth: a.cardExpMonth ?? 0, expYear: a.cardExpYear ?? 0 }
          : null,
      unpaidInvoices: count(unpaid, r.id),
      overdueInvoices: count(overdue, r.id),
    };
  });
}

export async function listCentres(
  prisma: PrismaClient,
  query: {
    current: number;
    pageSize: number;
    sortField?: 'name' | 'creditBalance';
    sortOrder?: 'ascend' | 'descend';
    q?: string;
  },
) {
  const where: Prisma.OrganisationWhereInput = query.q ? { name: { contains: query.q, mode: 'insensitive' } } : {};
  const [rows, total] = await Promise.all([
    prisma.organisation.findMany({
      where,
      include: centreInclude,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'name'),
      ...pageArgs(query),
    }),
    prisma.organisation.count({ where }),
  ]);
  return { data: await toCentres(prisma, rows), total, success: true as const };
}

/** The platform sets a centre's tax rate; the change is in the centre's audit history. */
export async function setTaxRate(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  taxRate: string,
): Promise<TBillingCentre> {
  const row = await prisma.$transaction(async (tx) => {
    const found = await tx.$queryRaw<{ taxRate: Prisma.Decimal }[]>`
      SELECT "taxRate" FROM "Organisation" WHERE id = ${id} FOR NO KEY UPDATE`;
    if (found.length === 0) throw notFound('Centre', id);
    const updated = await tx.organisation.update({
      where: { id },
      data: { taxRate: new Prisma.Decimal(taxRate) },
      include: centreInclude,
    });
    await recordAudit(
      tx,
      auth,
      [
        {
          entity: 'ORGANISATION',
          entityId: id,
          action: 'UPDATE',
          before: { taxRate: new Prisma.Decimal(found[0].taxRate).toString() },
          after: { taxRate: updated.taxRate.toString() },
        },
      ],
      { organisationId: id },
    );
    return updated;
  });
  return (await toCentres(prisma, [row]))[0];
}

export async function getSettings(prisma: PrismaClient): Promise<TBillingSettings> {
  const pricing = await platformPricing(prisma);
  return {
    minimumCharge: new Prisma.Decimal(pricing.minimumCharge).toFixed(2),
    dueDays: pricing.dueDays,
    currency: pricing.currency,
    tiers: pricing.tiers.map((t) => ({
      fromStudents: t.fromStudents,
      pricePerStudent: new Prisma.Decimal(t.pricePerStudent).toFixed(2),
    })),
  };
}

export async function putSettings(
  prisma: PrismaClient,
  body: z.output<typeof ZBillingSettingsBody>,
): Promise<TBillingSettings> {
  const error = invoiceInputError({
    quantity: 0,
    tiers: body.tiers,
    minimumCharge: body.minimumCharge,
    creditBalance: '0',
    taxRate: '0',
  });
  if (error) throw fieldError(error.field, runtimeText(error.message));
  await prisma.$transaction(async (tx) => {
    await tx.platformPriceTier.deleteMany({});
    await tx.platformPriceTier.createMany({
      data: body.tiers.map((t) => ({ fromStudents: t.fromStudents, pricePerStudent: t.pricePerStudent })),
    });
    await tx.platformBillingSettings.upsert({
      where: { id: 1 },
      create: { id: 1, minimumCharge: body.minimumCharge, dueDays: body.dueDays },
      update: { minimumCharge: body.minimumCharge, dueDays: body.dueDays },
    });
  });
  return getSettings(prisma);
}

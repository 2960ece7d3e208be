// A household's statement of one month, from the ledger (issue 21): per child, the balance before the
// month (the sum of every earlier entry), the month's entries by their day (VoucherLedgerEntry.entryDate,
// the centre's local day) and the balance after it (opening + the month's entries); the household's
// totals are the sums of its children's. Entries are append-only, so a statement made later says the
// same unless an entry was dated back into the month.
import { Prisma, type PrismaClient, type VoucherLedgerKind } from '../../generated/prisma/client';
import { isoDate } from '../../http/list';

type Db = PrismaClient | Prisma.TransactionClient;
const { Decimal } = Prisma;

export interface StatementEntry {
  id: number;
  date: string;
  kind: VoucherLedgerKind;
  amount: Prisma.Decimal;
  hours: Prisma.Decimal | null;
  rate: Prisma.Decimal | null;
  price: Prisma.Decimal | null;
  /** The lesson of a lesson entry: its course. */
  course: string | null;
}

export interface StatementChild {
  id: number;
  name: string;
  opening: Prisma.Decimal;
  entries: StatementEntry[];
  closing: Prisma.Decimal;
}

export interface Statement {
  centre: { name: string; currency: string };
  household: { id: number; name: string };
  /** 'YYYY-MM'. */
  month: string;
  children: StatementChild[];
  opening: Prisma.Decimal;
  closing: Prisma.Decimal;
}

/** The first day of `month` ('YYYY-MM') and of the month after, as @db.Date values. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, m - 1, 1)), to: new Date(Date.UTC(year, m, 1)) };
}

/** The month before `month` ('YYYY-MM'). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** The household's children (every student of it, first names in order). */
async function childrenOf(db: Db, organisationId: number, householdId: number) {
  const rows = await db.student.findMany({
    where: { organisationId, householdId },
    orderBy: [{ firstName: 'asc' }, { id: 'asc' }],
    select: { id: true, firstName: true, lastName: true },
  });
  return rows.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`.trim() }));
}

/** The statement of `month` for household `householdId` of centre `organisationId` (which must exist). */
export async function householdStatement(
  db: Db,
  organisationId: number,
  householdId: number,
  month: string,
): Promise<Statement> {
  const { from, to } = monthBounds(month);
  const [centre, household, children] = await Promise.all([
    db.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { name: true, currency: true } }),
    db.household.findFirstOrThrow({ where: { id: householdId, organisationId }, select: { id: true, name: true } }),
    childrenOf(db, organisationId, householdId),
  ]);
  const ids = children.map((c) => c.id);
  const [before, entries] = await Promise.all([
    db.voucherLedgerEntry.groupBy({
      by: ['studentId'],
      where: { organisationId, studentId: { in: ids }, entryDate: { lt: from } },
      _sum: { amount: true },
    }),
    db.voucherLedgerEntry.findMany({
      where: { organisationId, studentId: { in: ids }, entryDate: { gte: from, lt: to } },
      orderBy: [{ entryDate: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        studentId: true,
        kind: true,
        amount: true,
        entryDate: true,
        hours: true,
        hourlyRate: true,
        price: true,
        schedule: { select: { course: { select: { name: true } } } },
      },
    }),
  ]);
  const lines: StatementChild[] = children.map((child) => {
    const opening = before.find((b) => b.studentId === child.id)?._sum.amount ?? new Decimal(0);
    const own = entries
      .filter((e) => e.studentId === child.id)
      .map((e) => ({
        id: e.id,
        date: isoDate(e.entryDate) ?? '',
        kind: e.kind,
        amount: e.amount,
        hours: e.hours,
        rate: e.hourlyRate,
        price: e.price,
        course: e.schedule?.course.name ?? null,
      }));
    const closing = own.reduce((sum, e) => sum.plus(e.amount), new Decimal(opening));
    return { ...child, opening: new Decimal(opening), entries: own, closing };
  });
  const sum = (pick: (c: StatementChild) => Prisma.Decimal) =>
    lines.reduce((total, c) => total.plus(pick(c)), new Decimal(0));
  return {
    centre,
    household,
    month,
    children: lines,
    opening: sum((c) => c.opening),
    closing: sum((c) => c.closing),
  };
}

/** The months ('YYYY-MM') with at least one ledger entry of the household's children, newest first. */
export async function statementMonths(db: Db, organisationId: number, householdId: number) {
  return db.$queryRaw<{ month: string; entries: number }[]>`
    SELECT to_char(e."entryDate", 'YYYY-MM') AS month, count(*)::int AS entries
      FROM "VoucherLedgerEntry" e
      JOIN "Student" s ON s.id = e."studentId"
     WHERE e."organisationId" = ${organisationId} AND s."householdId" = ${householdId}
     GROUP BY 1
     ORDER BY 1 DESC`;
}

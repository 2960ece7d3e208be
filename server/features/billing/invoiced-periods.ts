// Past billing shows every billed period: the cycles, and the periods invoiced by hand (no cycle; the
// demo centre's September and October invoices are such), so an empty cycle list never reads as
// "nothing was ever billed".
import type { TInvoicedPeriod } from '../../../src/contracts/billing';
import type { ZListQuery } from '../../../src/contracts/list';
import type { z } from '../../../src/contracts/z';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { isoDate, pageArgs } from '../../http/list';
import { fixed2 } from '../money/money-text';

interface Row {
  periodStart: Date;
  periodEnd: Date;
  invoices: number;
  paid: number;
  unpaid: number;
  void: number;
  total: Prisma.Decimal | string | null;
}

/** Periods of invoices without a cycle, newest first, with their invoices by status and total. */
export async function invoicedPeriods(prisma: PrismaClient, query: z.output<typeof ZListQuery>) {
  const { skip, take } = pageArgs(query);
  const [rows, count] = await Promise.all([
    prisma.$queryRaw<Row[]>`
      SELECT "periodStart", "periodEnd", count(*)::int AS invoices,
             (count(*) FILTER (WHERE "status" = 'PAID'))::int AS paid,
             (count(*) FILTER (WHERE "status" = 'UNPAID'))::int AS unpaid,
             (count(*) FILTER (WHERE "status" = 'VOID'))::int AS void,
             coalesce(sum("total") FILTER (WHERE "status" <> 'VOID'), 0) AS total
        FROM "Invoice" WHERE "cycleId" IS NULL
       GROUP BY "periodStart", "periodEnd"
       ORDER BY "periodStart" DESC, "periodEnd" DESC
       LIMIT ${take} OFFSET ${skip}`,
    prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT DISTINCT "periodStart", "periodEnd" FROM "Invoice" WHERE "cycleId" IS NULL) p`,
  ]);
  const data: TInvoicedPeriod[] = rows.map((r) => ({
    periodStart: isoDate(r.periodStart) as string,
    periodEnd: isoDate(r.periodEnd) as string,
    invoices: r.invoices,
    paid: r.paid,
    unpaid: r.unpaid,
    void: r.void,
    total: fixed2(r.total ?? 0),
  }));
  return { data, total: count[0]?.n ?? 0, success: true as const };
}

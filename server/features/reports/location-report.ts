// The report by location (issue 23): per location over the centre's days from..to, the completed
// lessons and their class hours, the sales to students enrolled there and the teacher pay of the
// classes held there, with a total row. Each figure is one aggregate grouped by location, read with
// the definitions of the other reports: sales as the purchase history counts them (purchase-history.ts
// purchaseTotals), salary from the salary report's own lines (salary-lines.ts), so the totals equal
// theirs. A caller limited to sites sees only those; rows with no location are gathered under null.
import type { Response } from 'express';
import type { TLocationFigures, TLocationReport, TLocationReportQuery } from '../../../src/contracts/reports';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { type Column, sendXlsx } from '../../http/spreadsheet';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { sitesOf } from '../locations/sites';
import { purchaseTotals } from './purchase-history';
import { reportCentre } from './report-scope';
import { salaryByLocation } from './salary-lines';

const { Decimal } = Prisma;
const text = (value: Prisma.Decimal) => value.toFixed(2);

interface LessonRow {
  locationId: number | null;
  lessons: number;
  hours: string;
}
interface SaleRow {
  locationId: number | null;
  type: string;
  voucher: string;
  gift: string;
}

async function readFigures(prisma: PrismaClient, auth: AuthContext, query: TLocationReportQuery) {
  const centre = await reportCentre(prisma, auth);
  const org = centre.organisationId;
  const sites = sitesOf(auth);
  const fromAt = startOfDayIn(query.from, centre.timeZone);
  const untilAt = endOfDayIn(query.to, centre.timeZone);
  const at = (column: Prisma.Sql) => (sites ? Prisma.sql`AND ${column} = ANY(${sites}::int[])` : Prisma.empty);
  const [locations, lessons, sales, salary] = await Promise.all([
    prisma.location.findMany({
      where: { organisationId: org, ...(sites ? { id: { in: sites } } : {}) },
      select: { id: true, name: true, active: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    prisma.$queryRaw<LessonRow[]>`
      SELECT s."locationId", count(*)::int AS lessons,
        COALESCE(sum(ROUND(ROUND(EXTRACT(EPOCH FROM (s."endAt" - s."startAt")) / 60) / 60, 2)), 0)::text AS hours
      FROM "Schedule" s
      WHERE s."organisationId" = ${org}::int AND s.status = 'COMPLETED'
        AND s."startAt" >= ${fromAt}::timestamptz AND s."startAt" < ${untilAt}::timestamptz
        ${at(Prisma.sql`s."locationId"`)}
      GROUP BY s."locationId"`,
    prisma.$queryRaw<SaleRow[]>`
      SELECT st."locationId", v.type::text AS type,
        COALESCE(sum(v."voucherAmount"), 0)::text AS voucher, COALESCE(sum(v."giftAmount"), 0)::text AS gift
      FROM "VoucherPurchase" v JOIN "Student" st ON st.id = v."studentId"
      WHERE v."organisationId" = ${org}::int
        AND v."purchaseDate" >= ${query.from}::date AND v."purchaseDate" <= ${query.to}::date
        ${at(Prisma.sql`st."locationId"`)}
      GROUP BY st."locationId", v.type`,
    salaryByLocation(prisma, {
      organisationId: org,
      timeZone: centre.timeZone,
      from: query.from,
      to: query.to,
      locationIds: sites ?? undefined,
    }),
  ]);
  return { centre, locations, lessons, sales, salary };
}

function figuresOf(lessons: LessonRow[], sales: SaleRow[], salary: { amount: string }[]): TLocationFigures {
  // Sums per type over the rows' locations, as purchaseTotals reads them.
  const sums = new Map<string, { voucherAmount: Prisma.Decimal; giftAmount: Prisma.Decimal }>();
  for (const s of sales) {
    const sum = sums.get(s.type) ?? { voucherAmount: new Decimal(0), giftAmount: new Decimal(0) };
    sums.set(s.type, { voucherAmount: sum.voucherAmount.plus(s.voucher), giftAmount: sum.giftAmount.plus(s.gift) });
  }
  const totals = purchaseTotals([...sums].map(([type, _sum]) => ({ type, _sum })));
  return {
    lessons: lessons.reduce((n, r) => n + r.lessons, 0),
    hours: text(lessons.reduce((sum, r) => sum.plus(r.hours), new Decimal(0))),
    sales: totals.voucherAmount,
    gift: totals.giftAmount,
    salary: text(salary.reduce((sum, r) => sum.plus(r.amount), new Decimal(0))),
  };
}

export async function locationReport(
  prisma: PrismaClient,
  auth: AuthContext,
  query: TLocationReportQuery,
): Promise<TLocationReport> {
  const { locations, lessons, sales, salary } = await readFigures(prisma, auth, query);
  const of = <R extends { locationId: number | null }>(rows: R[], id: number | null) =>
    rows.filter((r) => r.locationId === id);
  const rows: TLocationReport['locations'] = [];
  for (const location of locations) {
    const figures = figuresOf(of(lessons, location.id), of(sales, location.id), of(salary, location.id));
    const empty = !figures.lessons && [figures.sales, figures.gift, figures.salary].every((v) => v === '0.00');
    // An inactive location without figures is left out; an active one shows its zeros.
    if (location.active || !empty) rows.push({ location: { id: location.id, name: location.name }, ...figures });
  }
  const nowhere = figuresOf(of(lessons, null), of(sales, null), of(salary, null));
  if (of(lessons, null).length || of(sales, null).length || of(salary, null).length)
    rows.push({ location: null, ...nowhere });
  return { from: query.from, to: query.to, locations: rows, totals: figuresOf(lessons, sales, salary) };
}

type Line = TLocationReport['locations'][number] & { label?: string };

const columns: Column<Line>[] = [
  { header: 'Location', width: 28, value: (l) => l.label ?? l.location?.name ?? 'No location' },
  { header: 'Lessons', kind: 'number', value: (l) => l.lessons },
  { header: 'Hours', kind: 'number', value: (l) => l.hours },
  { header: 'Sales', width: 14, kind: 'money', value: (l) => l.sales },
  { header: 'Gift amount', width: 14, kind: 'money', value: (l) => l.gift },
  { header: 'Salary', width: 14, kind: 'money', value: (l) => l.salary },
];

export async function downloadLocationReport(
  prisma: PrismaClient,
  auth: AuthContext,
  query: TLocationReportQuery,
  res: Response,
): Promise<undefined> {
  const [centre, report] = await Promise.all([reportCentre(prisma, auth), locationReport(prisma, auth, query)]);
  const lines: Line[] = [...report.locations, { location: null, label: 'Total', ...report.totals }];
  await sendXlsx(res, `locations-${query.from}-to-${query.to}`, columns, lines, centre);
  return undefined;
}

import type { Response } from 'express';
import type { z } from 'zod';
import type { TStudentFilters, ZStudentListQuery } from '../../../src/contracts/students';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { cappedTotal, countTake, DEEP_PAGE_SKIP, pageArgs, sortArgs, toDbDate } from '../../http/list';
import { containsLiteral, searchWordFilters } from '../../http/search';
import { cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { studentSiteWhere } from '../locations/sites';
import { type StudentRow, studentSelect, toStudent } from './student-view';

/** The filters as a Prisma where, always inside the caller's centre. */
export async function studentWhere(
  prisma: PrismaClient,
  organisationId: number,
  f: TStudentFilters,
  auth?: AuthContext,
): Promise<Prisma.StudentWhereInput> {
  const words = await searchWordFilters(prisma, f.q);
  // A site-limited operator sees the students enrolled at their sites only (issue 23); the
  // locationId filter narrows further (AND: a filter on another site finds nothing).
  const sites = studentSiteWhere(auth);
  return {
    organisationId,
    ...(f.active !== undefined ? { active: f.active } : {}),
    ...(f.studentId ? { studentId: containsLiteral(f.studentId) } : {}),
    ...(f.firstName ? { firstName: containsLiteral(f.firstName) } : {}),
    ...(f.lastName ? { lastName: containsLiteral(f.lastName) } : {}),
    ...(f.referrerId ? { referrerId: f.referrerId } : {}),
    ...(f.startDateFrom || f.startDateTo
      ? {
          startDate: {
            ...(f.startDateFrom ? { gte: toDbDate(f.startDateFrom) ?? undefined } : {}),
            ...(f.startDateTo ? { lte: toDbDate(f.startDateTo) ?? undefined } : {}),
          },
        }
      : {}),
    AND: [
      ...(sites.locationId ? [sites] : []),
      ...(f.locationId ? [{ locationId: f.locationId }] : []),
      // Every word of q within "studentId first last", accents and case folded (trigram GIN index).
      ...words.map((searchText) => ({ searchText })),
    ],
  };
}

function studentOrder(f: TStudentFilters) {
  const order = sortArgs(f.sortField, f.sortOrder, 'lastName');
  // Same-surname students read best by first name, before the id tie-breaker.
  if ((f.sortField ?? 'lastName') === 'lastName') order.splice(1, 0, { firstName: order[0].lastName });
  return order;
}

export async function listStudents(prisma: PrismaClient, auth: AuthContext, query: z.output<typeof ZStudentListQuery>) {
  const organisationId = organisationOf(auth);
  const where = await studentWhere(prisma, organisationId, query, auth);
  const take = countTake(query);
  const orderBy = studentOrder(query);
  const page = pageArgs(query);
  const select = { ...studentSelect, voucherBalance: true };
  const count = () => prisma.student.count({ where, orderBy, take });
  const [rows, counted] =
    page.skip < DEEP_PAGE_SKIP
      ? await prisma.$transaction([prisma.student.findMany({ where, orderBy, ...page, select }), count()])
      : await prisma
          .$transaction([prisma.student.findMany({ where, orderBy, ...page, select: { id: true } }), count()])
          .then(async ([ids, n]) => {
            const found = await prisma.student.findMany({
              where: { organisationId, id: { in: ids.map((r) => r.id) } },
              orderBy,
              select,
            });
            return [found, n] as const;
          });
  const totals = await ledgerTotalsOf(
    prisma,
    organisationId,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((row) => ({
      ...toStudent(row),
      voucherBalance: row.voucherBalance.toFixed(2),
      ...(totals.get(row.id) ?? NO_TOTALS),
    })),
    ...cappedTotal(counted, take),
    success: true as const,
  };
}

const NO_TOTALS = { totalPurchased: '0.00', totalGift: '0.00', totalPaidFromVoucher: '0.00' };

/**
 * The ledger totals of the page's students only, in one grouped query over their entries (the
 * (organisationId, studentId, id) index): purchased = Σ PURCHASE, gift = Σ GIFT, paid from voucher =
 * -(Σ CLASS_CHARGE + Σ CHARGE_REVERSAL), as the student's ledger defines them.
 */
async function ledgerTotalsOf(prisma: PrismaClient, organisationId: number, studentIds: number[]) {
  const totals = new Map<number, typeof NO_TOTALS>();
  if (!studentIds.length) return totals;
  const sums = await prisma.$queryRaw<{ studentId: number; purchased: string; gift: string; paid: string }[]>`
    SELECT "studentId",
      ROUND(COALESCE(SUM("amount") FILTER (WHERE "kind" = 'PURCHASE'), 0), 2)::text AS purchased,
      ROUND(COALESCE(SUM("amount") FILTER (WHERE "kind" = 'GIFT'), 0), 2)::text AS gift,
      ROUND(-COALESCE(SUM("amount") FILTER (WHERE "kind" IN ('CLASS_CHARGE', 'CHARGE_REVERSAL')), 0), 2)::text AS paid
    FROM "VoucherLedgerEntry"
    WHERE "organisationId" = ${organisationId} AND "studentId" = ANY(${studentIds}::int[])
    GROUP BY "studentId"`;
  for (const s of sums)
    totals.set(s.studentId, { totalPurchased: s.purchased, totalGift: s.gift, totalPaidFromVoucher: s.paid });
  return totals;
}

/** The whole filtered view (every page) as an .xlsx download. */
export async function exportStudents(prisma: PrismaClient, auth: AuthContext, filters: TStudentFilters, res: Response) {
  const organisationId = organisationOf(auth);
  const [rows, locations] = await Promise.all([
    studentWhere(prisma, organisationId, filters, auth).then((where) =>
      prisma.student.findMany({ where, orderBy: studentOrder(filters), select: studentSelect }),
    ),
    prisma.location.findMany({ where: { organisationId }, select: { id: true, name: true } }),
  ]);
  const locationName = new Map(locations.map((l) => [l.id, l.name]));
  // The import template's columns (STUDENT_IMPORT_HEADERS), typed: an export can be edited and imported back.
  await sendXlsx<StudentRow>(
    res,
    'students',
    [
      { header: 'Student ID', value: (s) => s.studentId },
      { header: 'First Name', value: (s) => s.firstName },
      { header: 'Last Name', value: (s) => s.lastName },
      { header: 'Email', width: 28, value: (s) => s.email },
      { header: 'Phone', value: (s) => s.phone },
      { header: 'Wechat', value: (s) => s.wechat },
      { header: 'Start Date', kind: 'date', value: (s) => s.startDate },
      { header: 'Hourly Rate', kind: 'money', value: (s) => s.hourlyRate },
      { header: 'Allow SMS', kind: 'yesNo', value: (s) => s.allowSms },
      { header: 'Allow Email', kind: 'yesNo', value: (s) => s.allowEmail },
      { header: 'Referrer', value: (s) => s.referrer?.name },
      { header: 'Active', kind: 'yesNo', value: (s) => s.active },
      { header: 'Comments', width: 40, value: (s) => s.comments },
      { header: 'Location', value: (s) => (s.locationId === null ? null : locationName.get(s.locationId)) },
    ],
    rows,
    await cellFormatOf(prisma, organisationId),
  );
  return undefined; // the reply was streamed
}

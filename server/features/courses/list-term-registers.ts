import type { Response } from 'express';
import type { z } from 'zod';
import type {
  TTermPaymentType,
  TTermRegisterListQuery,
  ZTermRegisterFilters,
} from '../../../src/contracts/term-registers';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { searchWordFilters } from '../../http/search';
import { cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { studentSiteWhere } from '../locations/sites';
import { termRegisterSelect, toTermRegister } from './term-register-view';
import { endOfDayIn, startOfDayIn } from './zoned-dates';

type TermRegisterFilters = z.output<typeof ZTermRegisterFilters>;

/** The filters as a where clause; from/to are days of the centre's time zone. */
async function termRegisterWhere(
  prisma: PrismaClient,
  auth: AuthContext,
  filters: TermRegisterFilters,
): Promise<Prisma.TermRegisterWhereInput> {
  const organisationId = organisationOf(auth);
  let createdAt: Prisma.DateTimeFilter | undefined;
  if (filters.from || filters.to) {
    const { timeZone } = await prisma.organisation.findUniqueOrThrow({
      where: { id: organisationId },
      select: { timeZone: true },
    });
    createdAt = {
      ...(filters.from ? { gte: startOfDayIn(filters.from, timeZone) } : {}),
      ...(filters.to ? { lt: endOfDayIn(filters.to, timeZone) } : {}),
    };
  }
  // Every word of `q` must be in the student's "studentId first last" (folded, trigram GIN index).
  const words = await searchWordFilters(prisma, filters.q);
  const sites = studentSiteWhere(auth);
  return {
    organisationId,
    // A site-limited operator sees their sites' students' registers only (issue 23).
    ...(sites.locationId ? { student: sites } : {}),
    paid: filters.paid,
    studentId: filters.studentId,
    termId: filters.termId,
    courseId: filters.courseId,
    teacherId: filters.teacherId,
    createdAt,
    ...(words.length ? { AND: words.map((searchText) => ({ student: { searchText } })) } : {}),
  };
}

export async function listTermRegisters(prisma: PrismaClient, auth: AuthContext, query: TTermRegisterListQuery) {
  const where = await termRegisterWhere(prisma, auth, query);
  const orderBy = query.sortField
    ? sortArgs(query.sortField, query.sortOrder, 'createdAt')
    : sortArgs('createdAt', 'descend', 'createdAt');
  const [rows, total] = await prisma.$transaction([
    prisma.termRegister.findMany({ where, orderBy, ...pageArgs(query), select: termRegisterSelect }),
    prisma.termRegister.count({ where }),
  ]);
  return { data: rows.map(toTermRegister), total, success: true as const };
}

/** Exports show labels, not codes (the client's en-US texts). */
const PAYMENT_TYPE_LABELS: Record<TTermPaymentType, string> = {
  CASH: 'Cash',
  CARD: 'Card',
  E_TRANSFER: 'E-transfer',
  CHEQUE: 'Cheque',
  VOUCHER: 'Voucher',
  OTHER: 'Other',
};

export async function exportTermRegisters(
  prisma: PrismaClient,
  auth: AuthContext,
  filters: TermRegisterFilters,
  res: Response,
): Promise<undefined> {
  const rows = await prisma.termRegister.findMany({
    where: await termRegisterWhere(prisma, auth, filters),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: termRegisterSelect,
  });
  await sendXlsx(
    res,
    'term-registers',
    [
      { header: 'ID', kind: 'number', value: (r) => r.id },
      { header: 'Student ID', value: (r) => r.student.studentId },
      { header: 'Student', width: 24, value: (r) => r.student.name },
      { header: 'Course', width: 24, value: (r) => r.course.name },
      { header: 'Teacher', width: 24, value: (r) => r.teacher?.name },
      { header: 'Term start', kind: 'date', value: (r) => r.term.startDate },
      { header: 'Term end', kind: 'date', value: (r) => r.term.endDate },
      { header: 'Payment type', value: (r) => PAYMENT_TYPE_LABELS[r.paymentType] },
      { header: 'Price', kind: 'money', value: (r) => r.price },
      { header: 'Paid', kind: 'yesNo', value: (r) => r.paid },
      { header: 'Created', width: 18, kind: 'timestamp', value: (r) => r.createdAt },
      { header: 'Comments', width: 40, value: (r) => r.comments },
    ],
    rows.map(toTermRegister),
    await cellFormatOf(prisma, organisationOf(auth)),
  );
  return undefined;
}

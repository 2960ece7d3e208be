import type { z } from 'zod';
import type { TAuditEntity, ZAuditRecordsQuery } from '../../../src/contracts/audit';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { searchWordFilters } from '../../http/search';
import { organisationOf } from '../../http/tenancy';
import { auditLabels } from './audit-labels';

const TAKE = 20;
type Words = Awaited<ReturnType<typeof searchWordFilters>>;
const all = (words: Words) => words.map((searchText) => ({ searchText }));

/** The ids of one kind's records matching the words (names kept folded in searchText), newest first. */
async function matchingIds(prisma: PrismaClient, organisationId: number, kind: TAuditEntity, words: Words) {
  const page = { take: TAKE, orderBy: { id: 'desc' as const }, select: { id: true } };
  const student = { student: { AND: all(words) } };
  switch (kind) {
    case 'STUDENT':
      return prisma.student.findMany({ where: { organisationId, AND: all(words) }, ...page });
    case 'TEACHER':
      return prisma.teacher.findMany({ where: { organisationId, user: { AND: all(words) } }, ...page });
    case 'USER':
      return prisma.user.findMany({ where: { organisationId, AND: all(words) }, ...page });
    case 'COURSE':
      return prisma.course.findMany({ where: { organisationId, AND: all(words) }, ...page });
    case 'SCHEDULE':
      return prisma.schedule.findMany({
        where: { organisationId, course: { AND: all(words) } },
        ...page,
        orderBy: { startAt: 'desc' },
      });
    case 'TERM_REGISTER':
      return prisma.termRegister.findMany({ where: { organisationId, ...student }, ...page });
    case 'VOUCHER_PURCHASE':
      return prisma.voucherPurchase.findMany({ where: { organisationId, ...student }, ...page });
    case 'PAYROLL_PERIOD':
      return prisma.payrollPeriod.findMany({ where: { organisationId }, ...page, orderBy: { startDate: 'desc' } });
    case 'ORGANISATION':
      return [{ id: organisationId }];
    case 'CLOSURE':
      // Closures have no folded search column: a few a year, matched on their name here.
      return prisma.closure.findMany({
        where: { organisationId, AND: words.map((w) => ({ name: { ...w, mode: 'insensitive' as const } })) },
        ...page,
        orderBy: { startDate: 'desc' },
      });
    case 'HOUSEHOLD':
      // Households have no folded search column either: matched on their name.
      return prisma.household.findMany({
        where: { organisationId, AND: words.map((w) => ({ name: { ...w, mode: 'insensitive' as const } })) },
        ...page,
      });
  }
}

/** GET /audit/records: the records the audit filter offers for a typed name, labelled as the list shows them. */
export async function auditRecords(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZAuditRecordsQuery>,
) {
  const organisationId = organisationOf(auth);
  const words = await searchWordFilters(prisma, query.q);
  const rows = await matchingIds(prisma, organisationId, query.entityType, words);
  const { timeZone } = await prisma.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { timeZone: true },
  });
  const refs = rows.map((row) => ({ entityType: query.entityType, entityId: row.id }));
  const labels = await auditLabels(prisma, organisationId, timeZone, refs);
  return refs.flatMap((ref) => {
    const label = labels.get(`${ref.entityType}:${ref.entityId}`);
    return label ? [{ id: ref.entityId, label }] : [];
  });
}

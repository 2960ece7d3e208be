import type { Response } from 'express';
import type { z } from 'zod';
import type { TTermListQuery, ZTermFilters } from '../../../src/contracts/terms';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate, pageArgs, sortArgs, toDbDate } from '../../http/list';
import { searchWordFilters } from '../../http/search';
import { sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { containsText } from './references';
import { termSelect, toTerm } from './term-view';

type TermFilters = z.output<typeof ZTermFilters>;

async function termWhere(
  prisma: PrismaClient,
  organisationId: number,
  filters: TermFilters,
): Promise<Prisma.TermWhereInput> {
  const words = await searchWordFilters(prisma, filters.q);
  return {
    organisationId,
    courseId: filters.courseId,
    teacherId: filters.teacherId,
    school: containsText(filters.school),
    // Overlapping [from, to]: starts on or before `to` and ends on or after `from`.
    ...(filters.to ? { startDate: { lte: toDbDate(filters.to) ?? undefined } } : {}),
    ...(filters.from ? { endDate: { gte: toDbDate(filters.from) ?? undefined } } : {}),
    // Every word of q in the course's "school courseNumber name" (folded, trigram GIN index), the
    // term's name, school or comments.
    ...(words.length
      ? {
          AND: words.map((searchText) => {
            const other = { contains: searchText.contains, mode: 'insensitive' as const };
            return { OR: [{ course: { searchText } }, { name: other }, { school: other }, { comments: other }] };
          }),
        }
      : {}),
  };
}

export async function listTerms(prisma: PrismaClient, auth: AuthContext, query: TTermListQuery) {
  const where = await termWhere(prisma, organisationOf(auth), query);
  // Newest first unless the user sorts by a column.
  const orderBy = query.sortField
    ? sortArgs(query.sortField, query.sortOrder, 'startDate')
    : sortArgs('startDate', 'descend', 'startDate');
  const [rows, total] = await prisma.$transaction([
    prisma.term.findMany({ where, orderBy, ...pageArgs(query), select: termSelect }),
    prisma.term.count({ where }),
  ]);
  return { data: rows.map(toTerm), total, success: true as const };
}

/** "Grade 9 Math, Fall 2026 (2026-09-08 to 2027-01-29)": the term's name, then its dates. */
export function termLabel(term: { name: string; startDate: Date; endDate: Date }) {
  return `${term.name} (${isoDate(term.startDate)} to ${isoDate(term.endDate)})`;
}

export async function termOptions(prisma: PrismaClient, auth: AuthContext, courseId: number | undefined) {
  const terms = await prisma.term.findMany({
    where: { organisationId: organisationOf(auth), courseId },
    orderBy: [{ startDate: 'desc' }, { id: 'desc' }],
    select: { id: true, name: true, startDate: true, endDate: true },
  });
  return terms.map((term) => ({ id: term.id, label: termLabel(term) }));
}

export async function exportTerms(
  prisma: PrismaClient,
  auth: AuthContext,
  filters: TermFilters,
  res: Response,
): Promise<undefined> {
  const rows = await prisma.term.findMany({
    where: await termWhere(prisma, organisationOf(auth), filters),
    orderBy: [{ startDate: 'desc' }, { id: 'desc' }],
    select: termSelect,
  });
  await sendXlsx(
    res,
    'terms',
    [
      { header: 'ID', kind: 'number', value: (t) => t.id },
      { header: 'Name', width: 30, value: (t) => t.name },
      { header: 'School', width: 20, value: (t) => t.school },
      { header: 'Course', width: 30, value: (t) => t.course.name },
      { header: 'Teacher', width: 24, value: (t) => t.teacher?.name },
      { header: 'Start date', kind: 'date', value: (t) => t.startDate },
      { header: 'End date', kind: 'date', value: (t) => t.endDate },
      { header: 'Comments', width: 40, value: (t) => t.comments },
    ],
    rows.map(toTerm),
  );
  return undefined;
}

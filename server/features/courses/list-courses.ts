import type { Response } from 'express';
import type { z } from 'zod';
import type { TCourseListQuery, ZCourseFilters } from '../../../src/contracts/courses';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { searchWordFilters } from '../../http/search';
import { sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { courseSelect, toCourse } from './course-view';
import { containsText } from './references';

type CourseFilters = z.output<typeof ZCourseFilters>;

async function courseWhere(
  prisma: PrismaClient,
  organisationId: number,
  filters: CourseFilters,
): Promise<Prisma.CourseWhereInput> {
  const words = await searchWordFilters(prisma, filters.q);
  return {
    organisationId,
    school: containsText(filters.school),
    courseNumber: containsText(filters.courseNumber),
    name: containsText(filters.name),
    // Every word of q in "school courseNumber name" (folded, trigram GIN index) or the description.
    ...(words.length
      ? {
          AND: words.map((searchText) => ({
            OR: [{ searchText }, { description: { contains: searchText.contains, mode: 'insensitive' as const } }],
          })),
        }
      : {}),
  };
}

export async function listCourses(prisma: PrismaClient, auth: AuthContext, query: TCourseListQuery) {
  const where = await courseWhere(prisma, organisationOf(auth), query);
  const [rows, total] = await prisma.$transaction([
    prisma.course.findMany({
      where,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'name'),
      ...pageArgs(query),
      select: courseSelect,
    }),
    prisma.course.count({ where }),
  ]);
  return { data: rows.map(toCourse), total, success: true as const };
}

export async function courseOptions(prisma: PrismaClient, auth: AuthContext) {
  return prisma.course.findMany({
    where: { organisationId: organisationOf(auth) },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true },
  });
}

export async function exportCourses(
  prisma: PrismaClient,
  auth: AuthContext,
  filters: CourseFilters,
  res: Response,
): Promise<undefined> {
  const rows = await prisma.course.findMany({
    where: await courseWhere(prisma, organisationOf(auth), filters),
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: courseSelect,
  });
  await sendXlsx(
    res,
    'courses',
    [
      { header: 'ID', kind: 'number', value: (c) => c.id },
      { header: 'School', width: 20, value: (c) => c.school },
      { header: 'Course number', value: (c) => c.courseNumber },
      { header: 'Name', width: 30, value: (c) => c.name },
      { header: 'Description', width: 40, value: (c) => c.description },
      { header: 'Teachers', width: 40, value: (c) => c.teachers.map((t) => t.name).join(', ') },
    ],
    rows.map(toCourse),
  );
  return undefined;
}

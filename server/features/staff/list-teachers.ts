import type { Response } from 'express';
import type { z } from 'zod';
import type { TTeacherListQuery, ZTeacherExportQuery } from '../../../src/contracts/teachers';
import { maskSin } from '../../../src/contracts/teachers';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs } from '../../http/list';
import { searchWordFilters } from '../../http/search';
import { cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { type SinView, teacherInclude, teacherName, teacherScope, toTeacher } from './teacher-view';

type Filters = z.output<typeof ZTeacherExportQuery>;

async function filteredTeachers(
  prisma: PrismaClient,
  auth: AuthContext,
  query: Filters,
): Promise<Prisma.TeacherWhereInput> {
  const words = await searchWordFilters(prisma, query.q);
  return {
    AND: [
      teacherScope(auth),
      // Deleted teachers are listed only when asked for (status=deleted): their records stay.
      query.status === 'deleted' ? { deletedAt: { not: null } } : { deletedAt: null },
      query.status === 'active' ? { user: { activated: true } } : {},
      query.status === 'inactive' ? { user: { activated: false } } : {},
      query.activated === undefined ? {} : { user: { activated: query.activated } },
      query.courseId ? { courses: { some: { id: query.courseId } } } : {},
      // Every word of q: in the user's "first last login email" (folded, trigram GIN index), the
      // preferred name or the employee ID (case-insensitive there).
      ...words.map((searchText) => {
        const other = { contains: searchText.contains, mode: 'insensitive' as const };
        return { OR: [{ user: { searchText } }, { preferredName: other }, { employeeId: other }] };
      }),
    ],
  };
}

/** Names live on the user; the rest on the teacher. `id` last keeps pages stable on ties. */
function teacherOrder(query: Filters): Prisma.TeacherOrderByWithRelationInput[] {
  const dir = query.sortOrder === 'descend' ? ('desc' as const) : ('asc' as const);
  const field = query.sortField ?? 'lastName';
  if (field === 'lastName') return [{ user: { lastName: dir } }, { user: { firstName: dir } }, { id: dir }];
  if (field === 'firstName') return [{ user: { firstName: dir } }, { user: { lastName: dir } }, { id: dir }];
  if (field === 'createdAt') return [{ createdAt: dir }, { id: dir }];
  return [{ [field]: { sort: dir, nulls: 'last' } }, { id: dir }];
}

export async function listTeachers(prisma: PrismaClient, auth: AuthContext, query: TTeacherListQuery, view: SinView) {
  const where = await filteredTeachers(prisma, auth, query);
  const [rows, total] = await prisma.$transaction([
    prisma.teacher.findMany({ where, orderBy: teacherOrder(query), ...pageArgs(query), include: teacherInclude }),
    prisma.teacher.count({ where }),
  ]);
  return { data: rows.map((row) => toTeacher(row, view)), total, success: true as const };
}

/** Active teachers for the selects of other features. */
export async function teacherOptions(prisma: PrismaClient, auth: AuthContext) {
  const rows = await prisma.teacher.findMany({
    where: { ...teacherScope(auth), deletedAt: null, user: { activated: true } },
    orderBy: [{ user: { lastName: 'asc' } }, { user: { firstName: 'asc' } }, { id: 'asc' }],
    select: { id: true, preferredName: true, user: { select: { firstName: true, lastName: true, login: true } } },
  });
  return rows.map((row) => ({ id: row.id, name: teacherName(row) }));
}

/** The whole filtered view as teachers.xlsx; the SIN column is masked for everyone, admins too. */
export async function exportTeachers(prisma: PrismaClient, auth: AuthContext, query: Filters, res: Response) {
  const rows = await prisma.teacher.findMany({
    where: await filteredTeachers(prisma, auth, query),
    orderBy: teacherOrder(query),
    include: teacherInclude,
  });
  type Row = (typeof rows)[number];
  await sendXlsx<Row>(
    res,
    'teachers',
    [
      // The import template's columns (teacherImportHeaders): an export can be edited and imported back.
      { header: 'Login', value: (t) => t.user.login },
      { header: 'Email', width: 28, value: (t) => t.user.email },
      { header: 'First Name', value: (t) => t.user.firstName },
      { header: 'Last Name', value: (t) => t.user.lastName },
      { header: 'Preferred Name', value: (t) => t.preferredName },
      { header: 'Employee ID', value: (t) => t.employeeId },
      { header: 'Phone', value: (t) => t.user.phone },
      { header: 'Hourly Rate', kind: 'money', value: (t) => t.hourlyRate },
      { header: 'SIN', value: (t) => (t.sinLast3 ? maskSin(t.sinLast3) : null) },
      { header: 'Colour', value: (t) => t.colour },
      { header: 'Courses', width: 30, value: (t) => t.courses.map((c) => c.name).join(', ') },
      { header: 'Activated', kind: 'yesNo', value: (t) => t.user.activated },
    ],
    rows,
    await cellFormatOf(prisma, organisationOf(auth)),
  );
}

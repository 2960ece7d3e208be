import type { Response } from 'express';
import type { TStaffExportQuery, TStaffListQuery } from '../../../src/contracts/staff';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { containsLiteral, searchWordFilters } from '../../http/search';
import { cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { hasStaffRole, staffSelect, staffWhere, toStaff } from './staff-view';

async function filteredStaff(
  prisma: PrismaClient,
  auth: AuthContext,
  query: TStaffExportQuery,
): Promise<Prisma.UserWhereInput> {
  const words = await searchWordFilters(prisma, query.q);
  return {
    AND: [
      staffWhere(auth),
      query.login ? { login: containsLiteral(query.login) } : {},
      query.role ? hasStaffRole(query.role) : {},
      query.activated === undefined ? {} : { activated: query.activated },
      // Every word of q within "first last login email", accents and case folded (trigram GIN index).
      ...words.map((searchText) => ({ searchText })),
    ],
  };
}

/** The centre's staff, filtered, sorted and paged in the database. */
export async function listStaff(prisma: PrismaClient, auth: AuthContext, query: TStaffListQuery) {
  const where = await filteredStaff(prisma, auth, query);
  const [rows, total] = await prisma.$transaction([
    prisma.user.findMany({
      where,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'login'),
      ...pageArgs(query),
      select: staffSelect,
    }),
    prisma.user.count({ where }),
  ]);
  return { data: rows.map(toStaff), total, success: true as const };
}

/** The whole filtered view (not one page) as staff.xlsx. */
export async function exportStaff(prisma: PrismaClient, auth: AuthContext, query: TStaffExportQuery, res: Response) {
  const rows = await prisma.user.findMany({
    where: await filteredStaff(prisma, auth, query),
    orderBy: sortArgs(query.sortField, query.sortOrder, 'login'),
    select: staffSelect,
  });
  await sendXlsx(
    res,
    'staff',
    [
      { header: 'Login', value: (s) => s.login },
      { header: 'First Name', value: (s) => s.firstName },
      { header: 'Last Name', value: (s) => s.lastName },
      { header: 'Role', value: (s) => (s.role === 'ROLE_ADMIN' ? 'Admin' : 'Operator') },
      { header: 'Email', width: 28, value: (s) => s.email },
      { header: 'Phone', value: (s) => s.phone },
      { header: 'Birthday', kind: 'date', value: (s) => s.birthday },
      { header: 'Gmail', width: 28, value: (s) => s.gmail },
      { header: 'Activated', kind: 'yesNo', value: (s) => s.activated },
      { header: 'Created', width: 18, kind: 'timestamp', value: (s) => s.createdAt },
    ],
    rows.map(toStaff),
    await cellFormatOf(prisma, organisationOf(auth)),
  );
}

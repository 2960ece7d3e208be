import type { Response } from 'express';
import type { TStaffExportQuery, TStaffListQuery } from '../../../src/contracts/staff';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { sendXlsx } from '../../http/spreadsheet';
import { hasStaffRole, staffSelect, staffWhere, toStaff } from './staff-view';

function filteredStaff(auth: AuthContext, query: TStaffExportQuery): Prisma.UserWhereInput {
  const contains = (value: string) => ({ contains: value, mode: 'insensitive' as const });
  return {
    AND: [
      staffWhere(auth),
      query.login ? { login: contains(query.login) } : {},
      query.role ? hasStaffRole(query.role) : {},
      query.activated === undefined ? {} : { activated: query.activated },
      query.q
        ? {
            OR: [
              { firstName: contains(query.q) },
              { lastName: contains(query.q) },
              { login: contains(query.q) },
              { email: contains(query.q) },
            ],
          }
        : {},
    ],
  };
}

/** The centre's staff, filtered, sorted and paged in the database. */
export async function listStaff(prisma: PrismaClient, auth: AuthContext, query: TStaffListQuery) {
  const where = filteredStaff(auth, query);
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
    where: filteredStaff(auth, query),
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
      { header: 'Birthday', value: (s) => s.birthday },
      { header: 'Gmail', width: 28, value: (s) => s.gmail },
      { header: 'Activated', value: (s) => (s.activated ? 'Yes' : 'No') },
      { header: 'Created', value: (s) => s.createdAt.slice(0, 10) },
    ],
    rows.map(toStaff),
  );
}

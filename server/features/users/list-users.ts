import type { z } from 'zod';
import type { ZUserListQuery } from '../../../src/contracts/account';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { escapeLike } from '../../http/search';
import { toUser, userSelect } from '../account/account-view';

/** The caller's centre's users, filtered, sorted and paged in the database. */
export async function listUsers(prisma: PrismaClient, auth: AuthContext, query: z.output<typeof ZUserListQuery>) {
  const where: Prisma.UserWhereInput = {
    organisationId: auth.organisationId ?? -1,
    // Logins and emails are stored lower-case; `%` and `_` match themselves.
    ...(query.login ? { login: { contains: escapeLike(query.login.toLowerCase()) } } : {}),
    ...(query.email ? { email: { contains: escapeLike(query.email.toLowerCase()) } } : {}),
  };
  const [rows, total] = await prisma.$transaction([
    prisma.user.findMany({
      where,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'login'),
      ...pageArgs(query),
      select: { ...userSelect, createdAt: true },
    }),
    prisma.user.count({ where }),
  ]);
  return { data: rows.map(toUser), total, success: true as const };
}

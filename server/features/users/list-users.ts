import type { z } from 'zod';
import type { ZUserListQuery } from '../../../src/contracts/account';
import { authoritiesOf } from '../../../src/contracts/permissions';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';

/** The caller's centre's users, filtered, sorted and paged in the database. */
export async function listUsers(prisma: PrismaClient, auth: AuthContext, query: z.output<typeof ZUserListQuery>) {
  const where: Prisma.UserWhereInput = {
    organisationId: auth.organisationId ?? -1,
    ...(query.login ? { login: { contains: query.login.toLowerCase() } } : {}),
    ...(query.email ? { email: { contains: query.email.toLowerCase() } } : {}),
  };
  const direction = query.sortOrder === 'descend' ? 'desc' : 'asc';
  const [rows, total] = await prisma.$transaction([
    prisma.user.findMany({
      where,
      orderBy: [{ [query.sortField ?? 'login']: direction }, { id: 'asc' }],
      skip: (query.current - 1) * query.pageSize,
      take: query.pageSize,
      select: {
        id: true,
        login: true,
        email: true,
        firstName: true,
        lastName: true,
        phone: true,
        langKey: true,
        activated: true,
        roles: true,
        createdAt: true,
      },
    }),
    prisma.user.count({ where }),
  ]);
  const data = rows.map(({ roles, createdAt, langKey, ...user }) => ({
    ...user,
    langKey: langKey === 'zh-CN' ? ('zh-CN' as const) : ('en-US' as const),
    authorities: authoritiesOf(roles),
    createdAt: createdAt.toISOString(),
  }));
  return { data, total, success: true as const };
}

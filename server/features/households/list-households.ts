import type { z } from 'zod';
import type { ZHouseholdListQuery } from '../../../src/contracts/households';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { containsLiteral, searchWordFilters } from '../../http/search';
import { organisationOf } from '../../http/tenancy';
import { householdSiteWhere } from './household-sites';
import { householdSelect, toHousehold } from './household-view';

/**
 * The centre's households. `q` finds a household by its name, one of its students (name or student ID)
 * or one of its guardians (name, email or phone).
 */
export async function listHouseholds(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZHouseholdListQuery>,
) {
  const organisationId = organisationOf(auth);
  const words = await searchWordFilters(prisma, query.q);
  const q = query.q?.trim();
  const literal = containsLiteral(q);
  const where: Prisma.HouseholdWhereInput = {
    organisationId,
    // A site-limited operator sees the households with a student at their sites (issue 23).
    ...householdSiteWhere(auth),
    ...(q
      ? {
          OR: [
            { name: literal },
            ...(words.length ? [{ students: { some: { AND: words.map((searchText) => ({ searchText })) } } }] : []),
            {
              guardians: {
                some: {
                  OR: [{ name: literal }, { email: literal }, { phone: literal }],
                },
              },
            },
          ],
        }
      : {}),
  };
  const [rows, total] = await prisma.$transaction([
    prisma.household.findMany({
      where,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'name'),
      ...pageArgs(query),
      select: householdSelect,
    }),
    prisma.household.count({ where }),
  ]);
  return { data: rows.map(toHousehold), total, success: true as const };
}

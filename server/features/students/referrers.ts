import type { z } from 'zod';
import type { TReferrer, ZReferrerBody, ZReferrerListQuery } from '../../../src/contracts/referrals';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { searchWordFilters } from '../../http/search';
import { notFound, organisationOf } from '../../http/tenancy';

const select = {
  id: true,
  name: true,
  phone: true,
  email: true,
  wechat: true,
  comments: true,
  createdAt: true,
} satisfies Prisma.ReferrerSelect;
type ReferrerRow = Prisma.ReferrerGetPayload<{ select: typeof select }>;
const toReferrer = (row: ReferrerRow): TReferrer => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listReferrers(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZReferrerListQuery>,
) {
  const words = await searchWordFilters(prisma, query.q);
  const where: Prisma.ReferrerWhereInput = {
    organisationId: organisationOf(auth),
    // Every word of q in the name, accents and case folded (trigram GIN index).
    ...(words.length ? { AND: words.map((searchText) => ({ searchText })) } : {}),
  };
  const [rows, total] = await prisma.$transaction([
    prisma.referrer.findMany({
      where,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'name'),
      ...pageArgs(query),
      select,
    }),
    prisma.referrer.count({ where }),
  ]);
  return { data: rows.map(toReferrer), total, success: true as const };
}

export async function getReferrer(prisma: PrismaClient, auth: AuthContext, id: number) {
  const row = await prisma.referrer.findFirst({ where: { id, organisationId: organisationOf(auth) }, select });
  if (!row) throw notFound('Referrer', id);
  return toReferrer(row);
}

export async function createReferrer(prisma: PrismaClient, auth: AuthContext, input: z.output<typeof ZReferrerBody>) {
  const row = await prisma.referrer.create({ data: { ...input, organisationId: organisationOf(auth) }, select });
  return toReferrer(row);
}

export async function updateReferrer(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  input: z.output<typeof ZReferrerBody>,
) {
  const { count } = await prisma.referrer.updateMany({
    where: { id, organisationId: organisationOf(auth) },
    data: input,
  });
  if (!count) throw notFound('Referrer', id);
  return getReferrer(prisma, auth, id);
}

import type { TNotice } from '../../../src/contracts/notices';
import type { Notice, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { notFound } from '../../http/tenancy';

export function noticeView(row: Notice): TNotice {
  return {
    id: row.id,
    type: row.type,
    entityType: row.entityType,
    entityId: row.entityId,
    data: (row.data ?? {}) as TNotice['data'],
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own notices, newest first, and how many of all theirs are unread. */
export async function listNotices(
  prisma: PrismaClient,
  auth: AuthContext,
  query: { limit: number; unreadOnly?: boolean },
) {
  const where = { userId: auth.userId, ...(query.unreadOnly ? { read: false } : {}) };
  const [rows, unread] = await Promise.all([
    prisma.notice.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: query.limit }),
    prisma.notice.count({ where: { userId: auth.userId, read: false } }),
  ]);
  return { data: rows.map(noticeView), unread, success: true as const };
}

/** Marks one of the caller's notices read; anyone else's is a 404, as if it did not exist. */
export async function markNoticeRead(prisma: PrismaClient, auth: AuthContext, id: number) {
  const { count } = await prisma.notice.updateMany({ where: { id, userId: auth.userId }, data: { read: true } });
  if (count === 0) throw notFound('Notice', id);
  return noticeView(await prisma.notice.findUniqueOrThrow({ where: { id } }));
}

export async function markAllNoticesRead(prisma: PrismaClient, auth: AuthContext) {
  const { count } = await prisma.notice.updateMany({
    where: { userId: auth.userId, read: false },
    data: { read: true },
  });
  return { updated: count };
}

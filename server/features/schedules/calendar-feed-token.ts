// The secret of a teacher's calendar feed URL: random, replaceable and revocable. Whoever holds the URL
// reads the teacher's classes, so the token is never logged (request-log.ts redacts the feed path).
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';

/** The subscribe path of a feed token, or null when the teacher has none. */
export function feedPathOf(token: string | null): string | null {
  return token ? `/api/calendar/${token}.ics` : null;
}

/** 192 random bits, URL-safe: 32 characters that the feed path's pattern accepts. */
export const newFeedToken = () => randomBytes(24).toString('base64url');

/** Whose feed a call is about: a teacher of the caller's centre by id, or the signed-in teacher. */
export type FeedOwner = { teacherId: number } | 'signed-in teacher';

async function feedTeacherId(prisma: PrismaClient, auth: AuthContext, owner: FeedOwner): Promise<number> {
  const organisationId = organisationOf(auth);
  if (owner === 'signed-in teacher') {
    const teacher = await prisma.teacher.findFirst({
      where: { userId: auth.userId, organisationId, deletedAt: null },
      select: { id: true },
    });
    if (!teacher) throw new AppError('not_found', 'This account has no teacher record');
    return teacher.id;
  }
  const teacher = await prisma.teacher.findFirst({
    where: { id: owner.teacherId, organisationId },
    select: { id: true },
  });
  if (!teacher) throw notFound('Teacher', owner.teacherId);
  return teacher.id;
}

export async function getFeed(prisma: PrismaClient, auth: AuthContext, owner: FeedOwner) {
  const id = await feedTeacherId(prisma, auth, owner);
  const { calendarToken } = await prisma.teacher.findUniqueOrThrow({ where: { id }, select: { calendarToken: true } });
  return { feedPath: feedPathOf(calendarToken) };
}

/** A new secret URL; the previous one stops working at once. */
export async function makeFeed(prisma: PrismaClient, auth: AuthContext, owner: FeedOwner) {
  const id = await feedTeacherId(prisma, auth, owner);
  const { calendarToken } = await prisma.teacher.update({
    where: { id },
    data: { calendarToken: newFeedToken() },
    select: { calendarToken: true },
  });
  return { feedPath: feedPathOf(calendarToken) };
}

export async function revokeFeed(prisma: PrismaClient, auth: AuthContext, owner: FeedOwner) {
  const id = await feedTeacherId(prisma, auth, owner);
  await prisma.teacher.update({ where: { id }, data: { calendarToken: null } });
  return { feedPath: null };
}

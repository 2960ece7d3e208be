// A family's lessons as an iCalendar feed at a secret URL (issue 21), like the teachers' feed: the
// household's children's planned and completed classes, 60 days back to a year ahead, in UTC. Only
// the family's own children are named (a group class's other students never are). The feed answers
// while one of the household's guardians may sign in to the portal; a token replaced or revoked, or a
// household whose access ended, answers 404 like one never made.
import type { Response } from 'express';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import { namedTeacher } from '../courses/references';
import { feedClassSelect, feedText, feedWindow, sendIcs, unknownCalendar } from '../schedules/calendar-feed';
import { newFeedToken } from '../schedules/calendar-feed-token';

export const familyFeedPath = (token: string | null) => (token ? `/api/calendar/family/${token}.ics` : null);

/** The household of the signed-in guardian (404 for an account that is no guardian). */
async function ownHouseholdId(prisma: PrismaClient, auth: AuthContext): Promise<number> {
  const guardian = await prisma.guardian.findFirst({
    where: { userId: auth.userId, organisationId: organisationOf(auth) },
    select: { householdId: true },
  });
  if (!guardian) throw new AppError('not_found', 'This account belongs to no household');
  return guardian.householdId;
}

export async function getFamilyFeed(prisma: PrismaClient, auth: AuthContext) {
  const id = await ownHouseholdId(prisma, auth);
  const { calendarToken } = await prisma.household.findUniqueOrThrow({
    where: { id },
    select: { calendarToken: true },
  });
  return { feedPath: familyFeedPath(calendarToken) };
}

/** A new secret URL; the previous one stops working at once. */
export async function makeFamilyFeed(prisma: PrismaClient, auth: AuthContext) {
  const id = await ownHouseholdId(prisma, auth);
  const { calendarToken } = await prisma.household.update({
    where: { id },
    data: { calendarToken: newFeedToken() },
    select: { calendarToken: true },
  });
  return { feedPath: familyFeedPath(calendarToken) };
}

export async function revokeFamilyFeed(prisma: PrismaClient, auth: AuthContext) {
  const id = await ownHouseholdId(prisma, auth);
  await prisma.household.update({ where: { id }, data: { calendarToken: null } });
  return { feedPath: null };
}

/** The iCalendar text of the household holding `token` (the path's `<token>.ics`). */
export async function familyCalendarText(prisma: PrismaClient, fileName: string, now = new Date()): Promise<string> {
  const token = fileName.replace(/\.ics$/, '');
  const household = await prisma.household.findFirst({
    where: { calendarToken: token, guardians: { some: { user: { activated: true } } } },
    select: {
      id: true,
      name: true,
      organisationId: true,
      organisation: { select: { name: true } },
      students: { select: { id: true, firstName: true } },
    },
  });
  if (!household) throw unknownCalendar();
  const children = new Map(household.students.map((s) => [s.id, s.firstName]));
  const classes = await prisma.schedule.findMany({
    where: {
      organisationId: household.organisationId,
      students: { some: { studentId: { in: [...children.keys()] } } },
      ...feedWindow(now),
    },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: {
      ...feedClassSelect,
      teacher: { select: { id: true, user: { select: { firstName: true, lastName: true, login: true } } } },
      students: { where: { studentId: { in: [...children.keys()] } }, select: { studentId: true } },
    },
  });
  const name = `${household.name} · ${household.organisation.name}`;
  return feedText({ name, product: 'Family lessons' }, classes, now, (lesson) => {
    const names = lesson.students.map((s) => children.get(s.studentId)).filter(Boolean);
    return {
      summary: `${names.join(', ')}: ${lesson.course.name}`,
      description: `${namedTeacher(lesson.teacher).name}${lesson.status === 'COMPLETED' ? ' · Completed' : ''}`,
    };
  });
}

export async function sendFamilyCalendar(prisma: PrismaClient, fileName: string, res: Response): Promise<undefined> {
  return sendIcs(res, await familyCalendarText(prisma, fileName));
}

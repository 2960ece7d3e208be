import { DateTime } from 'luxon';
import type { TMyClasses } from '../../../src/contracts/schedules';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { teacherOfUser } from './confirm-schedule';
import { centreTimeZone } from './list-schedules';
import { scheduleSelect, toTeacherSchedule } from './schedule-view';

const LIMIT = 100;
const UPCOMING_DAYS = 14;

/**
 * The signed-in teacher's confirmation page: their PLANNED classes that have started (oldest first),
 * then the rest of today's classes in the centre's zone, then the PLANNED classes of the next 14 days.
 * Money and referrers are left out (toTeacherSchedule).
 */
export async function myClasses(prisma: PrismaClient, auth: AuthContext): Promise<TMyClasses> {
  const organisationId = organisationOf(auth);
  const teacher = await teacherOfUser(prisma, auth);
  if (!teacher) return { awaiting: [], today: [], upcoming: [] };
  const zone = await centreTimeZone(prisma, organisationId);
  const now = new Date();
  const today = DateTime.fromJSDate(now, { zone }).toISODate() as string;
  const dayStart = startOfDayIn(today, zone);
  const dayEnd = endOfDayIn(today, zone);
  const lastDay = DateTime.fromISO(today, { zone: 'UTC' }).plus({ days: UPCOMING_DAYS }).toISODate() as string;
  const base = { organisationId, teacherId: teacher.id };
  const orderBy = [{ startAt: 'asc' as const }, { id: 'asc' as const }];
  const [awaiting, todays, upcoming, covered] = await prisma.$transaction([
    prisma.schedule.findMany({
      where: { ...base, status: 'PLANNED', startAt: { lte: now } },
      orderBy,
      take: LIMIT,
      select: scheduleSelect,
    }),
    // Today's classes not awaiting: those still to come and those confirmed already.
    prisma.schedule.findMany({
      where: {
        ...base,
        startAt: { gte: dayStart, lt: dayEnd },
        OR: [{ status: 'PLANNED', startAt: { gt: now } }, { status: 'COMPLETED' }],
      },
      orderBy,
      take: LIMIT,
      select: scheduleSelect,
    }),
    prisma.schedule.findMany({
      where: { ...base, status: 'PLANNED', startAt: { gte: dayEnd, lt: endOfDayIn(lastDay, zone) } },
      orderBy,
      take: LIMIT,
      select: scheduleSelect,
    }),
    // Classes of theirs a substitute teaches (issue 22): shown "covered by", never confirmed by them.
    prisma.schedule.findMany({
      where: {
        organisationId,
        originalTeacherId: teacher.id,
        status: 'PLANNED',
        startAt: { gte: dayStart, lt: endOfDayIn(lastDay, zone) },
      },
      orderBy,
      take: LIMIT,
      select: scheduleSelect,
    }),
  ]);
  return {
    awaiting: awaiting.map(toTeacherSchedule),
    today: todays.map(toTeacherSchedule),
    upcoming: upcoming.map(toTeacherSchedule),
    covered: covered.map(toTeacherSchedule),
  };
}

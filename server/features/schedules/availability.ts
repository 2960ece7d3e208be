// A teacher's weekly availability windows (local wall clock in the centre's zone), dated time off, and
// the public Google Calendar embed link, as the availability page reads and replaces them.
import type { z } from 'zod';
import type { TAvailability, ZAvailabilityBody, ZEmbedBody } from '../../../src/contracts/schedules';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import type { FieldErrorText } from '../../http/errors';
import { invalidInput } from '../../http/route';
import { notFound, organisationOf } from '../../http/tenancy';
import { namedTeacher } from '../courses/references';
import { feedPathOf } from './calendar-feed-token';

type Db = Prisma.TransactionClient;

const availabilitySelect = {
  id: true,
  colour: true,
  calendarToken: true,
  calendarEmbedUrl: true,
  user: { select: { firstName: true, lastName: true, login: true } },
  availability: {
    select: { weekday: true, startTime: true, endTime: true },
    orderBy: [{ weekday: 'asc' }, { startTime: 'asc' }, { id: 'asc' }],
  },
  timeOff: {
    select: { id: true, startAt: true, endAt: true, reason: true },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.TeacherSelect;

/** The teacher `teacherId` of the caller's centre (404 for another centre's or none). */
export async function teacherOfCentre(db: Db, auth: AuthContext, teacherId: number) {
  const teacher = await db.teacher.findFirst({
    where: { id: teacherId, organisationId: organisationOf(auth) },
    select: { id: true },
  });
  if (!teacher) throw notFound('Teacher', teacherId);
  return teacher;
}

async function readAvailability(db: Db, teacherId: number): Promise<TAvailability> {
  const teacher = await db.teacher.findUniqueOrThrow({ where: { id: teacherId }, select: availabilitySelect });
  return {
    teacher: { ...namedTeacher(teacher), colour: teacher.colour },
    windows: teacher.availability,
    timeOff: teacher.timeOff.map((t) => ({ ...t, startAt: t.startAt.toISOString(), endAt: t.endAt.toISOString() })),
    feedPath: feedPathOf(teacher.calendarToken),
    calendarEmbedUrl: teacher.calendarEmbedUrl,
  };
}

export async function getAvailability(prisma: PrismaClient, auth: AuthContext, teacherId: number) {
  await teacherOfCentre(prisma, auth, teacherId);
  return readAvailability(prisma, teacherId);
}

type AvailabilityBody = z.output<typeof ZAvailabilityBody>;

/** 400 naming `windows.<i>` for the first window that overlaps an earlier one on the same weekday. */
function refuseOverlaps(windows: AvailabilityBody['windows']) {
  const order = windows.map((w, index) => ({ ...w, index }));
  order.sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime) || a.index - b.index);
  const fieldErrors: FieldErrorText[] = [];
  for (let i = 1; i < order.length; i++) {
    const [before, window] = [order[i - 1], order[i]];
    if (window.weekday === before.weekday && window.startTime < before.endTime) {
      const field = `windows.${Math.max(window.index, before.index)}`;
      fieldErrors.push({ field, message: 'Windows on the same day must not overlap' });
    }
  }
  if (fieldErrors.length) {
    throw invalidInput('body', fieldErrors);
  }
}

/** Replaces the weekly windows and the time off together: one transaction, all or nothing. */
export async function replaceAvailability(
  prisma: PrismaClient,
  auth: AuthContext,
  teacherId: number,
  body: AvailabilityBody,
) {
  refuseOverlaps(body.windows);
  return prisma.$transaction(async (tx) => {
    await teacherOfCentre(tx, auth, teacherId);
    await tx.teacherAvailability.deleteMany({ where: { teacherId } });
    await tx.teacherTimeOff.deleteMany({ where: { teacherId } });
    await tx.teacherAvailability.createMany({ data: body.windows.map((w) => ({ ...w, teacherId })) });
    await tx.teacherTimeOff.createMany({
      data: body.timeOff.map((t) => ({
        teacherId,
        startAt: new Date(t.startAt),
        endAt: new Date(t.endAt),
        reason: t.reason ?? null,
      })),
    });
    return readAvailability(tx, teacherId);
  });
}

export async function setCalendarEmbed(
  prisma: PrismaClient,
  auth: AuthContext,
  teacherId: number,
  body: z.output<typeof ZEmbedBody>,
) {
  await teacherOfCentre(prisma, auth, teacherId);
  await prisma.teacher.update({ where: { id: teacherId }, data: { calendarEmbedUrl: body.calendarEmbedUrl } });
  return readAvailability(prisma, teacherId);
}

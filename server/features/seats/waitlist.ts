// Waitlists (issue 22): a student waits for a seat in a full PLANNED group class, in order of joining.
// Joining is refused for a class with a free seat (book it instead), a class not PLANNED, a class
// without a capacity, and a student already in the class or already waiting. The desk adds and removes
// any student of the centre; a guardian only their own children (portalChild).
import type { TPortalWaitlistPlace, TWaitlist } from '../../../src/contracts/seats';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { portalChild } from '../portal/household-of';
import { lockClass } from '../schedules/class-change';
import { seatsTaken } from './capacity';

type Tx = Prisma.TransactionClient;

const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

async function classOf(tx: Tx, organisationId: number, id: number) {
  const row = await tx.schedule.findFirst({
    where: { id, organisationId },
    select: { id: true, status: true, capacity: true },
  });
  if (!row) throw notFound('Class', id);
  return row;
}

/** The class's seats and its waitlist: waiting students first in order, then the ones who ended. */
export async function waitlistOf(
  tx: Tx | PrismaClient,
  organisationId: number,
  scheduleId: number,
): Promise<TWaitlist> {
  const klass = await tx.schedule.findFirst({
    where: { id: scheduleId, organisationId },
    select: { id: true, capacity: true },
  });
  if (!klass) throw notFound('Class', scheduleId);
  const taken = await tx.scheduleStudent.count({ where: { scheduleId, cancelledAt: null } });
  const rows = await tx.waitlistEntry.findMany({
    where: { scheduleId },
    orderBy: [{ joinedAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      status: true,
      joinedAt: true,
      student: { select: { id: true, firstName: true, lastName: true } },
    },
  });
  const waiting = rows.filter((r) => r.status === 'WAITING');
  const ended = rows.filter((r) => r.status !== 'WAITING');
  return {
    scheduleId,
    capacity: klass.capacity,
    seatsTaken: taken,
    seatsFree: klass.capacity === null ? null : Math.max(0, klass.capacity - taken),
    entries: [...waiting, ...ended].map((r) => ({
      id: r.id,
      position: r.status === 'WAITING' ? waiting.indexOf(r) + 1 : 0,
      student: { id: r.student.id, name: personName(r.student) },
      status: r.status,
      joinedAt: r.joinedAt.toISOString(),
    })),
  };
}

/** Puts the student on the class's waitlist (under the class's lock), or refuses why not. */
async function join(tx: Tx, organisationId: number, scheduleId: number, studentId: number, userId: number) {
  await lockClass(tx, scheduleId, organisationId);
  const klass = await classOf(tx, organisationId, scheduleId);
  if (klass.status !== 'PLANNED') throw new AppError('conflict', 'Only a planned class has a waitlist');
  if (klass.capacity === null) throw new AppError('conflict', 'This class has no seat limit: add the student to it');
  if ((await seatsTaken(tx, scheduleId)) < klass.capacity)
    throw new AppError('conflict', 'This class has a free seat: book it instead of waiting');
  const line = await tx.scheduleStudent.findUnique({
    where: { scheduleId_studentId: { scheduleId, studentId } },
    select: { cancelledAt: true },
  });
  if (line && line.cancelledAt === null) throw new AppError('conflict', 'This student is in the class already');
  const entry = await tx.waitlistEntry.findUnique({ where: { scheduleId_studentId: { scheduleId, studentId } } });
  if (entry?.status === 'WAITING') throw new AppError('conflict', 'This student is on the waitlist already');
  // Someone who left (or whose seat went) joins again at the end of the line.
  if (entry)
    await tx.waitlistEntry.update({
      where: { id: entry.id },
      data: { status: 'WAITING', joinedAt: new Date(), endedAt: null, createdById: userId },
    });
  else await tx.waitlistEntry.create({ data: { organisationId, scheduleId, studentId, createdById: userId } });
}

async function leave(tx: Tx, scheduleId: number, studentId: number) {
  const entry = await tx.waitlistEntry.findUnique({ where: { scheduleId_studentId: { scheduleId, studentId } } });
  if (entry?.status !== 'WAITING') throw notFound('Waitlist entry', studentId);
  await tx.waitlistEntry.update({ where: { id: entry.id }, data: { status: 'LEFT', endedAt: new Date() } });
}

async function studentOfCentre(tx: Tx, organisationId: number, studentId: number) {
  const found = await tx.student.findFirst({
    where: { id: studentId, organisationId, active: true },
    select: { id: true },
  });
  if (!found) throw notFound('Student', studentId);
}

/** POST /schedules/:id/waitlist (desk). */
export function deskJoin(prisma: PrismaClient, auth: AuthContext, scheduleId: number, studentId: number) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    await classOf(tx, organisationId, scheduleId);
    await studentOfCentre(tx, organisationId, studentId);
    await join(tx, organisationId, scheduleId, studentId, auth.userId);
    return waitlistOf(tx, organisationId, scheduleId);
  });
}

/** DELETE /schedules/:id/waitlist/:studentId (desk). */
export function deskLeave(prisma: PrismaClient, auth: AuthContext, scheduleId: number, studentId: number) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    await classOf(tx, organisationId, scheduleId);
    await leave(tx, scheduleId, studentId);
    return waitlistOf(tx, organisationId, scheduleId);
  });
}

async function placeOf(tx: Tx, scheduleId: number, studentId: number): Promise<TPortalWaitlistPlace> {
  const list = await tx.waitlistEntry.findMany({
    where: { scheduleId, status: 'WAITING' },
    orderBy: [{ joinedAt: 'asc' }, { id: 'asc' }],
    select: { studentId: true },
  });
  const mine = await tx.waitlistEntry.findUniqueOrThrow({ where: { scheduleId_studentId: { scheduleId, studentId } } });
  const position = list.findIndex((e) => e.studentId === studentId) + 1;
  return { scheduleId, studentId, status: mine.status, position };
}

/** POST /portal/lessons/:scheduleId/waitlist/:studentId: a guardian's own child only. */
export function portalJoin(prisma: PrismaClient, auth: AuthContext, scheduleId: number, studentId: number) {
  return prisma.$transaction(async (tx) => {
    const { scope } = await portalChild(tx, auth, studentId);
    await classOf(tx, scope.organisationId, scheduleId);
    await join(tx, scope.organisationId, scheduleId, studentId, auth.userId);
    return placeOf(tx, scheduleId, studentId);
  });
}

/** DELETE /portal/lessons/:scheduleId/waitlist/:studentId. */
export function portalLeave(prisma: PrismaClient, auth: AuthContext, scheduleId: number, studentId: number) {
  return prisma.$transaction(async (tx) => {
    const { scope } = await portalChild(tx, auth, studentId);
    await classOf(tx, scope.organisationId, scheduleId);
    await leave(tx, scheduleId, studentId);
    return placeOf(tx, scheduleId, studentId);
  });
}

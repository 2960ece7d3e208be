import type { z } from 'zod';
import {
  CLASS_CHANGED_MESSAGE,
  CLASS_TOO_LONG_MESSAGE,
  CONFIRMATION_KEY_REUSED_MESSAGE,
  MAX_CLASS_HOURS,
  type ZConfirmBody,
} from '../../../src/contracts/schedules';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { ledgerMark, movesSince } from '../vouchers/money-moves';
import { afterClassChange, lockClass } from './class-change';
import { recordRevisions, revisionSelect } from './schedule-revisions';
import { scheduleSelect, scheduleVersion, toSchedule, toTeacherSchedule } from './schedule-view';

type ConfirmBody = z.output<typeof ZConfirmBody>;
type Db = Prisma.TransactionClient;

export const NOT_STARTED_MESSAGE = 'This class has not started yet: confirm it once it has started';

/** The Teacher record of the signed-in user in their centre, or null (a teacher login without one). */
export async function teacherOfUser(db: Db | PrismaClient, auth: AuthContext) {
  return db.teacher.findFirst({
    where: { userId: auth.userId, organisationId: organisationOf(auth) },
    select: { id: true },
  });
}

const tooLong = (start: Date, end: Date) => end.getTime() - start.getTime() > MAX_CLASS_HOURS * 3_600_000;

async function confirm(
  tx: Db,
  auth: AuthContext,
  where: Prisma.ScheduleWhereInput & { id: number; organisationId: number },
  body: ConfirmBody,
  onBehalf: boolean,
) {
  await lockClass(tx, where.id, where.organisationId);
  const row = await tx.schedule.findFirst({ where, select: { ...revisionSelect, confirmationKey: true } });
  if (!row) throw notFound('Class', where.id);
  const key = body.idempotencyKey;
  // The same confirmation again (a retry, a queued send whose reply was lost): the first result, unchanged.
  if (key && row.confirmationKey === key)
    return tx.schedule.findUniqueOrThrow({ where: { id: row.id }, select: scheduleSelect });
  if (key && (await tx.schedule.count({ where: { confirmationKey: key } })) > 0)
    throw new AppError('conflict', CONFIRMATION_KEY_REUSED_MESSAGE, { errorKey: 'confirmationkeyreused' });
  if (row.status === 'COMPLETED')
    throw new AppError('conflict', 'This class was confirmed already', { errorKey: 'confirmed' });
  if (row.status === 'CANCELLED')
    throw new AppError('conflict', 'A cancelled class cannot be confirmed', { errorKey: 'cancelled' });
  if (body.version && body.version !== scheduleVersion(row))
    throw new AppError('conflict', CLASS_CHANGED_MESSAGE, { errorKey: 'classchanged' });
  const now = new Date();
  if (row.startAt > now) throw new AppError('conflict', NOT_STARTED_MESSAGE, { errorKey: 'notstarted' });
  const inClass = new Set(row.students.map((s) => s.studentId));
  body.students.forEach((s, i) => {
    if (!inClass.has(s.studentId)) throw fieldError(`students.${i}.studentId`, 'This student is not in the class');
  });

  const startAt = body.startAt ? new Date(body.startAt) : row.startAt;
  const endAt = body.endAt ? new Date(body.endAt) : row.endAt;
  // Teacher times left out stay as planned, unless they were the class times: then they follow them.
  const followed = +row.teacherStartAt === +row.startAt && +row.teacherEndAt === +row.endAt;
  const teacherStartAt = body.teacherStartAt ? new Date(body.teacherStartAt) : followed ? startAt : row.teacherStartAt;
  const teacherEndAt = body.teacherEndAt ? new Date(body.teacherEndAt) : followed ? endAt : row.teacherEndAt;
  if (startAt > now) throw fieldError('startAt', 'A class cannot have started in the future');
  if (tooLong(startAt, endAt)) throw fieldError('endAt', CLASS_TOO_LONG_MESSAGE);
  if (teacherEndAt <= teacherStartAt) throw fieldError('teacherEndAt', 'End time must be after the start time');
  if (tooLong(teacherStartAt, teacherEndAt)) throw fieldError('teacherEndAt', CLASS_TOO_LONG_MESSAGE);

  const id = row.id;
  await tx.schedule.update({
    where: { id },
    data: {
      status: 'COMPLETED',
      startAt,
      endAt,
      teacherStartAt,
      teacherEndAt,
      ...(body.comments !== null ? { comments: body.comments } : {}),
      confirmedAt: now,
      confirmedById: auth.userId,
      confirmedOnBehalf: onBehalf,
      ...(key ? { confirmationKey: key } : {}),
    },
  });
  // Students left out attended, unless their attendance was marked beforehand (table view). A student
  // whose lesson was cancelled (issue 22) takes no attendance: the cancellation is what was posted.
  // One statement per attendance value (usually one), not one per student.
  const given = new Map(body.students.map((s) => [s.studentId, s.attendance]));
  const byAttendance = new Map<NonNullable<(typeof row.students)[number]['attendance']>, number[]>();
  for (const student of row.students) {
    const attendance = given.get(student.studentId) ?? student.attendance ?? 'ATTENDED';
    byAttendance.set(attendance, [...(byAttendance.get(attendance) ?? []), student.studentId]);
  }
  for (const [attendance, studentIds] of byAttendance) {
    await tx.scheduleStudent.updateMany({
      where: { scheduleId: id, studentId: { in: studentIds }, cancelledAt: null },
      data: { attendance },
    });
  }
  await afterClassChange(tx, auth, { action: 'CONFIRM', before: [row], reason: 'Class confirmed' });
  return tx.schedule.findUniqueOrThrow({ where: { id }, select: scheduleSelect });
}

/** An operator confirms a class on its teacher's behalf (recorded as such). */
export async function confirmOnBehalf(prisma: PrismaClient, auth: AuthContext, id: number, body: ConfirmBody) {
  const organisationId = organisationOf(auth);
  const row = await prisma.$transaction((tx) => confirm(tx, auth, { id, organisationId }, body, true));
  return toSchedule(row);
}

/** A teacher confirms a class of their own (another teacher's class is not found). */
export async function confirmOwnClass(prisma: PrismaClient, auth: AuthContext, id: number, body: ConfirmBody) {
  const organisationId = organisationOf(auth);
  // Their own: the class's teacher is the caller's Teacher record, checked in the class's read (one
  // round trip fewer than reading the Teacher first). Another teacher's class, or a teacher login
  // without a record, is not found.
  const row = await prisma.$transaction((tx) =>
    confirm(tx, auth, { id, organisationId, teacher: { userId: auth.userId, organisationId } }, body, false),
  );
  return toTeacherSchedule(row);
}

/** Back to PLANNED: confirmation and attendance cleared, the previous values kept in a revision. */
export async function reopenSchedule(prisma: PrismaClient, auth: AuthContext, id: number) {
  const organisationId = organisationOf(auth);
  const row = await prisma.$transaction(async (tx) => {
    await lockClass(tx, id, organisationId);
    const current = await tx.schedule.findFirst({ where: { id, organisationId }, select: revisionSelect });
    if (!current) throw notFound('Class', id);
    if (current.status !== 'COMPLETED') throw new AppError('conflict', 'Only a completed class can be reopened');
    await recordRevisions(tx, [current], 'reopen', auth.userId);
    await tx.schedule.update({
      where: { id },
      data: { status: 'PLANNED', confirmedAt: null, confirmedById: null, confirmedOnBehalf: false },
    });
    await tx.scheduleStudent.updateMany({ where: { scheduleId: id }, data: { attendance: null } });
    await afterClassChange(tx, auth, { action: 'REOPEN', before: [current], reason: 'Class reopened' });
    return tx.schedule.findUniqueOrThrow({ where: { id }, select: scheduleSelect });
  });
  return toSchedule(row);
}

/** One student's attendance of a class; a completed class keeps a revision and needs a value. */
export async function setAttendance(
  prisma: PrismaClient,
  auth: AuthContext,
  { id, studentId }: { id: number; studentId: number },
  attendance: ConfirmBody['students'][number]['attendance'] | null,
) {
  const organisationId = organisationOf(auth);
  const { row, moneyMoves } = await prisma.$transaction(async (tx) => {
    await lockClass(tx, id, organisationId);
    const mark = await ledgerMark(tx, id);
    const current = await tx.schedule.findFirst({ where: { id, organisationId }, select: revisionSelect });
    if (!current) throw notFound('Class', id);
    if (!current.students.some((s) => s.studentId === studentId))
      throw new AppError('not_found', t('Student {studentId} is not in class {id}', { studentId, id }));
    if (current.status === 'CANCELLED') throw new AppError('conflict', 'A cancelled class takes no attendance');
    if (current.status === 'COMPLETED' && attendance === null)
      throw fieldError('attendance', "A completed class records every student's attendance");
    await recordRevisions(tx, [current], 'attendance', auth.userId);
    await tx.scheduleStudent.update({
      where: { scheduleId_studentId: { scheduleId: id, studentId } },
      data: { attendance },
    });
    await afterClassChange(tx, auth, { action: 'UPDATE', before: [current], reason: 'Attendance changed' });
    // The reply says what it moved on voucher balances (the class is locked: these entries are ours).
    return {
      row: await tx.schedule.findUniqueOrThrow({ where: { id }, select: scheduleSelect }),
      moneyMoves: await movesSince(tx, id, mark),
    };
  });
  return { ...toSchedule(row), moneyMoves };
}

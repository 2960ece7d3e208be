// Make-up credits and bookings (issue 22): a student's credits with their lessons and history, the
// classes a credit can be booked into, and the booking itself — into a class with a free seat, or (the
// desk) a new one-on-one lesson in the teacher's time. A booking is one transaction: the class locked,
// its seat checked, the student's line added with the credit that pays it (never charged), the credit
// used under its own lock (so two bookings of one credit give one), the audit event and the charges.
import type { z } from 'zod';
import type {
  TMakeUpCredit,
  TMakeUpCredits,
  TMakeUpOptions,
  ZBookMakeUpBody,
  ZMakeUpBooking,
} from '../../../src/contracts/lessons';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { assertTeachersUsable } from '../courses/references';
import { portalChild } from '../portal/household-of';
import { afterClassChange, classesNow, lockClass } from '../schedules/class-change';
import { checkConflicts } from '../schedules/conflicts';
import { centreTimeZone } from '../schedules/list-schedules';
import { outsideAvailability } from '../schedules/outside-availability';
import { assertSeatFree } from '../seats/capacity';
import { useCredit as spendCredit } from './credits';

type Tx = Prisma.TransactionClient;
type BookBody = z.output<typeof ZBookMakeUpBody>;
type Booking = z.infer<typeof ZMakeUpBooking>;

const lessonRefSelect = {
  id: true,
  startAt: true,
  endAt: true,
  course: { select: { name: true } },
  teacher: { select: { user: { select: { firstName: true, lastName: true, login: true } } } },
} as const satisfies Prisma.ScheduleSelect;
type LessonRow = Prisma.ScheduleGetPayload<{ select: typeof lessonRefSelect }>;

function lessonRef(row: LessonRow) {
  const user = row.teacher.user;
  return {
    id: row.id,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    courseName: row.course.name,
    teacherName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.login,
  };
}

async function studentOfCentre(db: Tx | PrismaClient, organisationId: number, studentId: number) {
  const student = await db.student.findFirst({
    where: { id: studentId, organisationId },
    select: { id: true, hourlyRate: true },
  });
  if (!student) throw notFound('Student', studentId);
  return student;
}

/** The student's credits, newest first, each with the lesson that earned it, the one that used it and its history. */
export async function creditsOf(db: PrismaClient, organisationId: number, studentId: number): Promise<TMakeUpCredits> {
  await studentOfCentre(db, organisationId, studentId);
  const rows = await db.makeUpCredit.findMany({
    where: { organisationId, studentId, status: { not: 'REVOKED' } },
    orderBy: [{ grantedAt: 'desc' }, { id: 'desc' }],
    select: {
      id: true,
      status: true,
      courseId: true,
      cancelledBy: true,
      late: true,
      grantedAt: true,
      expiresAt: true,
      earnedSchedule: { select: lessonRefSelect },
      usedSchedule: { select: lessonRefSelect },
      entries: {
        orderBy: { seq: 'asc' },
        select: { kind: true, at: true, note: true, schedule: { select: lessonRefSelect } },
      },
    },
  });
  const courses = await db.course.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.courseId))] } },
    select: { id: true, name: true },
  });
  const courseName = new Map(courses.map((c) => [c.id, c.name]));
  const credits: TMakeUpCredit[] = rows.map((row) => ({
    id: row.id,
    status: row.status,
    course: { id: row.courseId, name: courseName.get(row.courseId) ?? '' },
    cancelledBy: row.cancelledBy,
    late: row.late,
    grantedAt: row.grantedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    earnedBy: lessonRef(row.earnedSchedule),
    usedFor: row.usedSchedule ? lessonRef(row.usedSchedule) : null,
    entries: row.entries.map((e) => ({
      kind: e.kind,
      at: e.at.toISOString(),
      lesson: e.schedule ? lessonRef(e.schedule) : null,
      note: e.note,
    })),
  }));
  const count = (status: TMakeUpCredit['status']) => credits.filter((c) => c.status === status).length;
  return { credits, available: count('AVAILABLE'), used: count('USED'), expired: count('EXPIRED') };
}

const badCredit = () => fieldError('creditId', "Choose one of the student's make-up credits");

/** The student's credit, AVAILABLE and unexpired (409 otherwise; 400 naming creditId when not theirs). */
async function availableCredit(db: Tx | PrismaClient, organisationId: number, studentId: number, creditId: number) {
  const credit = await db.makeUpCredit.findFirst({
    where: { id: creditId, organisationId, studentId },
    select: { id: true, courseId: true, status: true, expiresAt: true, earnedScheduleId: true },
  });
  if (!credit) throw badCredit();
  if (credit.status !== 'AVAILABLE' || credit.expiresAt.getTime() <= Date.now())
    throw new AppError('conflict', 'This make-up credit was used or has expired');
  return credit;
}

/** Classes the credit can be booked into: PLANNED, its course, starting after now and before it expires, a free seat. */
export async function makeUpOptionsOf(
  db: PrismaClient,
  organisationId: number,
  studentId: number,
  creditId: number,
  /** A site-limited operator is offered their sites' classes only (issue 23); a family sees every class. */
  sites: { locationId?: { in: number[] } } = {},
): Promise<TMakeUpOptions> {
  await studentOfCentre(db, organisationId, studentId);
  const credit = await availableCredit(db, organisationId, studentId, creditId);
  const rows = await db.schedule.findMany({
    where: {
      organisationId,
      ...sites,
      courseId: credit.courseId,
      status: 'PLANNED',
      startAt: { gt: new Date(), lt: credit.expiresAt },
      students: { none: { studentId } },
    },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    take: 200,
    select: {
      ...lessonRefSelect,
      courseType: true,
      capacity: true,
      _count: { select: { students: { where: { cancelledAt: null } } } },
    },
  });
  const options = rows.flatMap((row) => {
    const taken = row._count.students;
    // A one-on-one class of another student is theirs; one whose student cancelled is free.
    if (row.courseType === 'ONE_ON_ONE' && taken > 0) return [];
    const seatsFree = row.capacity === null ? null : row.capacity - taken;
    if (seatsFree !== null && seatsFree <= 0) return [];
    return [{ ...lessonRef(row), seatsFree, courseType: row.courseType }];
  });
  return { creditId: credit.id, options: options.slice(0, 50) };
}

/** Adds the student's make-up line to the (locked, checked) class, uses the credit, posts audit and charges. */
async function bookLine(
  tx: Tx,
  auth: AuthContext,
  input: {
    scheduleId: number;
    studentId: number;
    creditId: number;
    hourlyRate: Prisma.Decimal | null;
    created: boolean;
  },
): Promise<Booking> {
  const before = input.created ? [] : await classesNow(tx, [input.scheduleId]);
  await spendCredit(tx, {
    creditId: input.creditId,
    studentId: input.studentId,
    scheduleId: input.scheduleId,
    userId: auth.userId,
  });
  await tx.scheduleStudent.create({
    data: {
      scheduleId: input.scheduleId,
      studentId: input.studentId,
      hourlyRate: input.hourlyRate,
      makeUpCreditId: input.creditId,
    },
  });
  await afterClassChange(tx, auth, {
    action: input.created ? 'CREATE' : 'UPDATE',
    before,
    ids: [input.scheduleId],
    reason: 'Make-up booked',
  });
  const lesson = await tx.schedule.findUniqueOrThrow({ where: { id: input.scheduleId }, select: lessonRefSelect });
  return {
    creditId: input.creditId,
    scheduleId: input.scheduleId,
    studentId: input.studentId,
    lesson: lessonRef(lesson),
  };
}

/** Books the credit into an existing class: locked, PLANNED, the credit's course, in time, a free seat. */
async function bookIntoClass(
  tx: Tx,
  auth: AuthContext,
  student: { id: number; hourlyRate: Prisma.Decimal | null },
  credit: { id: number; courseId: number; expiresAt: Date },
  scheduleId: number,
): Promise<Booking> {
  const organisationId = organisationOf(auth);
  await lockClass(tx, scheduleId, organisationId);
  const row = await tx.schedule.findFirst({
    where: { id: scheduleId, organisationId },
    select: {
      status: true,
      courseId: true,
      courseType: true,
      startAt: true,
      students: { select: { studentId: true, cancelledAt: true } },
    },
  });
  if (!row) throw fieldError('scheduleId', "Choose a planned class of the credit's course");
  if (row.courseId !== credit.courseId)
    throw fieldError('scheduleId', 'Choose a class of the same course as the make-up credit');
  if (row.status !== 'PLANNED')
    throw fieldError('scheduleId', "Choose a planned class of the credit's course", { code: 'conflict' });
  if (row.startAt.getTime() <= Date.now() || row.startAt.getTime() >= credit.expiresAt.getTime())
    throw fieldError('scheduleId', 'Choose a class that starts before the make-up credit expires and after now');
  if (row.students.some((s) => s.studentId === student.id))
    throw new AppError('conflict', 'The student is already in this class');
  if (row.courseType === 'ONE_ON_ONE' && row.students.some((s) => s.cancelledAt === null))
    throw new AppError(
      'conflict',
      t('This class is full ({taken} of {capacity} seats taken)', { taken: 1, capacity: 1 }),
    );
  await assertSeatFree(tx, scheduleId);
  return bookLine(tx, auth, {
    scheduleId,
    studentId: student.id,
    creditId: credit.id,
    hourlyRate: student.hourlyRate,
    created: false,
  });
}

/** Books a new one-on-one lesson with the teacher (conflicts refused, the teacher's availability kept). */
async function bookNewLesson(
  tx: Tx,
  auth: AuthContext,
  student: { id: number; hourlyRate: Prisma.Decimal | null },
  credit: { id: number; courseId: number; expiresAt: Date; earnedScheduleId: number },
  body: { teacherId: number; startAt: string; endAt: string },
): Promise<Booking> {
  const organisationId = organisationOf(auth);
  const startAt = new Date(body.startAt);
  const endAt = new Date(body.endAt);
  if (endAt <= startAt) throw fieldError('endAt', 'Choose a time that ends after it starts');
  if (startAt.getTime() <= Date.now() || startAt.getTime() >= credit.expiresAt.getTime())
    throw fieldError('startAt', 'Choose a class that starts before the make-up credit expires and after now');
  await assertTeachersUsable(tx, organisationId, [body.teacherId], 'teacherId');
  const zone = await centreTimeZone(tx, organisationId);
  const occurrence = { startAt, endAt };
  if ((await outsideAvailability(tx, body.teacherId, [occurrence], zone)).length)
    throw fieldError('startAt', 'The teacher is not available at this time', { code: 'conflict' });
  await checkConflicts(tx, [{ ...occurrence, teacherId: body.teacherId, studentIds: [student.id] }], undefined);
  const earned = await tx.schedule.findUniqueOrThrow({
    where: { id: credit.earnedScheduleId },
    select: { paymentType: true, termId: true, locationId: true, address: true, hourlyRate: true, price: true },
  });
  const teacher = await tx.teacher.findUniqueOrThrow({ where: { id: body.teacherId }, select: { hourlyRate: true } });
  const created = await tx.schedule.create({
    data: {
      organisationId,
      courseType: 'ONE_ON_ONE',
      courseId: credit.courseId,
      teacherId: body.teacherId,
      // At the lesson's location (issue 23); no room: the make-up is at another time.
      locationId: earned.locationId,
      address: earned.address,
      startAt,
      endAt,
      teacherStartAt: startAt,
      teacherEndAt: endAt,
      termId: earned.termId,
      hourlyRate: earned.hourlyRate,
      teacherHourlyRate: teacher.hourlyRate,
      price: earned.price,
      paymentType: earned.paymentType,
    },
    select: { id: true },
  });
  return bookLine(tx, auth, {
    scheduleId: created.id,
    studentId: student.id,
    creditId: credit.id,
    hourlyRate: student.hourlyRate,
    created: true,
  });
}

/** POST /students/:id/make-ups (desk) and the portal's booking (a class only). */
export async function bookMakeUp(
  prisma: PrismaClient,
  auth: AuthContext,
  studentId: number,
  body: BookBody,
): Promise<Booking> {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const student = await studentOfCentre(tx, organisationId, studentId);
    const credit = await availableCredit(tx, organisationId, studentId, body.creditId);
    if ('scheduleId' in body) return bookIntoClass(tx, auth, student, credit, body.scheduleId);
    return bookNewLesson(tx, auth, student, credit, body);
  });
}

export async function portalCreditsOf(prisma: PrismaClient, auth: AuthContext, childId: number) {
  const { scope, child } = await portalChild(prisma, auth, childId);
  return creditsOf(prisma, scope.organisationId, child.id);
}

export async function portalMakeUpOptionsOf(
  prisma: PrismaClient,
  auth: AuthContext,
  childId: number,
  creditId: number,
) {
  const { scope, child } = await portalChild(prisma, auth, childId);
  return makeUpOptionsOf(prisma, scope.organisationId, child.id, creditId);
}

export async function portalBookMakeUp(
  prisma: PrismaClient,
  auth: AuthContext,
  childId: number,
  body: { creditId: number; scheduleId: number },
) {
  const { child } = await portalChild(prisma, auth, childId);
  return bookMakeUp(prisma, auth, child.id, body);
}

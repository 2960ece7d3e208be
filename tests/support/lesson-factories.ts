// Lesson policies (issue 22) test setup: classes written straight into the database (no conflict
// checks, so many can share a time), fresh students and teachers per case, the centre's policy, and
// what the tests read back (the ledger of a lesson, credits, a teacher's pay for a month).
import type { PrismaClient } from '../../server/generated/prisma/client';
import type { TLessonPolicy } from '../../src/contracts/lessons';
import { createStudent, createTeacher } from './course-factories';

export interface LessonInput {
  organisationId: number;
  teacherId: number;
  courseId: number;
  startAt: Date;
  /** Minutes; 60 unless given. */
  minutes?: number;
  courseType: 'ONE_ON_ONE' | 'GROUP';
  paymentType: 'VOUCHER' | 'TERM';
  studentIds: number[];
  /** The class's hourly rate charged to each student (40.00) and the teacher's (30.00). */
  hourlyRate?: string;
  teacherHourlyRate?: string;
  termId?: number | null;
}

/** A PLANNED class with its students, written directly. */
export function plannedLesson(prisma: PrismaClient, input: LessonInput) {
  const endAt = new Date(input.startAt.getTime() + (input.minutes ?? 60) * 60_000);
  return prisma.schedule.create({
    data: {
      organisationId: input.organisationId,
      teacherId: input.teacherId,
      courseId: input.courseId,
      courseType: input.courseType,
      status: 'PLANNED',
      startAt: input.startAt,
      endAt,
      teacherStartAt: input.startAt,
      teacherEndAt: endAt,
      paymentType: input.paymentType,
      hourlyRate: input.hourlyRate ?? '40.00',
      teacherHourlyRate: input.teacherHourlyRate ?? '30.00',
      termId: input.termId ?? null,
      students: { create: input.studentIds.map((studentId) => ({ studentId })) },
    },
  });
}

let sequence = 0;
/** `n` students of their own (a case's quota and ledger are its own). */
export async function freshStudents(prisma: PrismaClient, organisationId: number, n: number) {
  const list = [];
  for (let i = 0; i < n; i++)
    list.push(await createStudent(prisma, organisationId, { firstName: 'Lena', lastName: `Lesson${++sequence}` }));
  return list;
}

/** A teacher of its own (a case's pay is its own). */
export const freshTeacher = (prisma: PrismaClient, organisationId: number) =>
  createTeacher(prisma, organisationId, { firstName: 'Pat', lastName: `Paid${++sequence}` });

export const DEFAULT_POLICY: TLessonPolicy = {
  noticeHours: 24,
  lateCancelPercent: 100,
  creditOnTimelyCancel: true,
  creditOnLateCancel: false,
  makeUpQuota: 2,
  makeUpExpiryDays: 60,
  payTeacherLateCancel: false,
  noShowPercent: 100,
  offerHoldHours: 12,
};

export const setPolicy = (prisma: PrismaClient, organisationId: number, policy: Partial<TLessonPolicy>) =>
  prisma.organisation.update({ where: { id: organisationId }, data: policy });

/** The student's voucher entries of one class, oldest first, as [kind, amount]. */
export async function lessonLedger(prisma: PrismaClient, scheduleId: number, studentId: number) {
  const rows = await prisma.voucherLedgerEntry.findMany({
    where: { scheduleId, studentId },
    orderBy: { id: 'asc' },
    select: { kind: true, amount: true },
  });
  return rows.map((row) => [row.kind, row.amount.toFixed(2)]);
}

/** The student's credits as [status, earned by, used for] and each credit's entry kinds. */
export async function creditsOf(prisma: PrismaClient, studentId: number) {
  const rows = await prisma.makeUpCredit.findMany({
    where: { studentId },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      status: true,
      cancelledBy: true,
      earnedScheduleId: true,
      usedScheduleId: true,
      quotaPeriod: true,
      expiresAt: true,
      entries: { orderBy: { seq: 'asc' }, select: { kind: true } },
    },
  });
  return rows.map((r) => ({ ...r, entries: r.entries.map((e) => e.kind) }));
}

/** Whether the cached balance equals the ledger's sum; returns the balance. */
export async function balanceOf(prisma: PrismaClient, studentId: number) {
  const [cached, sum] = await Promise.all([
    prisma.student.findUniqueOrThrow({ where: { id: studentId }, select: { voucherBalance: true } }),
    prisma.voucherLedgerEntry.aggregate({ where: { studentId }, _sum: { amount: true } }),
  ]);
  return { cached: cached.voucherBalance.toFixed(2), ledger: sum._sum.amount?.toFixed(2) ?? '0.00' };
}

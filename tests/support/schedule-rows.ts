// Classes written straight into the database (Schedule + ScheduleStudent rows), for tests of what reads
// them (downloads, the calendar feed) without going through the classes API.
import type { PrismaClient } from '../../server/generated/prisma/client';
import type { TAttendance, TScheduleStatus } from '../../src/contracts/schedules';

export interface ClassRowInput {
  organisationId: number;
  teacherId: number;
  courseId: number;
  /** Instants, ISO 8601 with a zone. */
  startAt: string;
  endAt: string;
  status?: TScheduleStatus;
  address?: string | null;
  paymentType?: 'VOUCHER' | 'TERM' | 'CASH' | 'FREE';
  notificationStatus?: 'NOT_REQUIRED' | 'MISSING_FEEDBACK' | 'PENDING' | 'SENT' | 'SEND_FAILED';
  hourlyRate?: string | null;
  teacherHourlyRate?: string | null;
  price?: string | null;
  /** The students of the class, with their attendance (unset when left out). */
  students?: { id: number; attendance?: TAttendance | null }[];
}

/** One class with its students; GROUP unless it has exactly one student. */
export async function createClassRow(prisma: PrismaClient, input: ClassRowInput) {
  const students = input.students ?? [];
  return prisma.schedule.create({
    data: {
      organisationId: input.organisationId,
      teacherId: input.teacherId,
      courseId: input.courseId,
      courseType: students.length === 1 ? 'ONE_ON_ONE' : 'GROUP',
      status: input.status ?? 'PLANNED',
      address: input.address ?? null,
      startAt: new Date(input.startAt),
      endAt: new Date(input.endAt),
      teacherStartAt: new Date(input.startAt),
      teacherEndAt: new Date(input.endAt),
      paymentType: input.paymentType ?? 'CASH',
      notificationStatus: input.notificationStatus ?? 'NOT_REQUIRED',
      hourlyRate: input.hourlyRate ?? null,
      teacherHourlyRate: input.teacherHourlyRate ?? null,
      price: input.price ?? null,
      students: { create: students.map((s) => ({ studentId: s.id, attendance: s.attendance ?? null })) },
    },
  });
}

/** A course of the centre (created directly). */
export async function createCourseRow(prisma: PrismaClient, organisationId: number, name: string) {
  return prisma.course.create({ data: { organisationId, name } });
}

// Test data for platform invoices (issue 10): classes with students placed at given instants, written
// directly (no class rules), so students served can be set up exactly.
import type { PrismaClient } from '../../server/generated/prisma/client';
import { createStudentRecord } from './student-factories';

let sequence = 0;

/** A teacher and course for classes of `organisationId` (created directly). */
export async function classSetup(prisma: PrismaClient, organisationId: number) {
  const n = ++sequence;
  const user = await prisma.user.create({
    data: {
      login: `billteacher${n}-${organisationId}`,
      email: `billteacher${n}-${organisationId}@example.test`,
      passwordHash: 'x',
      firstName: 'Bill',
      lastName: `Teacher${n}`,
      roles: ['ROLE_TEACHER'],
      organisationId,
    },
  });
  const teacher = await prisma.teacher.create({ data: { organisationId, userId: user.id } });
  const course = await prisma.course.create({
    data: { organisationId, name: `Billing course ${n}`, courseNumber: `BC${n}-${organisationId}` },
  });
  return { teacherId: teacher.id, courseId: course.id };
}

/** One class of `organisationId` starting at `startAt` (an ISO instant) with `studentIds`. */
export async function classAt(
  prisma: PrismaClient,
  setup: { organisationId: number; teacherId: number; courseId: number },
  startAt: string,
  studentIds: number[],
  status: 'PLANNED' | 'COMPLETED' | 'CANCELLED' = 'COMPLETED',
) {
  const start = new Date(startAt);
  const end = new Date(start.getTime() + 3_600_000);
  const schedule = await prisma.schedule.create({
    data: {
      organisationId: setup.organisationId,
      status,
      courseType: 'GROUP',
      courseId: setup.courseId,
      teacherId: setup.teacherId,
      startAt: start,
      endAt: end,
      teacherStartAt: start,
      teacherEndAt: end,
      paymentType: 'FREE',
    },
  });
  if (studentIds.length)
    await prisma.scheduleStudent.createMany({
      data: studentIds.map((studentId) => ({ scheduleId: schedule.id, studentId })),
    });
  return schedule;
}

/** `count` active students of the centre with one class at `startAt`. */
export async function servedStudents(
  prisma: PrismaClient,
  setup: { organisationId: number; teacherId: number; courseId: number },
  count: number,
  startAt: string,
) {
  const students = [];
  for (let i = 0; i < count; i += 1) students.push(await createStudentRecord(prisma, setup.organisationId));
  await classAt(
    prisma,
    setup,
    startAt,
    students.map((s) => s.id),
  );
  return students;
}

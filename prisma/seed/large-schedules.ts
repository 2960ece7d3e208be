// Classes for a large centre (seedLargeCentre first): `classes` one-hour classes spread over its
// teachers, each teacher's classes 7 hours apart from 2025-01-06 on (so a teacher never clashes with
// themself), each with one student, some completed. Two INSERT ... SELECT statements, whatever the count.
import type { PrismaClient } from '../../server/generated/prisma/client';

export interface LargeSchedulesResult {
  courseId: number;
  teacherIds: number[];
  studentIds: number[];
  classes: number;
  milliseconds: number;
}

export async function seedLargeSchedules(
  prisma: PrismaClient,
  { organisationId, classes }: { organisationId: number; classes: number },
): Promise<LargeSchedulesResult> {
  const started = Date.now();
  const teacherIds = (
    await prisma.teacher.findMany({ where: { organisationId }, select: { id: true }, orderBy: { id: 'asc' } })
  ).map((t) => t.id);
  const studentIds = (
    await prisma.student.findMany({
      where: { organisationId, active: true },
      select: { id: true },
      orderBy: { id: 'asc' },
    })
  ).map((s) => s.id);
  if (teacherIds.length === 0 || studentIds.length === 0)
    throw new Error('seed the centre with teachers and students first');
  const course = await prisma.course.create({
    data: { organisationId, school: 'Large School', courseNumber: `BULK-${classes}`, name: 'Bulk Course' },
  });
  // Class g (1-based) belongs to teacher g mod T, its k-th class starting 7 h after its previous one.
  await prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", "status", "courseType", "courseId", "teacherId", "startAt", "endAt",
      "teacherStartAt", "teacherEndAt", "paymentType", "updatedAt")
    SELECT ${organisationId}, CASE WHEN g % 3 = 0 THEN 'COMPLETED'::"ScheduleStatus" ELSE 'PLANNED'::"ScheduleStatus" END,
      'ONE_ON_ONE'::"CourseType", ${course.id}, t.ids[1 + (g % t.n)], s.at, s.at + interval '1 hour', s.at,
      s.at + interval '1 hour', 'VOUCHER'::"SchedulePaymentType", now()
    FROM generate_series(1, ${classes}::int) AS g,
      LATERAL (SELECT ${teacherIds}::int[] AS ids, ${teacherIds.length}::int AS n) AS t,
      LATERAL (SELECT timestamptz '2025-01-06 14:00:00+00' + (g / t.n) * interval '7 hours' + (g % 7) * interval '5 minutes' AS at) AS s`;
  await prisma.$executeRaw`
    INSERT INTO "ScheduleStudent" ("scheduleId", "studentId", "attendance")
    SELECT id, (${studentIds}::int[])[1 + (id % ${studentIds.length}::int)],
      CASE WHEN status = 'COMPLETED' THEN 'ATTENDED'::"Attendance" END
    FROM "Schedule" WHERE "organisationId" = ${organisationId}`;
  await prisma.$executeRawUnsafe('VACUUM ANALYZE "Schedule"');
  await prisma.$executeRawUnsafe('VACUUM ANALYZE "ScheduleStudent"');
  return { courseId: course.id, teacherIds, studentIds, classes, milliseconds: Date.now() - started };
}

// Lesson policies (issue 22). Timed, never asserted: the policy's consequence (what cancelling would
// post: late or not, the charge, the credit and its quota, teacher pay) for every lesson of a centre's
// whole day, LESSON_BENCH_LESSONS (2,000) one-student lessons, against the baseline of plain reads of
// the same rows one by one in the same process; then the day cancelled lesson by lesson (each posted in
// its own transaction: line, credit, charge, audit, notice) against the same plain reads. Database:
// TEST_DATABASE_URL with TEST_DB=postgres, else in-memory PGlite.
import { performance } from 'node:perf_hooks';
import { cancelStudentLesson, previewStudentCancellation } from '../../server/features/lessons/cancel-lesson';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext } from '../support/test-app';

const LESSONS = Number(process.env.LESSON_BENCH_LESSONS ?? 2_000);

export async function benchLessons(): Promise<void> {
  const ctx = await createTestContext();
  const { prisma } = ctx;
  const { centre, teacher, operator } = await createCentreWithStaff(ctx);
  // Lessons from 6 h to 16 h from now: a family cancelling now is late for some policies, in time for none
  // (24 h window), so every lesson charges and none earns a credit; the reads are the same either way.
  const day = new Date(Date.now() + 6 * 3_600_000);

  let t0 = performance.now();
  const t = await prisma.teacher.create({ data: { organisationId: centre.id, userId: teacher.id } });
  const course = await prisma.course.create({ data: { organisationId: centre.id, name: 'Bench course' } });
  await prisma.$executeRaw`
    INSERT INTO "Student" ("organisationId", "studentId", "firstName", "lastName", "updatedAt")
    SELECT ${centre.id}, 'L' || g, 'Kid' || g, 'Family' || g, now() FROM generate_series(1, ${LESSONS}::int) g`;
  await prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", status, "courseType", "courseId", "teacherId", "startAt", "endAt",
                            "teacherStartAt", "teacherEndAt", "paymentType", "hourlyRate", "teacherHourlyRate", "updatedAt")
    SELECT ${centre.id}, 'PLANNED', 'GROUP', ${course.id}, ${t.id},
           ${day}::timestamptz + (g % 600) * interval '1 minute',
           ${day}::timestamptz + (g % 600) * interval '1 minute' + interval '1 hour',
           ${day}::timestamptz, ${day}::timestamptz + interval '1 hour', 'VOUCHER', 40, 30, now()
      FROM generate_series(1, ${LESSONS}::int) g`;
  await prisma.$executeRaw`
    INSERT INTO "ScheduleStudent" ("scheduleId", "studentId")
    SELECT c.id, s.id
      FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM "Schedule" WHERE "courseId" = ${course.id}) c
      JOIN (SELECT id, row_number() OVER (ORDER BY id) n FROM "Student" WHERE "organisationId" = ${centre.id}) s
        ON s.n = c.n`;
  await prisma.$executeRawUnsafe('ANALYZE');
  const seedMs = performance.now() - t0;
  const lines = await prisma.scheduleStudent.findMany({
    where: { schedule: { courseId: course.id } },
    select: { scheduleId: true, studentId: true },
    orderBy: { scheduleId: 'asc' },
  });

  const plainReads = async () => {
    const started = performance.now();
    for (const line of lines)
      await prisma.scheduleStudent.findUniqueOrThrow({
        where: { scheduleId_studentId: line },
        include: { schedule: { include: { organisation: true } }, student: true },
      });
    return performance.now() - started;
  };

  const baselineMs = await plainReads();
  t0 = performance.now();
  let charged = 0;
  for (const line of lines) {
    const preview = await previewStudentCancellation(prisma, { organisationId: centre.id, ...line, by: 'FAMILY' });
    if (preview.charge !== '0.00') charged++;
  }
  const previewMs = performance.now() - t0;

  t0 = performance.now();
  for (const line of lines)
    await prisma.$transaction((tx) =>
      cancelStudentLesson(tx, {
        organisationId: centre.id,
        ...line,
        by: 'FAMILY',
        reason: null,
        actorUserId: operator.id,
        source: 'DESK',
      }),
    );
  const cancelMs = performance.now() - t0;
  const cancelled = await prisma.scheduleStudent.count({
    where: { schedule: { courseId: course.id }, cancelledAt: { not: null } },
  });
  const entries = await prisma.voucherLedgerEntry.count({ where: { organisationId: centre.id } });
  if (cancelled !== LESSONS || entries !== charged)
    throw new Error(`${cancelled} of ${LESSONS} cancelled, ${entries} ledger entries for ${charged} charges shown`);

  console.log(`lesson policies: a day of ${LESSONS} one-student lessons (seed ${seedMs.toFixed(0)} ms)`);
  console.log(`  plain reads of the same rows, one by one   ${baselineMs.toFixed(0)} ms`);
  console.log(`  policy consequence of each (preview)       ${previewMs.toFixed(0)} ms, ${charged} would charge`);
  console.log(`  ratio preview / plain reads: ${(previewMs / baselineMs).toFixed(2)}`);
  console.log(`  cancelling each, posted once               ${cancelMs.toFixed(0)} ms`);
  console.log(`  ratio cancel / plain reads: ${(cancelMs / baselineMs).toFixed(2)}`);
  console.log(`  database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  await ctx.close();
}

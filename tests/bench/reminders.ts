// Lesson reminders (issue 21). Timed, never asserted: one job run for 10,000 classes tomorrow (each with
// a student whose household has a guardian reached by email) against the baseline of plain createMany
// inserts of the same message rows in the same process; then the run again, which must queue nothing
// (exactly once). REMINDER_BENCH_CLASSES resizes it. Database: TEST_DATABASE_URL with TEST_DB=postgres,
// else in-memory PGlite.
import { performance } from 'node:perf_hooks';
import { LESSON_REMINDER_TEMPLATE, runLessonReminders } from '../../server/features/notices/jobs';
import { openMessageQueue } from '../../server/messaging/queue';
import { createCentreWithStaff } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createTestContext } from '../support/test-app';

const CLASSES = Number(process.env.REMINDER_BENCH_CLASSES ?? 10_000);

export async function benchReminders(): Promise<void> {
  const ctx = await createTestContext();
  const { prisma } = ctx;
  const { centre, teacher } = await createCentreWithStaff(ctx);
  const queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent' }));
  const now = new Date();
  // Classes from 12 h to 22 h from now: all inside the default 24 h window.
  const tomorrow = new Date(now.getTime() + 12 * 3_600_000);

  // Set-based seed: a teacher and course; per class a student, a household and a guardian with email.
  let t0 = performance.now();
  const t = await prisma.teacher.create({ data: { organisationId: centre.id, userId: teacher.id } });
  const course = await prisma.course.create({ data: { organisationId: centre.id, name: 'Bench course' } });
  await prisma.$executeRaw`
    INSERT INTO "Household" ("organisationId", name, "updatedAt")
    SELECT ${centre.id}, 'Family ' || g, now() FROM generate_series(1, ${CLASSES}::int) g`;
  await prisma.$executeRaw`
    INSERT INTO "Student" ("organisationId", "studentId", "firstName", "lastName", "householdId", "updatedAt")
    SELECT ${centre.id}, 'R' || h.id, 'Kid' || h.id, h.name, h.id, now() FROM "Household" h
     WHERE h."organisationId" = ${centre.id}`;
  await prisma.$executeRaw`
    INSERT INTO "Guardian" ("organisationId", "householdId", name, email, "updatedAt")
    SELECT ${centre.id}, h.id, 'Parent ' || h.id, 'parent' || h.id || '@family.test', now() FROM "Household" h
     WHERE h."organisationId" = ${centre.id}`;
  await prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", status, "courseType", "courseId", "teacherId", "startAt", "endAt",
                            "teacherStartAt", "teacherEndAt", "paymentType", "updatedAt")
    SELECT ${centre.id}, 'PLANNED', 'ONE_ON_ONE', ${course.id}, ${t.id},
           ${tomorrow}::timestamptz + (g % 600) * interval '1 minute',
           ${tomorrow}::timestamptz + (g % 600) * interval '1 minute' + interval '1 hour',
           ${tomorrow}::timestamptz, ${tomorrow}::timestamptz + interval '1 hour', 'VOUCHER', now()
      FROM generate_series(1, ${CLASSES}::int) g`;
  await prisma.$executeRaw`
    INSERT INTO "ScheduleStudent" ("scheduleId", "studentId")
    SELECT c.id, s.id
      FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM "Schedule" WHERE "courseId" = ${course.id}) c
      JOIN (SELECT id, row_number() OVER (ORDER BY id) n FROM "Student" WHERE "organisationId" = ${centre.id}) s
        ON s.n = c.n`;
  await prisma.$executeRawUnsafe('ANALYZE');
  const seedMs = performance.now() - t0;

  t0 = performance.now();
  const queued = await runLessonReminders(prisma, queue, now);
  const runMs = performance.now() - t0;
  t0 = performance.now();
  const again = await runLessonReminders(prisma, queue, now);
  const againMs = performance.now() - t0;
  const rows = await prisma.message.count({ where: { template: LESSON_REMINDER_TEMPLATE } });
  if (queued !== CLASSES || again !== 0 || rows !== CLASSES)
    throw new Error(`queued ${queued}, then ${again}; ${rows} reminder rows for ${CLASSES} classes`);

  // The baseline: the same rows, inserted plainly (other keys), in slices of the same size.
  const sample = await prisma.message.findMany({ where: { template: LESSON_REMINDER_TEMPLATE } });
  t0 = performance.now();
  for (let i = 0; i < sample.length; i += 1000)
    await prisma.message.createMany({
      data: sample.slice(i, i + 1000).map(({ id: _id, ...m }) => ({
        ...m,
        template: 'bench-baseline',
        idempotencyKey: `baseline:${m.idempotencyKey}`,
      })),
    });
  const baselineMs = performance.now() - t0;

  console.log(
    `lesson reminders: ${CLASSES} classes tomorrow, one guardian each by email (seed ${seedMs.toFixed(0)} ms)`,
  );
  console.log(`  job run (select, texts, rows + jobs)  ${runMs.toFixed(0)} ms, ${queued} queued`);
  console.log(`  plain createMany of the same rows     ${baselineMs.toFixed(0)} ms`);
  console.log(`  ratio run / plain inserts: ${(runMs / baselineMs).toFixed(2)}`);
  console.log(`  second run: ${again} queued in ${againMs.toFixed(0)} ms (exactly once)`);
  console.log(`  database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  await queue.stop();
  await ctx.close();
}

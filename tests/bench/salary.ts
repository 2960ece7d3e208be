// Teacher salary report at scale (issue 8): 300 teachers x 60 classes in one month (March 2025, open),
// with the months before and after as well (so the range filter matters), on the centre's zone.
// Timed: GET /api/reports/teacher-salary for the month (page 1 + totals per teacher and overall), the
// same for one teacher, and the .xlsx download; against ONE plain SQL aggregate over the same rows
// (SELECT teacherId, count, sum(pay) ... GROUP BY teacherId). Figures and ratios are printed, never
// asserted (target: the report under 1 s on PostgreSQL). Database: TEST_DATABASE_URL with
// TEST_DB=postgres, else in-memory PGlite. SALARY_TEACHERS / SALARY_CLASSES (per teacher per month) resize it.
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { teacherPaySql } from '../../server/features/money/class-amounts';
import { Prisma } from '../../server/generated/prisma/client';
import { createUser, signIn } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

const RUNS = 10;

async function seed(ctx: TestContext, teachers: number, perMonth: number) {
  const started = performance.now();
  const centre = await ctx.prisma.organisation.create({ data: { name: 'Salary Bench Centre' } });
  const users = await ctx.prisma.user.createManyAndReturn({
    data: Array.from({ length: teachers }, (_, i) => ({
      login: `salary${centre.id}.t${i + 1}`,
      email: `salary${centre.id}.t${i + 1}@example.test`,
      firstName: `Teacher${String(i + 1).padStart(3, '0')}`,
      lastName: `Bench${(i * 7919) % teachers}`,
      roles: ['ROLE_TEACHER' as const],
      organisationId: centre.id,
    })),
    select: { id: true },
  });
  await ctx.prisma.teacher.createMany({ data: users.map((u) => ({ organisationId: centre.id, userId: u.id })) });
  const teacherIds = (
    await ctx.prisma.teacher.findMany({
      where: { organisationId: centre.id },
      select: { id: true },
      orderBy: { id: 'asc' },
    })
  ).map((t) => t.id);
  const course = await ctx.prisma.course.create({ data: { organisationId: centre.id, name: 'Salary bench course' } });
  const student = await ctx.prisma.student.create({
    data: { organisationId: centre.id, studentId: 'SB-1', firstName: 'Bench', lastName: 'Student' },
  });
  // Class k of teacher t in month m (Feb, Mar, Apr 2025): day 1 + k mod 28, 09:00 UTC + (k mod 10) h,
  // 45/50/60/75/90 minutes, teacher rate 25.00 + (t + k) mod 40 (and cents), 9 in 10 COMPLETED.
  await ctx.prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", "status", "courseType", "courseId", "teacherId", "startAt", "endAt",
      "teacherStartAt", "teacherEndAt", "paymentType", "teacherHourlyRate", "updatedAt")
    SELECT ${centre.id}, CASE WHEN k % 10 = 0 THEN 'PLANNED'::"ScheduleStatus" ELSE 'COMPLETED'::"ScheduleStatus" END,
      'ONE_ON_ONE'::"CourseType", ${course.id}, t.id, x.at, x.at + x.len, x.at, x.at + x.len,
      'CASH'::"SchedulePaymentType", 25 + ((t.n + k) % 40) + ((k * 37) % 100) / 100.0, now()
    FROM unnest(${teacherIds}::int[]) WITH ORDINALITY AS t(id, n),
      generate_series(0, 2) AS m, generate_series(0, ${perMonth - 1}::int) AS k,
      LATERAL (SELECT timestamptz '2025-02-01 09:00:00+00' + make_interval(months => m)
        + make_interval(days => k % 28, hours => k % 10) AS at,
        make_interval(mins => (ARRAY[45, 50, 60, 75, 90])[1 + (k % 5)]) AS len) AS x`;
  await ctx.prisma.$executeRaw`
    INSERT INTO "ScheduleStudent" ("scheduleId", "studentId")
    SELECT id, ${student.id} FROM "Schedule" WHERE "organisationId" = ${centre.id}`;
  await ctx.prisma.$executeRawUnsafe('VACUUM ANALYZE "Schedule"');
  await ctx.prisma.$executeRawUnsafe('VACUUM ANALYZE "ScheduleStudent"');
  const admin = await createUser(ctx.prisma, { role: 'ROLE_ADMIN', organisationId: centre.id });
  return {
    organisationId: centre.id,
    teacherId: teacherIds[Math.floor(teachers / 2)],
    token: await signIn(ctx, admin.login),
    seconds: (performance.now() - started) / 1000,
  };
}

async function time(call: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await call();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await call();
  return (performance.now() - started) / RUNS;
}

export async function benchSalary(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.BCRYPT_COST ??= '4';
  const teachers = Number(process.env.SALARY_TEACHERS ?? 300);
  const perMonth = Number(process.env.SALARY_CLASSES ?? 60);
  const ctx = await createTestContext();
  try {
    const centre = await seed(ctx, teachers, perMonth);
    console.log(
      `seeded ${teachers} teachers x ${perMonth} classes a month x 3 months ` +
        `(${(teachers * perMonth * 3).toLocaleString('en')} classes) in ${centre.seconds.toFixed(1)} s`,
    );
    console.log(`database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
    const month = { from: '2025-03-01', to: '2025-03-31' };
    const get = (url: string, query: Record<string, string | number>) =>
      request(ctx.app).get(url).query(query).set('Authorization', `Bearer ${centre.token}`);
    // The plain aggregate: the month's completed classes summed per teacher, nothing else (UTC bounds
    // of the Toronto month, the centre's default zone).
    const plain = () =>
      ctx.prisma.$queryRaw<{ teacherId: number; classes: number; amount: string }[]>`
        SELECT s."teacherId", count(*)::int AS classes, sum(${teacherPaySql})::text AS amount
        FROM "Schedule" s
        WHERE s."organisationId" = ${centre.organisationId}::int AND s.status = 'COMPLETED'
          AND s."teacherStartAt" >= '2025-03-01T05:00:00Z'::timestamptz AND s."teacherStartAt" < '2025-04-01T04:00:00Z'::timestamptz
        GROUP BY s."teacherId"`;

    const report = await get('/api/reports/teacher-salary', month);
    if (report.status !== 200) throw new Error(`report failed: ${report.status} ${JSON.stringify(report.body)}`);
    const rows = await plain();
    const plainTotal = rows.reduce((a, r) => a.plus(r.amount), new Prisma.Decimal(0)).toFixed(2);
    const plainClasses = rows.reduce((a, r) => a + r.classes, 0);
    console.log(
      `report: ${report.body.total} lines, ${report.body.teachers.length} teachers, total ${report.body.totals.amount}; ` +
        `plain aggregate: ${plainClasses} classes, total ${plainTotal} (${plainTotal === report.body.totals.amount && plainClasses === report.body.total ? 'same' : 'DIFFERENT'})`,
    );

    const plainMs = await time(plain);
    const reportMs = await time(() => get('/api/reports/teacher-salary', month));
    const lastPageMs = await time(() =>
      get('/api/reports/teacher-salary', { ...month, pageSize: 100, current: Math.ceil(report.body.total / 100) }),
    );
    const oneMs = await time(() => get('/api/reports/teacher-salary', { ...month, teacherId: centre.teacherId }));
    const xlsxStarted = performance.now();
    const file = await get('/api/reports/teacher-salary/download', month).responseType('blob');
    const xlsxMs = performance.now() - xlsxStarted;
    if (file.status !== 200) throw new Error(`download failed: ${file.status}`);

    const row = (label: string, ms: number) =>
      console.log(`${label.padEnd(44)} ${ms.toFixed(1).padStart(9)} ms   x${(ms / plainMs).toFixed(1).padStart(6)}`);
    console.log(`${'salary, one month'.padEnd(44)} ${'time'.padStart(12)}   ratio to plain`);
    row('plain SQL aggregate (GROUP BY teacherId)', plainMs);
    row('GET /api/reports/teacher-salary, page 1', reportMs);
    row('  ... last page of 100 lines', lastPageMs);
    row('  ... one teacher', oneMs);
    row(`.xlsx download (${(file.body as Buffer).length.toLocaleString('en')} bytes, 1 run)`, xlsxMs);
    console.log(`report under 1 s: ${reportMs < 1000 ? 'yes' : 'NO'} (${reportMs.toFixed(0)} ms)`);
  } finally {
    await ctx.close();
  }
}

if (process.argv[1]?.endsWith('salary.ts')) {
  benchSalary().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// A billing cycle's cost (issue 10). Timed, never asserted: a cycle (no Stripe) for 1,000 centres with
// 100 students each who had a class in the period (the run: batches of 100 centres, students served,
// pricing, invoices, their students, the per-centre progress), against the baseline of plain createMany
// inserts of the same invoice rows and InvoiceStudent rows in the same process (target <= 2x).
// BILLING_BENCH_CENTRES and BILLING_BENCH_STUDENTS resize it. Database: TEST_DATABASE_URL with
// TEST_DB=postgres, else in-memory PGlite.
import { performance } from 'node:perf_hooks';
import { startCycle } from '../../server/features/billing/cycles';
import { runCycle } from '../../server/features/billing/run-cycle';
import type { Prisma } from '../../server/generated/prisma/client';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext } from '../support/test-app';

const CENTRES = Number(process.env.BILLING_BENCH_CENTRES ?? 1000);
const STUDENTS = Number(process.env.BILLING_BENCH_STUDENTS ?? 100);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function benchBilling(): Promise<void> {
  const ctx = await createTestContext();
  const { prisma } = ctx;
  const { system } = await createCentreWithStaff(ctx);
  const startDate = dayOffset(-20);
  const endDate = dayOffset(-1);
  const classAt = `${dayOffset(-10)}T16:00:00Z`;

  // Set-based seed: centres, one teacher and course each, one class each with all its students.
  let t0 = performance.now();
  await prisma.$executeRaw`
    INSERT INTO "Organisation" (name) SELECT 'Bench centre ' || g FROM generate_series(1, ${CENTRES}::int) g`;
  await prisma.$executeRaw`
    INSERT INTO "User" (login, email, roles, "organisationId", "updatedAt")
    SELECT 'benchteacher' || o.id, 'benchteacher' || o.id || '@example.test', ARRAY['ROLE_TEACHER']::"Role"[], o.id, now()
      FROM "Organisation" o WHERE o.name LIKE 'Bench centre %'`;
  await prisma.$executeRaw`
    INSERT INTO "Teacher" ("organisationId", "userId", "updatedAt")
    SELECT u."organisationId", u.id, now() FROM "User" u WHERE u.login LIKE 'benchteacher%'`;
  await prisma.$executeRaw`
    INSERT INTO "Course" ("organisationId", name, "updatedAt")
    SELECT o.id, 'Bench course', now() FROM "Organisation" o WHERE o.name LIKE 'Bench centre %'`;
  await prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", status, "courseType", "courseId", "teacherId", "startAt", "endAt",
                            "teacherStartAt", "teacherEndAt", "paymentType", "updatedAt")
    SELECT t."organisationId", 'COMPLETED', 'GROUP', c.id, t.id, ${classAt}::timestamptz,
           ${classAt}::timestamptz + interval '1 hour', ${classAt}::timestamptz,
           ${classAt}::timestamptz + interval '1 hour', 'FREE', now()
      FROM "Teacher" t JOIN "Course" c ON c."organisationId" = t."organisationId" AND c.name = 'Bench course'`;
  await prisma.$executeRaw`
    INSERT INTO "Student" ("organisationId", "studentId", "firstName", "lastName", "updatedAt")
    SELECT o.id, 'S' || g, 'First' || g, 'Last' || g, now()
      FROM "Organisation" o CROSS JOIN generate_series(1, ${STUDENTS}::int) g WHERE o.name LIKE 'Bench centre %'`;
  await prisma.$executeRaw`
    INSERT INTO "ScheduleStudent" ("scheduleId", "studentId")
    SELECT c.id, s.id FROM "Schedule" c JOIN "Student" s ON s."organisationId" = c."organisationId"
      JOIN "Course" k ON k.id = c."courseId" AND k.name = 'Bench course'`;
  // Statistics as autovacuum would have them on tables this size (the planner's row estimates).
  await prisma.$executeRawUnsafe('ANALYZE');
  const seedMs = performance.now() - t0;

  // The cycle: start (a PENDING row per centre) and run.
  t0 = performance.now();
  const cycle = await startCycle(prisma, { startDate, endDate, repeat: false }, system.id);
  const startMs = performance.now() - t0;
  t0 = performance.now();
  await runCycle(prisma, undefined, cycle.id);
  const runMs = performance.now() - t0;
  const outcomes = await prisma.billingCycleCentre.groupBy({
    by: ['outcome'],
    where: { cycleId: cycle.id },
    _count: { _all: true },
  });
  const invoices = await prisma.invoice.findMany({ where: { cycleId: cycle.id }, orderBy: { id: 'asc' } });
  const studentRows = await prisma.invoiceStudent.count({ where: { invoice: { cycleId: cycle.id } } });
  if (invoices.length !== CENTRES || studentRows !== CENTRES * STUDENTS)
    throw new Error(`the cycle made ${invoices.length} invoices and ${studentRows} student rows`);

  // The baseline: the same rows, inserted plainly (another period, so nothing overlaps).
  const students = await prisma.invoiceStudent.findMany({
    where: { invoice: { cycleId: cycle.id } },
    select: { invoiceId: true, studentId: true, name: true },
  });
  const rows: Prisma.InvoiceCreateManyInput[] = invoices.map(
    ({ id: _id, number: _n, createdAt: _c, updatedAt: _u, items, cycleId: _cycle, ...rest }) => ({
      ...(rest as Omit<typeof rest, 'items'>),
      items: items as Prisma.InputJsonValue,
      periodStart: new Date('2020-01-01T00:00:00Z'),
      periodEnd: new Date('2020-01-31T00:00:00Z'),
    }),
  );
  t0 = performance.now();
  const inserted = await prisma.invoice.createManyAndReturn({ data: rows, select: { id: true, organisationId: true } });
  const invoiceOf = new Map(inserted.map((r) => [r.organisationId, r.id]));
  const orgOf = new Map(invoices.map((i) => [i.id, i.organisationId]));
  await prisma.invoiceStudent.createMany({
    data: students.map((s) => ({
      invoiceId: invoiceOf.get(orgOf.get(s.invoiceId) as number) as number,
      studentId: s.studentId,
      name: s.name,
    })),
  });
  const baselineMs = performance.now() - t0;
  // A stricter baseline: the invoices again, their students in one INSERT ... SELECT FROM unnest.
  t0 = performance.now();
  const again = await prisma.invoice.createManyAndReturn({
    data: rows.map((r) => ({
      ...r,
      periodStart: new Date('2020-02-01T00:00:00Z'),
      periodEnd: new Date('2020-02-28T00:00:00Z'),
    })),
    select: { id: true, organisationId: true },
  });
  const againOf = new Map(again.map((r) => [r.organisationId, r.id]));
  await prisma.$executeRaw`
    INSERT INTO "InvoiceStudent" ("invoiceId", "studentId", name)
    SELECT * FROM unnest(
      ${students.map((s) => againOf.get(orgOf.get(s.invoiceId) as number) as number)}::int[],
      ${students.map((s) => s.studentId)}::int[],
      ${students.map((s) => s.name)}::text[])`;
  const unnestMs = performance.now() - t0;

  const db = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(`Billing cycle: ${CENTRES} centres x ${STUDENTS} students, no Stripe, ${db}`);
  console.log(`seed (set-based SQL)                   ${seedMs.toFixed(0).padStart(7)} ms`);
  console.log(`createMany invoices + students (baseline) ${baselineMs.toFixed(0).padStart(7)} ms`);
  console.log(`createMany invoices + unnest students     ${unnestMs.toFixed(0).padStart(7)} ms`);
  console.log(`start cycle (PENDING rows)             ${startMs.toFixed(0).padStart(7)} ms`);
  console.log(
    `run cycle                              ${runMs.toFixed(0).padStart(7)} ms  (${outcomes.map((o) => `${o.outcome} ${o._count._all}`).join(', ')})`,
  );
  console.log(`ratio run / baseline: ${(runMs / baselineMs).toFixed(2)}x (target <= 2x)`);
  console.log(`ratio run / unnest baseline: ${(runMs / unnestMs).toFixed(2)}x`);
  console.log(`ratio start + run / baseline: ${((startMs + runMs) / baselineMs).toFixed(2)}x`);
  await ctx.close();
}

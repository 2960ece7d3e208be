// The family portal at scale (issue 21): a guardian of a two-child household opens the home page, a
// child's lessons and ledger, feedback and payments, in a centre of 1,000 students and 10,000 classes
// and in one of 50,000 students and 500,000 classes (PORTAL_LARGE=500000; the default is 50,000
// classes, so `npm run bench` stays quick). Each child has about as many lessons and entries in both
// centres (ten classes per student): what grows is everyone else's, which a family's page must not pay
// for. Figures and the large/small ratios are printed, never asserted (target ≤ 1.5x).
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { createUser, signIn } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';
import { dashboardCentre } from './dashboard';

const RUNS = 20;

interface Family {
  token: string;
  childId: number;
  classes: number;
}

/** A household of two children of the centre who have lessons, and its guardian, signed in. */
async function familyOf(ctx: TestContext, organisationId: number, classes: number): Promise<Family> {
  const kids = await ctx.prisma.$queryRaw<{ id: number }[]>`
    SELECT ss."studentId" AS id FROM "ScheduleStudent" ss JOIN "Schedule" s ON s.id = ss."scheduleId"
     WHERE s."organisationId" = ${organisationId}
     GROUP BY ss."studentId" ORDER BY count(*) DESC, ss."studentId" LIMIT 2`;
  const household = await ctx.prisma.household.create({ data: { organisationId, name: 'Bench family' } });
  await ctx.prisma.student.updateMany({
    where: { id: { in: kids.map((k) => k.id) } },
    data: { householdId: household.id },
  });
  const user = await createUser(ctx.prisma, { role: 'ROLE_CUSTOMER', organisationId });
  await ctx.prisma.guardian.create({
    data: { organisationId, householdId: household.id, name: 'Bench guardian', email: user.email, userId: user.id },
  });
  return { token: await signIn(ctx, user.login), childId: kids[0].id, classes };
}

async function timeGet(ctx: TestContext, family: Family, url: string) {
  const call = () => request(ctx.app).get(url).set('Authorization', `Bearer ${family.token}`);
  const first = await call();
  if (first.status !== 200) throw new Error(`GET ${url} failed: ${first.status} ${JSON.stringify(first.body)}`);
  for (let i = 0; i < 3; i++) await call();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await call();
  return (performance.now() - started) / RUNS;
}

const CASES: { label: string; url: (f: Family) => string }[] = [
  { label: 'portal home', url: () => '/api/portal/home' },
  { label: 'a child’s upcoming lessons', url: (f) => `/api/portal/children/${f.childId}/lessons?when=upcoming` },
  { label: 'a child’s past lessons', url: (f) => `/api/portal/children/${f.childId}/lessons?when=past` },
  { label: 'a child’s ledger, page 1', url: (f) => `/api/portal/children/${f.childId}/ledger` },
  { label: 'feedback, page 1', url: () => '/api/portal/feedback' },
  { label: 'card payments', url: () => '/api/portal/payments' },
];

export async function benchPortal(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.BCRYPT_COST ??= '4';
  const largeClasses = Number(process.env.PORTAL_LARGE ?? 50_000);
  const ctx = await createTestContext();
  try {
    const smallCentre = await dashboardCentre(ctx, 1_000, 10_000);
    const largeCentre = await dashboardCentre(ctx, Math.round(largeClasses / 10), largeClasses);
    const small = await familyOf(ctx, smallCentre.organisationId, smallCentre.classes);
    const large = await familyOf(ctx, largeCentre.organisationId, largeCentre.classes);
    console.log(`database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
    const head = `${(large.classes / 1000).toFixed(0)}k`;
    console.log(
      `${'portal (classes)'.padEnd(30)} ${'10k ms'.padStart(8)} ${`${head} ms`.padStart(9)} ${`${head}/10k`.padStart(9)}`,
    );
    for (const { label, url } of CASES) {
      const a = await timeGet(ctx, small, url(small));
      const b = await timeGet(ctx, large, url(large));
      console.log(
        `${label.padEnd(30)} ${a.toFixed(2).padStart(8)} ${b.toFixed(2).padStart(9)} ${(b / a).toFixed(2).padStart(9)}`,
      );
    }
  } finally {
    await ctx.close();
  }
}

// Student list at scale: page 1 and page 500 of GET /api/students (sorted by last name; also filtered by
// a name fragment) for a centre of 1,000 and one of 50,000 students. Figures and the 50k/1k ratio are
// printed, never asserted; each case before (exact count) and as served (counted up to the cap, issue
// 24). Measured on PostgreSQL, 28 Nov 2026, load 12-15 (noisy): page 1 1.72x before, 1.60x as served;
// all statuses 2.78x / 1.30x; EXPLAIN ANALYZE of the count alone at 50k: 11 ms exact, 0.31 ms capped
// (0.34 ms at 1k). Database: TEST_DATABASE_URL with TEST_DB=postgres, else in-memory PGlite.
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { seedLargeCentre } from '../../prisma/seed/large';
import { createUser, signIn } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';
import { BEFORE_AND_AFTER, withLimits } from './limits';

const RUNS = 20;
// Active students (the Students page) and every status (All Students: no `active` filter, served by
// the (organisationId, lastName, firstName, id) index).
const CASES = [
  { label: 'page 1, sort lastName', query: { current: 1, active: 'true' } },
  { label: 'page 500, sort lastName', query: { current: 500, active: 'true' } },
  { label: 'page 1, all statuses', query: { current: 1 } },
  { label: 'page 500, all statuses', query: { current: 500 } },
  { label: 'page 1, q=son, sort lastName', query: { current: 1, q: 'son', active: 'true' } },
  { label: 'page 500, q=son, sort lastName', query: { current: 500, q: 'son', active: 'true' } },
] as const;

async function timeCase(ctx: TestContext, token: string, query: Record<string, string | number>) {
  const call = () =>
    request(ctx.app)
      .get('/api/students')
      .query({ pageSize: 10, sortField: 'lastName', sortOrder: 'ascend', ...query })
      .set('Authorization', `Bearer ${token}`);
  const first = await call();
  if (first.status !== 200) throw new Error(`GET /api/students failed: ${first.status}`);
  for (let i = 0; i < 3; i++) await call(); // warm up
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await call();
  return { ms: (performance.now() - started) / RUNS, total: `${first.body.total}${first.body.totalCapped ? '+' : ''}` };
}

async function centreOf(ctx: TestContext, students: number) {
  const seeded = await seedLargeCentre(ctx.prisma, { students });
  const admin = await createUser(ctx.prisma, { role: 'ROLE_ADMIN', organisationId: seeded.organisationId });
  console.log(`seeded ${students} students in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
  return signIn(ctx, admin.login);
}

export async function benchStudents(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.BCRYPT_COST ??= '4';
  const ctx = await createTestContext();
  try {
    const small = await centreOf(ctx, 1_000);
    const large = await centreOf(ctx, 50_000);
    console.log(`database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
    console.log(
      `${'GET /api/students'.padEnd(34)} ${'1k ms'.padStart(8)} ${'50k ms'.padStart(8)} ${'50k/1k'.padStart(7)}`,
    );
    for (const { bounded, title } of BEFORE_AND_AFTER) {
      console.log(title);
      for (const { label, query } of CASES) {
        const [a, b] = await withLimits(bounded, async () => [
          await timeCase(ctx, small, query),
          await timeCase(ctx, large, query),
        ]);
        console.log(
          `${label.padEnd(34)} ${a.ms.toFixed(2).padStart(8)} ${b.ms.toFixed(2).padStart(8)} ${(b.ms / a.ms).toFixed(2).padStart(7)}` +
            `   (matches: ${a.total} / ${b.total})`,
        );
      }
    }
  } finally {
    await ctx.close();
  }
}

if (process.argv[1]?.endsWith('students.ts')) {
  benchStudents().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// `npm run bench`: figures as ratios against a baseline measured in the same process, never as
// pass/fail timings. Set TEST_DB=postgres and TEST_DATABASE_URL to measure on PostgreSQL. Baseline: GET /api/health (routing + one trivial query). Measured: the cost of
// an authenticated call (token check + user lookup) and of a list page.
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext } from '../support/test-app';
import { benchCalendar } from './calendar';
import { benchDashboard } from './dashboard';
import { benchFirstLoad } from './first-load';
import { benchImports } from './imports';
import { benchMessages } from './messages';
import { benchSalary } from './salary';
import { benchSchedules } from './schedules';
import { benchStudents } from './students';

process.env.LOG_LEVEL = 'silent';
process.env.BCRYPT_COST ??= '4';

async function timePerCall(label: string, call: () => Promise<unknown>, runs = 300): Promise<number> {
  for (let i = 0; i < 20; i++) await call(); // warm up
  const started = performance.now();
  for (let i = 0; i < runs; i++) await call();
  const perCall = (performance.now() - started) / runs;
  console.log(`${label.padEnd(34)} ${perCall.toFixed(3)} ms/call`);
  return perCall;
}

async function main() {
  const ctx = await createTestContext();
  const { tokens } = await createCentreWithStaff(ctx);
  const auth = { Authorization: `Bearer ${tokens.admin}` };
  const baseline = await timePerCall('GET /api/health (baseline)', () => request(ctx.app).get('/api/health'));
  const account = await timePerCall('GET /api/account', () => request(ctx.app).get('/api/account').set(auth));
  const users = await timePerCall('GET /api/users?pageSize=10', () =>
    request(ctx.app).get('/api/users').query({ pageSize: 10 }).set(auth),
  );
  console.log(`\nratio account / baseline: ${(account / baseline).toFixed(2)}`);
  console.log(`ratio users   / baseline: ${(users / baseline).toFixed(2)}`);
  console.log(`database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  await ctx.close();
}

async function all() {
  await main();
  console.log('');
  await benchStudents();
  console.log('');
  await benchImports();
  console.log('');
  await benchSchedules();
  console.log('');
  await benchDashboard();
  console.log('');
  await benchFirstLoad();
  console.log('');
  await benchCalendar();
  console.log('');
  await benchSalary();
  console.log('');
  await benchMessages();
}

all().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

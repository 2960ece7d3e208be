// `npm run bench`: figures as ratios against a baseline measured in the same process, never as
// pass/fail timings. Set TEST_DB=postgres and TEST_DATABASE_URL to measure on PostgreSQL. Baseline: GET /api/health (routing + one trivial query). Measured: the cost of
// an authenticated call (token check + user lookup) and of a list page.
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext } from '../support/test-app';
import { benchAccountTiming } from './account-timing';
import { benchBilling } from './billing';
import { benchCalendar } from './calendar';
import { benchDashboard } from './dashboard';
import { benchFirstLoad } from './first-load';
import { benchImports } from './imports';
import { benchLessons } from './lessons';
import { benchLoad, benchLoadPglite } from './load';
import { benchMessages } from './messages';
import { benchPortal } from './portal';
import { benchPwa } from './pwa';
import { benchReminders } from './reminders';
import { benchRoomView } from './room-view';
import { benchRooms } from './rooms';
import { benchRoundTrips } from './round-trips';
import { benchSalary } from './salary';
import { benchSchedules } from './schedules';
import { benchSeats } from './seats';
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

/** Every bench, or only those named: `npm run bench -- billing messages`. */
const benches: Record<string, () => Promise<void>> = {
  api: main,
  students: benchStudents,
  imports: benchImports,
  schedules: benchSchedules,
  dashboard: benchDashboard,
  firstLoad: benchFirstLoad,
  calendar: benchCalendar,
  salary: benchSalary,
  messages: benchMessages,
  billing: benchBilling,
  pwa: benchPwa,
  accountTiming: benchAccountTiming,
  reminders: benchReminders,
  portal: benchPortal,
  lessons: benchLessons,
  seats: benchSeats,
  rooms: benchRooms,
  roundTrips: benchRoundTrips,
  roomView: benchRoomView,
  load: benchLoad,
  loadPglite: benchLoadPglite,
};
/** Run only when named (`npm run bench -- load`): minutes long, and it needs nginx and PostgreSQL. */
const ON_REQUEST = new Set(['load', 'loadPglite']);

async function all() {
  const named = process.argv.slice(2);
  const unknown = named.filter((n) => !(n in benches));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  const selected = named.length ? named : Object.keys(benches).filter((name) => !ON_REQUEST.has(name));
  for (const [i, name] of selected.entries()) {
    if (i > 0) console.log('');
    await benches[name]();
  }
}

all().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

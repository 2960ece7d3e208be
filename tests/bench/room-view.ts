// The calendar's room view (issue 23): one week of a location with ROOMS (50) rooms and CLASSES_PER_ROOM
// (40) classes in each (2,000 classes, each with a student), read by GET /api/schedules/range as the room
// view asks for it (the location's whole week: every room's column), against the same week without the
// location filter (the plain week view of the same classes: the baseline) and with one room chosen.
// Timed, never asserted: ms per call and the ratios. On PostgreSQL (TEST_DB=postgres) the statements of
// one range read are also captured: their number and longest text for the 2,000-class week and the
// 40-class room, the same when the statement size does not grow with the classes.
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { createAdapterFactory } from '../../server/db/target';
import { scheduleRange } from '../../server/features/schedules/list-schedules';
import { PrismaClient } from '../../server/generated/prisma/client';
import type { AuthContext } from '../../server/http/context';
import { createStudent, createTeacher } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createLocation } from '../support/location-factories';
import { createCourseRow } from '../support/schedule-rows';
import { createTestContext } from '../support/test-app';

const ROOMS = Number(process.env.ROOM_BENCH_ROOMS ?? 50);
const CLASSES_PER_ROOM = Number(process.env.ROOM_BENCH_CLASSES ?? 40);
const RUNS = Number(process.env.ROOM_BENCH_RUNS ?? 30);
// The week of Sunday 2 March 2031 in Toronto (EST): its classes Monday to Friday, 8 a day per room.
const WEEK = { start: '2031-03-02T05:00:00Z', end: '2031-03-09T05:00:00Z' };

async function timePerCall(label: string, call: () => Promise<number>): Promise<number> {
  let count = 0;
  for (let i = 0; i < 3; i++) count = await call(); // warm up
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await call();
  const perCall = (performance.now() - started) / RUNS;
  console.log(`${label.padEnd(46)} ${perCall.toFixed(1).padStart(8)} ms/call  ${String(count).padStart(5)} events`);
  return perCall;
}

export async function benchRoomView(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  const ctx = await createTestContext();
  const { prisma } = ctx;
  const staff = await createCentreWithStaff(ctx);
  const org = staff.centre.id;
  const { location, rooms } = await createLocation(prisma, org, {
    name: 'Big site',
    rooms: Array.from({ length: ROOMS }, (_, i) => ({ name: `Room ${i + 1}`, capacity: 10 })),
  });
  const teacher = await createTeacher(prisma, org);
  const course = await createCourseRow(prisma, org, 'Bench course');
  const student = await createStudent(prisma, org);
  const roomIds = rooms.map((r) => r.id);
  const total = ROOMS * CLASSES_PER_ROOM;
  const seeded = performance.now();
  // Class g: room g % ROOMS, slot g / ROOMS: day slot / 8 (Monday on), hour 9 + slot % 8 (EST: +5 h UTC).
  await prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", "courseType", "courseId", "teacherId", "startAt", "endAt",
      "teacherStartAt", "teacherEndAt", "paymentType", "locationId", "roomId", "updatedAt")
    SELECT ${org}, 'GROUP'::"CourseType", ${course.id}, ${teacher.id}, s.at, s.at + interval '1 hour', s.at,
      s.at + interval '1 hour', 'CASH'::"SchedulePaymentType", ${location.id}, (${roomIds}::int[])[1 + g % ${ROOMS}::int], now()
    FROM generate_series(0, ${total - 1}::int) AS g,
      LATERAL (SELECT timestamptz '2031-03-03 14:00:00+00' + ((g / ${ROOMS}::int) / 8) * interval '1 day'
        + ((g / ${ROOMS}::int) % 8) * interval '1 hour' AS at) AS s`;
  await prisma.$executeRaw`
    INSERT INTO "ScheduleStudent" ("scheduleId", "studentId")
    SELECT id, ${student.id} FROM "Schedule" WHERE "organisationId" = ${org}`;
  console.log(
    `room view: ${ROOMS} rooms x ${CLASSES_PER_ROOM} classes = ${total} classes in one week (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
  );

  const auth = { Authorization: `Bearer ${staff.tokens.admin}` };
  const range = (query: Record<string, unknown>) => async () => {
    const res = await request(ctx.app)
      .get('/api/schedules/range')
      .query({ ...WEEK, ...query })
      .set(auth);
    if (res.status !== 200) throw new Error(`range: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as unknown[]).length;
  };
  const plain = await timePerCall('week, no filter (baseline)', range({}));
  const byLocation = await timePerCall(`room view: the location's ${ROOMS} rooms`, range({ locationId: location.id }));
  const oneRoom = await timePerCall('one room chosen', range({ roomId: roomIds[0] }));
  console.log(`ratio room view / baseline: ${(byLocation / plain).toFixed(2)}`);
  console.log(`ratio one room / baseline:  ${(oneRoom / plain).toFixed(2)}`);
  console.log(`per event, room view: ${((byLocation / total) * 1000).toFixed(1)} µs`);

  if (ctx.target.kind === 'postgres') {
    // The same read through a client that logs its statements.
    const logged = new PrismaClient({
      adapter: await createAdapterFactory(ctx.target),
      log: [{ emit: 'event', level: 'query' }],
    });
    let statements: string[] = [];
    logged.$on('query', (e) => statements.push(e.query));
    const authContext: AuthContext = {
      userId: staff.admin.id,
      login: staff.admin.login,
      organisationId: org,
      authorities: ['ROLE_ADMIN'],
    };
    for (const [label, query] of [
      ['whole week', { locationId: location.id }],
      ['one room', { roomId: roomIds[0] }],
    ] as const) {
      statements = [];
      const reply = await scheduleRange(logged, authContext, { ...WEEK, ...query } as never);
      const events = Array.isArray(reply) ? reply.length : `summary of ${reply.total}`;
      const longest = Math.max(...statements.map((s) => s.length));
      console.log(`statements for ${label} (${events} events): ${statements.length}, longest ${longest} chars`);
    }
    await logged.$disconnect();
  }
  console.log(`database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  await ctx.close();
}

if (process.argv[1]?.endsWith('room-view.ts')) {
  benchRoomView().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// Room clashes at scale (issue 23): the conflict check of a 52-week series with 3 slots a week booked
// into a room, against a centre of 500,000 classes spread over 50 rooms, beside the same series
// without a room (teacher and student clashes only). The ratio is printed, never asserted (target:
// within 1.5x). Database: TEST_DATABASE_URL with TEST_DB=postgres (500,000 classes), else in-memory
// PGlite with 50,000 (seeding half a million there takes too long); ROOMS_LARGE sets the number.
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { seedLargeCentre } from '../../prisma/seed/large';
import { seedLargeSchedules } from '../../prisma/seed/large-schedules';
import { createUser, signIn } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

const RUNS = 15;
const ROOMS = 50;

async function roomCentre(ctx: TestContext, classes: number) {
  const seeded = await seedLargeCentre(ctx.prisma, { students: 50_000, teachers: 300 });
  const schedules = await seedLargeSchedules(ctx.prisma, { organisationId: seeded.organisationId, classes });
  const started = performance.now();
  const location = await ctx.prisma.location.create({
    data: { organisationId: seeded.organisationId, name: 'Bench site', address: '1 Bench Road' },
  });
  await ctx.prisma.room.createMany({
    data: Array.from({ length: ROOMS }, (_, i) => ({ locationId: location.id, name: `Room ${i + 1}`, capacity: 10 })),
  });
  const roomIds = (
    await ctx.prisma.room.findMany({ where: { locationId: location.id }, orderBy: { id: 'asc' }, select: { id: true } })
  ).map((r) => r.id);
  // Every class into one of the 50 rooms, round robin by id.
  await ctx.prisma.$executeRaw`
    UPDATE "Schedule" SET "locationId" = ${location.id}, "roomId" = (${roomIds}::int[])[1 + id % ${ROOMS}::int]
    WHERE "organisationId" = ${seeded.organisationId}`;
  await ctx.prisma.$executeRawUnsafe('ANALYZE "Schedule"');
  console.log(
    `seeded ${classes.toLocaleString('en')} classes in ${(schedules.milliseconds / 1000).toFixed(1)} s, ` +
      `put them in ${ROOMS} rooms in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const admin = await createUser(ctx.prisma, { role: 'ROLE_ADMIN', organisationId: seeded.organisationId });
  return {
    token: await signIn(ctx, admin.login),
    teacherId: schedules.teacherIds[7],
    studentId: schedules.studentIds[11],
    courseId: schedules.courseId,
    locationId: location.id,
    roomId: roomIds[7],
  };
}
type Centre = Awaited<ReturnType<typeof roomCentre>>;

/** POSTs the series (52 weeks, Mon/Wed/Fri) again and again: each call clashes and is refused (409). */
async function timeSeries(ctx: TestContext, centre: Centre, roomId: number | null) {
  const body = {
    courseType: 'ONE_ON_ONE',
    courseId: centre.courseId,
    teacherId: centre.teacherId,
    locationId: centre.locationId,
    roomId,
    startAt: '2025-01-06T21:00:00.000Z',
    endAt: '2025-01-06T22:00:00.000Z',
    paymentType: 'VOUCHER',
    students: [{ studentId: centre.studentId }],
    repeat: {
      slots: [
        { weekday: 1, startTime: '16:00', endTime: '17:00' },
        { weekday: 3, startTime: '16:00', endTime: '17:00' },
        { weekday: 5, startTime: '16:00', endTime: '17:00' },
      ],
      count: 156,
    },
  };
  const call = () => request(ctx.app).post('/api/schedules').send(body).set('Authorization', `Bearer ${centre.token}`);
  const first = await call();
  if (first.status !== 409 && first.status !== 201) throw new Error(`POST /api/schedules: ${first.status}`);
  const again = await call();
  if (again.status !== 409) throw new Error(`POST /api/schedules again: ${again.status}, expected a clash`);
  for (let i = 0; i < 3; i++) await call();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await call();
  const conflicts = again.body.conflicts as { who: string }[];
  return {
    ms: (performance.now() - started) / RUNS,
    rooms: conflicts.filter((c) => c.who === 'room').length,
    listed: conflicts.length,
  };
}

export async function benchRooms(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.BCRYPT_COST ??= '4';
  const postgres = process.env.TEST_DB === 'postgres';
  const large = Number(process.env.ROOMS_LARGE ?? (postgres ? 500_000 : 50_000));
  const ctx = await createTestContext();
  try {
    const centre = await roomCentre(ctx, large);
    console.log(`database: ${postgres ? 'PostgreSQL' : 'PGlite (in memory)'}, ${large.toLocaleString('en')} classes`);
    const without = await timeSeries(ctx, centre, null);
    const withRoom = await timeSeries(ctx, centre, centre.roomId);
    const line = (label: string, r: typeof without) =>
      console.log(
        `${label.padEnd(44)} ${r.ms.toFixed(2).padStart(8)} ms   (clashes listed: ${r.listed}, room: ${r.rooms})`,
      );
    line('conflict check, 52 weeks x 3 slots, no room', without);
    line('conflict check, 52 weeks x 3 slots, a room', withRoom);
    console.log(`ratio room / no room: ${(withRoom.ms / without.ms).toFixed(2)} (target <= 1.5)`);
  } finally {
    await ctx.close();
  }
}

if (process.argv[1]?.endsWith('rooms.ts')) {
  benchRooms().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// Booking a class at a location and into a room (issue 23): a room holds one class at a time (409 with
// the clash list, override with a reason), a series carries its place to every class, the room's seats
// are the default capacity and the limit, a location or room must be an active one of the centre (and
// of a site-limited operator's sites), a teacher between two locations gets a travel warning, a change
// of place tells the teacher and the families, and the family portal shows where each lesson is.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { defaultLocationId } from '../../server/features/locations/default-location';
import { runClassChangeNotices } from '../../server/features/notices/jobs';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createCentreWithStaff } from '../support/factories';
import { createHousehold } from '../support/household-factories';
import { createLocation, createSiteOperator } from '../support/location-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createGuardianUser } from '../support/portal-factories';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let mailDir: string;
let main: { id: number; name: string };
let north: { id: number; name: string; address: string | null };
let roomA: { id: number; name: string };
let roomB: { id: number; name: string };
let mainRoom: { id: number };
let closedRoom: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-rooms-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir }));
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx);
  const mainId = await defaultLocationId(ctx.prisma, c.centre.id);
  main = await ctx.prisma.location.update({ where: { id: mainId }, data: { address: '1 Centre Road' } });
  mainRoom = await ctx.prisma.room.create({ data: { locationId: main.id, name: 'Front room', capacity: 6 } });
  const made = await createLocation(ctx.prisma, c.centre.id, {
    name: 'North',
    address: '99 North Avenue',
    rooms: [
      { name: 'Room A', capacity: 4 },
      { name: 'Room B', capacity: 2 },
      { name: 'Old room', capacity: 8 },
    ],
  });
  north = made.location;
  [roomA, roomB, closedRoom] = made.rooms;
  await ctx.prisma.room.update({ where: { id: closedRoom.id }, data: { active: false } });
  await runClassChangeNotices(ctx.prisma, queue, later()); // places the job's cursor at the audit's end
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

const later = () => new Date(Date.now() + 60_000);
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00Z`).toISOString();

describe('a room holds one class at a time', () => {
  it('a second class in the room at the same time is a 409 naming the room', async () => {
    const first = await c.operator.post(
      '/api/schedules',
      classBody(c, {
        locationId: north.id,
        roomId: roomA.id,
        startAt: at('2027-01-04', '15:00'),
        endAt: at('2027-01-04', '16:00'),
      }),
    );
    expect(first.status).toBe(201);
    expect(first.body.schedule.location).toEqual({ id: north.id, name: 'North' });
    expect(first.body.schedule.room).toEqual({ id: roomA.id, name: 'Room A' });
    expect(first.body.schedule.place).toBe('99 North Avenue');

    const second = classBody(c, {
      teacherId: c.bob.id,
      students: [{ studentId: c.students[1].id }],
      locationId: north.id,
      roomId: roomA.id,
      startAt: at('2027-01-04', '15:30'),
      endAt: at('2027-01-04', '16:30'),
    });
    const refused = await c.operator.post('/api/schedules', second);
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts).toEqual([
      expect.objectContaining({
        who: 'room',
        personId: roomA.id,
        personName: 'North · Room A',
        scheduleId: first.body.schedule.id,
      }),
    ]);

    // The same time in the other room is no clash.
    const elsewhere = await c.operator.post('/api/schedules', { ...second, roomId: roomB.id });
    expect(elsewhere.status).toBe(201);
  });

  it('an override with a reason saves the class and records the reason', async () => {
    const body = classBody(c, {
      locationId: north.id,
      roomId: roomA.id,
      startAt: at('2027-01-05', '15:00'),
      endAt: at('2027-01-05', '16:00'),
    });
    expect((await c.operator.post('/api/schedules', body)).status).toBe(201);
    const other = {
      ...body,
      teacherId: c.bob.id,
      students: [{ studentId: c.students[2].id }],
    };
    expect((await c.operator.post('/api/schedules', other)).status).toBe(409);
    const saved = await c.operator.post('/api/schedules', {
      ...other,
      override: { reason: 'Room shared by agreement' },
    });
    expect(saved.status).toBe(201);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: saved.body.schedule.id } });
    expect(row).toMatchObject({ roomId: roomA.id, conflictOverride: true, conflictReason: 'Room shared by agreement' });
  });

  it('a series into a booked room is refused on the clashing week, and carries its place to every class', async () => {
    // Monday 15 February 2027, 16:00 Toronto (21:00 UTC).
    const booked = await c.operator.post(
      '/api/schedules',
      classBody(c, {
        locationId: north.id,
        roomId: roomB.id,
        startAt: at('2027-02-15', '21:00'),
        endAt: at('2027-02-15', '22:00'),
      }),
    );
    expect(booked.status).toBe(201);
    const series = classBody(c, {
      teacherId: c.bob.id,
      students: [{ studentId: c.students[1].id }],
      locationId: north.id,
      roomId: roomB.id,
      startAt: at('2027-02-01', '21:00'),
      endAt: at('2027-02-01', '22:00'),
      repeat: { slots: [{ weekday: 1, startTime: '16:00', endTime: '17:00' }], count: 3 },
    });
    const refused = await c.operator.post('/api/schedules', series);
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts).toHaveLength(1);
    expect(refused.body.conflicts[0]).toMatchObject({ who: 'room', startAt: at('2027-02-15', '21:00') });

    const saved = await c.operator.post('/api/schedules', { ...series, override: { reason: 'Half-term swap' } });
    expect(saved.status).toBe(201);
    expect(saved.body.count).toBe(3);
    const rows = await ctx.prisma.schedule.findMany({ where: { seriesId: saved.body.schedule.seriesId } });
    expect(rows.map((r) => [r.locationId, r.roomId])).toEqual(Array(3).fill([north.id, roomB.id]));

    // An edit of the whole series into another room moves every class there.
    const edited = await c.operator.put(`/api/schedules/${saved.body.schedule.id}`, {
      ...series,
      repeat: undefined,
      roomId: roomA.id,
      scope: 'all',
    });
    expect(edited.status).toBe(200);
    const after = await ctx.prisma.schedule.findMany({ where: { seriesId: saved.body.schedule.seriesId } });
    expect(after.map((r) => r.roomId)).toEqual(Array(3).fill(roomA.id));
  });
});

describe("a room's seats", () => {
  const group = (day: string, overrides: object = {}) =>
    classBody(c, {
      courseType: 'GROUP',
      locationId: north.id,
      roomId: roomB.id,
      startAt: at(day, '15:00'),
      endAt: at(day, '16:00'),
      ...overrides,
    });

  it('are the capacity of a group class booked into the room without one', async () => {
    const res = await c.operator.post('/api/schedules', group('2027-03-01'));
    expect(res.status).toBe(201);
    expect(res.body.schedule.capacity).toBe(2);
    const own = await c.operator.post('/api/schedules', group('2027-03-02', { capacity: 1 }));
    expect(own.body.schedule.capacity).toBe(1);
  });

  it('refuse a larger class (409 roomcapacity naming the room and both numbers) unless overridden', async () => {
    const tooBig = await c.operator.post('/api/schedules', group('2027-03-03', { capacity: 5 }));
    expect(tooBig.status).toBe(409);
    expect(tooBig.body.errorKey).toBe('roomcapacity');
    expect(tooBig.body.errorMessage).toBe('Room B has 2 seats: the class would need 5');
    const crowded = await c.operator.post(
      '/api/schedules',
      group('2027-03-03', { students: c.students.map((s) => ({ studentId: s.id })) }),
    );
    expect(crowded.status).toBe(409);
    expect(crowded.body.errorKey).toBe('roomcapacity');
    const zh = await request(ctx.app)
      .post('/api/schedules')
      .set('Authorization', `Bearer ${c.tokens.operator}`)
      .set('Accept-Language', 'zh-CN')
      .send(group('2027-03-03', { capacity: 5 }));
    expect(zh.body.errorMessage).toBe('教室“Room B”只有 2 个座位：本课程需要 5 个');
    const overridden = await c.operator.post(
      '/api/schedules',
      group('2027-03-03', { capacity: 5, overrideCapacity: true }),
    );
    expect(overridden.status).toBe(201);
    expect(overridden.body.schedule.capacity).toBe(5);
  });
});

describe('the place must be one the caller may book', () => {
  const body = (overrides: object) =>
    classBody(c, { startAt: at('2027-04-05', '15:00'), endAt: at('2027-04-05', '16:00'), ...overrides });
  const fieldOf = (res: request.Response) => res.body.fieldErrors?.map((f: { field: string }) => f.field);

  it('an inactive room, a room of another location and another centre’s location are 400s naming the field', async () => {
    const inactive = await c.operator.post('/api/schedules', body({ locationId: north.id, roomId: closedRoom.id }));
    expect(inactive.status).toBe(400);
    expect(fieldOf(inactive)).toEqual(['roomId']);
    const otherLocation = await c.operator.post('/api/schedules', body({ locationId: north.id, roomId: mainRoom.id }));
    expect(otherLocation.status).toBe(400);
    expect(fieldOf(otherLocation)).toEqual(['roomId']);
    const elsewhere = await createCentreWithStaff(ctx);
    const theirs = await createLocation(ctx.prisma, elsewhere.centre.id, {
      name: 'Theirs',
      rooms: [{ name: 'X', capacity: 3 }],
    });
    const foreign = await c.operator.post('/api/schedules', body({ locationId: theirs.location.id }));
    expect(foreign.status).toBe(400);
    expect(fieldOf(foreign)).toEqual(['locationId']);
    const foreignRoom = await c.operator.post(
      '/api/schedules',
      body({ locationId: north.id, roomId: theirs.rooms[0].id }),
    );
    expect(fieldOf(foreignRoom)).toEqual(['roomId']);
    const closed = await createLocation(ctx.prisma, c.centre.id, { name: 'Closed site' });
    await ctx.prisma.location.update({ where: { id: closed.location.id }, data: { active: false } });
    const inactiveSite = await c.operator.post('/api/schedules', body({ locationId: closed.location.id }));
    expect(fieldOf(inactiveSite)).toEqual(['locationId']);
    expect(await ctx.prisma.schedule.count({ where: { startAt: new Date(at('2027-04-05', '15:00')) } })).toBe(0);
  });

  it('left out: a new class is at the centre’s first location; an edit keeps it, a new location clears the room', async () => {
    const made = await c.operator.post(
      '/api/schedules',
      body({ startAt: at('2027-04-06', '15:00'), endAt: at('2027-04-06', '16:00') }),
    );
    expect(made.status).toBe(201);
    expect(made.body.schedule.location.id).toBe(main.id);
    expect(made.body.schedule.room).toBeNull();
    const id = made.body.schedule.id;
    const times = { startAt: at('2027-04-06', '15:00'), endAt: at('2027-04-06', '16:00') };
    const roomed = await c.operator.put(`/api/schedules/${id}`, body({ ...times, roomId: mainRoom.id }));
    expect(roomed.body.schedule.room.id).toBe(mainRoom.id);
    const kept = await c.operator.put(`/api/schedules/${id}`, body({ ...times, comments: 'kept' }));
    expect(kept.body.schedule.room.id).toBe(mainRoom.id);
    const moved = await c.operator.put(`/api/schedules/${id}`, body({ ...times, locationId: north.id }));
    expect(moved.status).toBe(200);
    expect(moved.body.schedule.location.id).toBe(north.id);
    expect(moved.body.schedule.room).toBeNull();
  });

  it('a site-limited operator books at their own sites only (400 naming locationId)', async () => {
    const limited = await createSiteOperator(ctx, c.centre.id, [main.id]);
    const as = (b: object) =>
      request(ctx.app).post('/api/schedules').set('Authorization', `Bearer ${limited.token}`).send(b);
    const refused = await as(
      body({ startAt: at('2027-04-07', '15:00'), endAt: at('2027-04-07', '16:00'), locationId: north.id }),
    );
    expect(refused.status).toBe(400);
    expect(fieldOf(refused)).toEqual(['locationId']);
    // The class's students must be at their sites too (issue 37, finding 2): enrolled at main for this.
    const ids = c.students.map((s) => s.id);
    const before = await ctx.prisma.student.findMany({
      where: { id: { in: ids } },
      select: { id: true, locationId: true },
    });
    await ctx.prisma.student.updateMany({ where: { id: { in: ids } }, data: { locationId: main.id } });
    const own = await as(
      body({ startAt: at('2027-04-07', '15:00'), endAt: at('2027-04-07', '16:00'), locationId: main.id }),
    );
    expect(own.status).toBe(201);
    for (const s of before)
      await ctx.prisma.student.update({ where: { id: s.id }, data: { locationId: s.locationId } });
  });
});

describe('travel between locations (a warning, never a refusal)', () => {
  it('warns of a 10-minute gap between two locations (travelMinutes 30) and not at the same location', async () => {
    expect((await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: c.centre.id } })).travelMinutes).toBe(30);
    const first = await c.operator.post(
      '/api/schedules',
      classBody(c, { locationId: main.id, startAt: at('2027-05-03', '14:00'), endAt: at('2027-05-03', '15:00') }),
    );
    expect(first.status).toBe(201);
    expect(first.body.tooLittleTravel).toEqual([]);
    const next = classBody(c, {
      students: [{ studentId: c.students[1].id }],
      locationId: north.id,
      startAt: at('2027-05-03', '15:10'),
      endAt: at('2027-05-03', '16:00'),
    });
    const warned = await c.operator.post('/api/schedules', next);
    expect(warned.status).toBe(201);
    expect(warned.body.tooLittleTravel).toEqual([
      { startAt: at('2027-05-03', '15:10'), otherStartAt: at('2027-05-03', '14:00'), otherLocation: main.name },
    ]);

    const sameSite = await c.operator.post('/api/schedules', {
      ...next,
      locationId: main.id,
      startAt: at('2027-05-04', '15:10'),
      endAt: at('2027-05-04', '16:00'),
    });
    await c.operator.post(
      '/api/schedules',
      classBody(c, { locationId: main.id, startAt: at('2027-05-04', '14:00'), endAt: at('2027-05-04', '15:00') }),
    );
    expect(sameSite.body.tooLittleTravel).toEqual([]);
    const sameSiteAfter = await c.operator.post('/api/schedules', {
      ...next,
      students: [{ studentId: c.students[2].id }],
      locationId: main.id,
      startAt: at('2027-05-04', '16:10'),
      endAt: at('2027-05-04', '17:00'),
    });
    expect(sameSiteAfter.body.tooLittleTravel).toEqual([]);

    await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { travelMinutes: 0 } });
    const off = await c.operator.post('/api/schedules', {
      ...next,
      startAt: at('2027-05-03', '12:00'),
      endAt: at('2027-05-03', '13:55'),
    });
    await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { travelMinutes: 30 } });
    expect(off.status).toBe(201);
    expect(off.body.tooLittleTravel).toEqual([]);
  });

  it('says when the teacher does not work at the location', async () => {
    await ctx.prisma.teacherLocation.create({ data: { teacherId: c.bob.id, locationId: main.id } });
    const body = classBody(c, {
      teacherId: c.bob.id,
      startAt: at('2027-05-10', '14:00'),
      endAt: at('2027-05-10', '15:00'),
    });
    const there = await c.operator.post('/api/schedules', { ...body, locationId: north.id });
    expect(there.status).toBe(201);
    expect(there.body.notTheirLocation).toBe(true);
    const home = await c.operator.post('/api/schedules', {
      ...body,
      locationId: main.id,
      startAt: at('2027-05-11', '14:00'),
      endAt: at('2027-05-11', '15:00'),
    });
    expect(home.body.notTheirLocation).toBe(false);
    // Ann has no locations set: no warning anywhere.
    const ann = await c.operator.post(
      '/api/schedules',
      classBody(c, { locationId: north.id, startAt: at('2027-05-12', '14:00'), endAt: at('2027-05-12', '15:00') }),
    );
    expect(ann.body.notTheirLocation).toBe(false);
  });
});

describe('a change of place', () => {
  it('tells the teacher and the families the new room, and a taught class keeps a revision', async () => {
    const cleo = c.students[0];
    await ctx.prisma.student.update({
      where: { id: cleo.id },
      data: { allowEmail: true, email: 'chen.rooms@example.test' },
    });
    const times = { startAt: hoursFromNow(72), endAt: hoursFromNow(73) };
    const made = await c.operator.post(
      '/api/schedules',
      classBody(c, { ...times, locationId: north.id, roomId: roomA.id }),
    );
    expect(made.status).toBe(201);
    await runClassChangeNotices(ctx.prisma, queue, later());
    const id = made.body.schedule.id;
    const since = (await ctx.prisma.message.aggregate({ _max: { id: true } }))._max.id ?? 0;
    const res = await c.operator.put(
      `/api/schedules/${id}`,
      classBody(c, {
        ...times,
        locationId: north.id,
        roomId: roomB.id,
        notify: { teacher: true, families: true },
      } as object),
    );
    expect(res.status).toBe(200);
    expect(res.body.told).toEqual({ teachers: 1, families: 1 });
    const family = await ctx.prisma.message.findFirstOrThrow({
      where: { template: 'class-change-family', recipient: 'chen.rooms@example.test', id: { gt: since } },
    });
    expect(family.bodyText).toContain('now at North · Room B, 99 North Avenue');
    await runClassChangeNotices(ctx.prisma, queue, later());
    const toTeacher = await ctx.prisma.message.findFirstOrThrow({
      where: { template: 'class-change', entityId: id, id: { gt: since }, channel: 'EMAIL' },
    });
    expect(toTeacher.bodyText).toContain('Room: Room A -> Room B');

    // A taught class moved to another location keeps its previous place in a revision.
    await ctx.prisma.schedule.update({ where: { id }, data: { status: 'COMPLETED' } });
    const moved = await c.operator.put(`/api/schedules/${id}`, classBody(c, { ...times, locationId: main.id }));
    expect(moved.status).toBe(200);
    const revision = await ctx.prisma.scheduleRevision.findFirstOrThrow({ where: { scheduleId: id } });
    expect(revision.previous).toMatchObject({ locationId: north.id, roomId: roomB.id });
  });
});

describe('the family portal', () => {
  it("shows each lesson's location, address and room", async () => {
    const household = await createHousehold(ctx.prisma, c.centre.id, { studentIds: [c.students[2].id] });
    const guardian = await createGuardianUser(ctx, c.centre.id, household.id);
    const times = { startAt: hoursFromNow(200), endAt: hoursFromNow(201) };
    const made = await c.operator.post(
      '/api/schedules',
      classBody(c, { ...times, students: [{ studentId: c.students[2].id }], locationId: north.id, roomId: roomA.id }),
    );
    expect(made.status).toBe(201);
    const lessons = await guardian.caller.get(`/api/portal/children/${c.students[2].id}/lessons`, { when: 'upcoming' });
    expect(lessons.status).toBe(200);
    const lesson = lessons.body.data.find((l: { id: number }) => l.id === made.body.schedule.id);
    expect(lesson).toMatchObject({ location: 'North', room: 'Room A', place: '99 North Avenue', address: null });
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('two bookings of one room at once (PostgreSQL)', () => {
  it('exactly one is saved, the other is a 409 naming the room', async () => {
    const times = {
      startAt: at('2027-06-07', '15:00'),
      endAt: at('2027-06-07', '16:00'),
      locationId: north.id,
      roomId: roomA.id,
    };
    const send = (b: object) =>
      request(ctx.app).post('/api/schedules').set('Authorization', `Bearer ${c.tokens.operator}`).send(b);
    const replies = await Promise.all([
      send(classBody(c, { ...times, teacherId: c.ann.id, students: [{ studentId: c.students[0].id }] })),
      send(classBody(c, { ...times, teacherId: c.bob.id, students: [{ studentId: c.students[1].id }] })),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = replies.find((r) => r.status === 409);
    expect(refused?.body.conflicts[0]).toMatchObject({ who: 'room', personName: 'North · Room A' });
    expect(await ctx.prisma.schedule.count({ where: { roomId: roomA.id, startAt: new Date(times.startAt) } })).toBe(1);
  });
});

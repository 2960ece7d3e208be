import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createStudent, createTeacher } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createLocation, createSiteOperator } from '../support/location-factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 23: the class list (table view) and the calendar's range by location and room, the room
// the events carry (the room view's columns), and a site-limited operator's own site only.
let ctx: TestContext;
let admin: ReturnType<typeof callerWith>;
let limited: ReturnType<typeof callerWith>;
const ids: Record<string, number> = {};
const WEEK = { start: '2031-03-02T05:00:00Z', end: '2031-03-09T05:00:00Z' };

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, staff.tokens.admin);
  const org = staff.centre.id;
  const north = await createLocation(ctx.prisma, org, {
    name: 'North',
    address: '1 North Road',
    rooms: [
      { name: 'Blue', capacity: 6 },
      { name: 'Green', capacity: 4 },
    ],
  });
  const south = await createLocation(ctx.prisma, org, {
    name: 'South',
    address: '9 South Street',
    rooms: [{ name: 'Red', capacity: 8 }],
  });
  const teacher = await createTeacher(ctx.prisma, org, { firstName: 'Ada', lastName: 'Alpha' });
  const course = await createCourseRow(ctx.prisma, org, 'Maths');
  const sam = await createStudent(ctx.prisma, org, { firstName: 'Sam', lastName: 'Smith' });
  const base = { organisationId: org, teacherId: teacher.id, courseId: course.id, students: [{ id: sam.id }] };
  const at = async (day: number, locationId: number, roomId: number | null, address: string | null = null) => {
    const row = await createClassRow(ctx.prisma, {
      ...base,
      startAt: `2031-03-0${day}T15:00:00Z`,
      endAt: `2031-03-0${day}T16:00:00Z`,
      address,
    });
    await ctx.prisma.schedule.update({ where: { id: row.id }, data: { locationId, roomId } });
    return row.id;
  };
  Object.assign(ids, {
    north: north.location.id,
    south: south.location.id,
    blue: north.rooms[0].id,
    green: north.rooms[1].id,
    red: south.rooms[0].id,
    inBlue: await at(3, north.location.id, north.rooms[0].id),
    inGreen: await at(4, north.location.id, north.rooms[1].id),
    northNoRoom: await at(5, north.location.id, null, 'At the student’s home'),
    inRed: await at(6, south.location.id, south.rooms[0].id),
  });
  limited = callerWith(ctx.app, (await createSiteOperator(ctx, org, [north.location.id])).token);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const listIds = async (caller: ReturnType<typeof callerWith>, query: Record<string, unknown>) => {
  const res = await caller.get('/api/schedules').query({ pageSize: 50, ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: number }[]).map((s) => s.id).sort((a, b) => a - b);
};
const rangeIds = async (caller: ReturnType<typeof callerWith>, query: Record<string, unknown>) => {
  const res = await caller.get('/api/schedules/range').query({ ...WEEK, ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: number }[]).map((s) => s.id).sort((a, b) => a - b);
};
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

describe('the class list by location and room', () => {
  it('lists a location’s classes, or one room’s', async () => {
    expect(await listIds(admin, {})).toEqual(sorted(ids.inBlue, ids.inGreen, ids.northNoRoom, ids.inRed));
    expect(await listIds(admin, { locationId: ids.north })).toEqual(sorted(ids.inBlue, ids.inGreen, ids.northNoRoom));
    expect(await listIds(admin, { locationId: ids.south })).toEqual([ids.inRed]);
    expect(await listIds(admin, { roomId: ids.green })).toEqual([ids.inGreen]);
    // A room of another location than the one chosen: nothing.
    expect(await listIds(admin, { locationId: ids.north, roomId: ids.red })).toEqual([]);
  });

  it('says where each class is: location, room and the address it is held at', async () => {
    const res = await admin.get('/api/schedules').query({ pageSize: 50 });
    const byId = new Map((res.body.data as { id: number }[]).map((s) => [s.id, s]));
    expect(byId.get(ids.inBlue)).toMatchObject({
      location: { id: ids.north, name: 'North' },
      room: { id: ids.blue, name: 'Blue' },
      place: '1 North Road',
    });
    expect(byId.get(ids.northNoRoom)).toMatchObject({
      location: { id: ids.north, name: 'North' },
      room: null,
      place: 'At the student’s home',
    });
  });

  it('counts only the filtered classes', async () => {
    const res = await admin.get('/api/schedules').query({ roomId: ids.blue, pageSize: 1 });
    expect(res.body.total).toBe(1);
  });

  it('refuses a location id that is not an id (400 naming the field)', async () => {
    const res = await admin.get('/api/schedules').query({ locationId: 'north' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('locationId');
  });
});

describe('the calendar range by location and room', () => {
  it('draws a location’s classes, or one room’s', async () => {
    expect(await rangeIds(admin, {})).toEqual(sorted(ids.inBlue, ids.inGreen, ids.northNoRoom, ids.inRed));
    expect(await rangeIds(admin, { locationId: ids.north })).toEqual(sorted(ids.inBlue, ids.inGreen, ids.northNoRoom));
    expect(await rangeIds(admin, { roomId: ids.blue })).toEqual([ids.inBlue]);
    expect(await rangeIds(admin, { roomId: ids.red })).toEqual([ids.inRed]);
  });

  it('gives each event its location and room (null without one)', async () => {
    const res = await admin.get('/api/schedules/range').query(WEEK);
    const byId = new Map((res.body as { id: number }[]).map((e) => [e.id, e]));
    expect(byId.get(ids.inBlue)).toMatchObject({ locationId: ids.north, room: { id: ids.blue, name: 'Blue' } });
    expect(byId.get(ids.inRed)).toMatchObject({ locationId: ids.south, room: { id: ids.red, name: 'Red' } });
    expect(byId.get(ids.northNoRoom)).toMatchObject({ locationId: ids.north, room: null });
  });
});

describe('an operator limited to one site', () => {
  it('lists and draws only that site’s classes', async () => {
    const north = sorted(ids.inBlue, ids.inGreen, ids.northNoRoom);
    expect(await listIds(limited, {})).toEqual(north);
    expect(await rangeIds(limited, {})).toEqual(north);
    const res = await limited.get('/api/schedules').query({ pageSize: 50 });
    expect(res.body.total).toBe(3);
  });

  it('gets nothing of another site, even when asking for it by location or room', async () => {
    expect(await listIds(limited, { locationId: ids.south })).toEqual([]);
    expect(await rangeIds(limited, { locationId: ids.south })).toEqual([]);
    expect(await listIds(limited, { roomId: ids.red })).toEqual([]);
    expect(await rangeIds(limited, { roomId: ids.red })).toEqual([]);
  });

  it('still filters within the site', async () => {
    expect(await listIds(limited, { roomId: ids.green })).toEqual([ids.inGreen]);
    expect(await rangeIds(limited, { roomId: ids.blue })).toEqual([ids.inBlue]);
  });
});

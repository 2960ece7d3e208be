// Locations and rooms (issue 23): the admin's list and forms, names unique per centre (rooms per
// location), rights (operators and teachers 403, another centre 404), bad input, the pickers' options
// (a one-location centre, a site-limited operator's sites), staff sites, teacher locations, the audit,
// a new centre's first location and the migration's fact that a centre's classes have its location.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createTeacher, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createLocation, createSiteOperator } from '../support/location-factories';
import { registerCentre, registeringApp } from '../support/register-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let teacher: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  other = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, staff.tokens.admin);
  operator = callerWith(ctx.app, staff.tokens.operator);
  teacher = callerWith(ctx.app, staff.tokens.teacher);
  otherAdmin = callerWith(ctx.app, other.tokens.admin);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('options of a centre with one location', () => {
  it('a centre without any location gets one named after it, and the options answer it alone', async () => {
    expect(await ctx.prisma.location.count({ where: { organisationId: staff.centre.id } })).toBe(0);
    const res = await operator.get('/api/locations/options');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      locations: [{ id: expect.any(Number), name: staff.centre.name, address: null, rooms: [] }],
      sites: null,
      travelMinutes: 30,
    });
    // Read again: still one.
    const again = await admin.get('/api/locations/options');
    expect(again.body.locations).toHaveLength(1);
    expect(await ctx.prisma.location.count({ where: { organisationId: staff.centre.id } })).toBe(1);
  });
});

describe('locations', () => {
  let northId: number;

  it('an admin adds a location; it is listed with its rooms and upcoming classes', async () => {
    const res = await admin.post('/api/locations', { name: 'North', address: '1 North Rd', phone: '416-555-0100' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    northId = res.body.id;
    expect(res.body).toEqual({
      id: northId,
      name: 'North',
      address: '1 North Rd',
      phone: '416-555-0100',
      active: true,
      roomCount: 0,
      upcomingClasses: 0,
    });
    const list = await admin.get('/api/locations', { current: 1, pageSize: 20 });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((l: { name: string }) => l.name)).toEqual(['North', staff.centre.name].sort());
  });

  it('names are unique in the centre, whatever the case (409 naming name); another centre may use it', async () => {
    const res = await admin.post('/api/locations', { name: 'north' });
    expect(res.status).toBe(409);
    expect(fieldsOf(res.body)).toEqual(['name']);
    const renamed = await admin.post('/api/locations', { name: 'South' });
    expect(renamed.status).toBe(201);
    const clash = await admin.put(`/api/locations/${renamed.body.id}`, { name: 'NORTH' });
    expect(clash.status).toBe(409);
    expect(fieldsOf(clash.body)).toEqual(['name']);
    expect((await otherAdmin.post('/api/locations', { name: 'North' })).status).toBe(201);
    // Keeping its own name is no clash.
    expect((await admin.put(`/api/locations/${northId}`, { name: 'North', address: '2 North Rd' })).status).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    const blank = await admin.post('/api/locations', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(fieldsOf(blank.body)).toContain('name');
    const long = await admin.post('/api/locations', { name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(fieldsOf(long.body)).toContain('name');
    const phone = await admin.post('/api/locations', { name: 'Phone', phone: 'call me' });
    expect(phone.status).toBe(400);
    expect(fieldsOf(phone.body)).toContain('phone');
  });

  it('operators and teachers may not manage locations (403); another centre sees 404', async () => {
    expect((await operator.get('/api/locations')).status).toBe(403);
    expect((await operator.post('/api/locations', { name: 'Op site' })).status).toBe(403);
    expect((await teacher.get('/api/locations')).status).toBe(403);
    expect((await teacher.get('/api/locations/options')).status).toBe(403);
    expect((await otherAdmin.put(`/api/locations/${northId}`, { name: 'Mine' })).status).toBe(404);
    const location = await ctx.prisma.location.findUniqueOrThrow({ where: { id: northId } });
    expect(location.name).toBe('North');
  });

  it('the change is audited on the centre', async () => {
    const events = await ctx.prisma.auditEvent.findMany({
      where: { organisationId: staff.centre.id, entityType: 'ORGANISATION' },
      orderBy: { id: 'asc' },
    });
    expect(events.some((e) => JSON.stringify(e.after).includes('"North"'))).toBe(true);
    expect(events.every((e) => e.actorId === staff.admin.id)).toBe(true);
  });

  it('deactivating a location keeps its classes; the options leave it out', async () => {
    const { location } = await createLocation(ctx.prisma, staff.centre.id, { name: 'West' });
    const course = await ctx.prisma.course.create({ data: { organisationId: staff.centre.id, name: 'Chem' } });
    const t = await createTeacher(ctx.prisma, staff.centre.id);
    const klass = await ctx.prisma.schedule.create({
      data: {
        organisationId: staff.centre.id,
        courseId: course.id,
        teacherId: t.id,
        locationId: location.id,
        courseType: 'GROUP',
        paymentType: 'TERM',
        startAt: new Date(Date.now() + 86_400_000),
        endAt: new Date(Date.now() + 90_000_000),
        teacherStartAt: new Date(Date.now() + 86_400_000),
        teacherEndAt: new Date(Date.now() + 90_000_000),
      },
    });
    const listed = await admin.get('/api/locations', { current: 1, pageSize: 20 });
    expect(listed.body.data.find((l: { id: number }) => l.id === location.id).upcomingClasses).toBe(1);
    const res = await admin.put(`/api/locations/${location.id}`, { name: 'West', active: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: false, upcomingClasses: 1 });
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: klass.id } })).locationId).toBe(location.id);
    const options = await operator.get('/api/locations/options');
    expect(options.body.locations.map((l: { id: number }) => l.id)).not.toContain(location.id);
    const inactive = await admin.get('/api/locations', { current: 1, pageSize: 20, active: false });
    expect(inactive.body.data.map((l: { name: string }) => l.name)).toEqual(['West']);
  });
});

describe('rooms', () => {
  let site: { id: number };
  let roomId: number;

  beforeAll(async () => {
    site = (await createLocation(ctx.prisma, staff.centre.id, { name: 'Rooms site', address: '9 Room St' })).location;
  });

  it('an admin adds a room to a location of the centre; list, filter, options', async () => {
    const res = await admin.post('/api/rooms', { locationId: site.id, name: 'Room A', capacity: 6 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    roomId = res.body.id;
    expect(res.body).toEqual({
      id: roomId,
      locationId: site.id,
      locationName: 'Rooms site',
      name: 'Room A',
      capacity: 6,
      active: true,
      upcomingClasses: 0,
    });
    expect((await admin.post('/api/rooms', { locationId: site.id, name: 'Room B', capacity: '4' })).status).toBe(201);
    const list = await admin.get('/api/rooms', {
      current: 1,
      pageSize: 20,
      locationId: site.id,
      sortField: 'capacity',
    });
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Room B', 'Room A']);
    const options = await operator.get('/api/locations/options');
    const here = options.body.locations.find((l: { id: number }) => l.id === site.id);
    expect(here.rooms).toEqual([
      { id: roomId, name: 'Room A', capacity: 6 },
      { id: expect.any(Number), name: 'Room B', capacity: 4 },
    ]);
    const locations = await admin.get('/api/locations', { current: 1, pageSize: 50 });
    expect(locations.body.data.find((l: { id: number }) => l.id === site.id).roomCount).toBe(2);
  });

  it('room names are unique in a location (409 naming name), not across locations', async () => {
    const res = await admin.post('/api/rooms', { locationId: site.id, name: 'room a', capacity: 3 });
    expect(res.status).toBe(409);
    expect(fieldsOf(res.body)).toEqual(['name']);
    const { location } = await createLocation(ctx.prisma, staff.centre.id, { name: 'Second rooms site' });
    expect((await admin.post('/api/rooms', { locationId: location.id, name: 'Room A', capacity: 3 })).status).toBe(201);
  });

  it('refuses bad seats (400 naming capacity) and another centre’s or an inactive location', async () => {
    for (const capacity of [0, 501, 2.5, 'many']) {
      const res = await admin.post('/api/rooms', { locationId: site.id, name: 'Bad', capacity });
      expect(res.status, String(capacity)).toBe(400);
      expect(fieldsOf(res.body)).toContain('capacity');
    }
    const foreign = await createLocation(ctx.prisma, other.centre.id, { name: 'Theirs' });
    expect((await admin.post('/api/rooms', { locationId: foreign.location.id, name: 'X', capacity: 2 })).status).toBe(
      404,
    );
    const closed = await createLocation(ctx.prisma, staff.centre.id, { name: 'Closed site' });
    await ctx.prisma.location.update({ where: { id: closed.location.id }, data: { active: false } });
    const res = await admin.post('/api/rooms', { locationId: closed.location.id, name: 'X', capacity: 2 });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['locationId']);
  });

  it('rights: operator and teacher 403, another centre 404', async () => {
    expect((await operator.get('/api/rooms')).status).toBe(403);
    expect((await operator.put(`/api/rooms/${roomId}`, { locationId: site.id, name: 'Z', capacity: 2 })).status).toBe(
      403,
    );
    expect((await teacher.post('/api/rooms', { locationId: site.id, name: 'Z', capacity: 2 })).status).toBe(403);
    expect((await otherAdmin.put(`/api/rooms/${roomId}`, { locationId: site.id, name: 'Z', capacity: 2 })).status).toBe(
      404,
    );
    const theirs = await otherAdmin.get('/api/rooms', { current: 1, pageSize: 50 });
    expect(theirs.body.data.map((r: { id: number }) => r.id)).not.toContain(roomId);
  });

  it('deactivating a room keeps its classes; the options leave it out', async () => {
    const course = await ctx.prisma.course.create({ data: { organisationId: staff.centre.id, name: 'Bio' } });
    const t = await createTeacher(ctx.prisma, staff.centre.id);
    const klass = await ctx.prisma.schedule.create({
      data: {
        organisationId: staff.centre.id,
        courseId: course.id,
        teacherId: t.id,
        locationId: site.id,
        roomId,
        courseType: 'GROUP',
        paymentType: 'TERM',
        startAt: new Date(Date.now() + 86_400_000),
        endAt: new Date(Date.now() + 90_000_000),
        teacherStartAt: new Date(Date.now() + 86_400_000),
        teacherEndAt: new Date(Date.now() + 90_000_000),
      },
    });
    const res = await admin.put(`/api/rooms/${roomId}`, {
      locationId: site.id,
      name: 'Room A',
      capacity: 6,
      active: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: false, upcomingClasses: 1 });
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: klass.id } })).roomId).toBe(roomId);
    const options = await operator.get('/api/locations/options');
    const here = options.body.locations.find((l: { id: number }) => l.id === site.id);
    expect(here.rooms.map((r: { id: number }) => r.id)).not.toContain(roomId);
  });
});

describe('travel time', () => {
  it('admins read and set it (audited); bad values name the field; operators 403', async () => {
    expect((await admin.get('/api/settings/locations')).body).toEqual({ travelMinutes: 30 });
    const res = await admin.put('/api/settings/locations', { travelMinutes: 45 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ travelMinutes: 45 });
    expect((await operator.get('/api/locations/options')).body.travelMinutes).toBe(45);
    for (const travelMinutes of [-1, 241, 1.5]) {
      const bad = await admin.put('/api/settings/locations', { travelMinutes });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['travelMinutes']);
    }
    expect((await operator.put('/api/settings/locations', { travelMinutes: 10 })).status).toBe(403);
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { organisationId: staff.centre.id, entityType: 'ORGANISATION' },
      orderBy: { id: 'desc' },
    });
    expect(audit).toMatchObject({ before: { travelMinutes: 30 }, after: { travelMinutes: 45 } });
  });
});

describe('staff sites', () => {
  let a: { id: number };
  let b: { id: number };

  beforeAll(async () => {
    a = (await createLocation(ctx.prisma, staff.centre.id, { name: 'Site A' })).location;
    b = (await createLocation(ctx.prisma, staff.centre.id, { name: 'Site B' })).location;
  });

  it('an admin limits an operator; the operator then sees their sites in the options and the staff view', async () => {
    const res = await admin.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: [b.id, a.id, a.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ locationIds: [a.id, b.id].sort((x, y) => x - y) });
    const options = await operator.get('/api/locations/options');
    expect(options.body.sites).toEqual([a.id, b.id].sort((x, y) => x - y));
    const view = await admin.get(`/api/staff/${staff.operator.id}`);
    expect(view.body.locationIds).toEqual([a.id, b.id].sort((x, y) => x - y));
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { entityType: 'USER', entityId: staff.operator.id },
      orderBy: { id: 'desc' },
    });
    expect(audit).toMatchObject({ before: { locations: [] }, after: { locations: ['Site A', 'Site B'] } });
    // Lifted: every location again.
    expect((await admin.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: [] })).body).toEqual({
      locationIds: [],
    });
    expect((await operator.get('/api/locations/options')).body.sites).toBeNull();
  });

  it('a limited operator created by the factory sees their site', async () => {
    const limited = await createSiteOperator(ctx, staff.centre.id, [a.id]);
    const res = await callerWith(ctx.app, limited.token).get('/api/locations/options');
    expect(res.body.sites).toEqual([a.id]);
    // Offered their own site only: one site, so the screens show them no location picker.
    expect(res.body.locations.map((l: { id: number }) => l.id)).toEqual([a.id]);
    const all = await admin.get('/api/locations/options');
    expect(all.body.locations.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('an admin login cannot be limited (400 naming locationIds)', async () => {
    const res = await admin.put(`/api/staff/${staff.admin.id}/locations`, { locationIds: [a.id] });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'locationIds', message: 'Admins see every location' }]);
    expect(await ctx.prisma.userLocation.count({ where: { userId: staff.admin.id } })).toBe(0);
  });

  it('ids must be active locations of the centre (400 naming locationIds); nothing changes', async () => {
    const foreign = await createLocation(ctx.prisma, other.centre.id, { name: 'Foreign site' });
    const closed = await createLocation(ctx.prisma, staff.centre.id, { name: 'Shut site' });
    await ctx.prisma.location.update({ where: { id: closed.location.id }, data: { active: false } });
    await admin.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: [a.id] });
    for (const id of [foreign.location.id, closed.location.id, 2_000_000_000]) {
      const res = await admin.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: [b.id, id] });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['locationIds']);
    }
    const rows = await ctx.prisma.userLocation.findMany({ where: { userId: staff.operator.id } });
    expect(rows.map((r) => r.locationId)).toEqual([a.id]);
    await admin.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: [] });
  });

  it('rights: operator 403; another centre’s staff 404; a teacher login is no staff member (404)', async () => {
    expect((await operator.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: [] })).status).toBe(403);
    expect((await otherAdmin.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: [] })).status).toBe(404);
    expect((await admin.put(`/api/staff/${staff.teacher.id}/locations`, { locationIds: [] })).status).toBe(404);
    const bad = await admin.put(`/api/staff/${staff.operator.id}/locations`, { locationIds: 'all' });
    expect(bad.status).toBe(400);
  });
});

describe('teacher locations', () => {
  it('an admin sets where a teacher works; ids of the centre; the teacher view shows them', async () => {
    const t = await createTeacher(ctx.prisma, staff.centre.id, { firstName: 'Walt', lastName: 'Walker' });
    const { location: east } = await createLocation(ctx.prisma, staff.centre.id, { name: 'East' });
    const res = await admin.put(`/api/teachers/${t.id}/locations`, { locationIds: [east.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ locationIds: [east.id] });
    const view = await admin.get(`/api/teachers/${t.id}`);
    expect(view.body.locationIds).toEqual([east.id]);
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { entityType: 'TEACHER', entityId: t.id },
      orderBy: { id: 'desc' },
    });
    expect(audit).toMatchObject({ before: { locations: [] }, after: { locations: ['East'] } });

    const foreign = await createLocation(ctx.prisma, other.centre.id, { name: 'Far' });
    const bad = await admin.put(`/api/teachers/${t.id}/locations`, { locationIds: [foreign.location.id] });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['locationIds']);
    expect(await ctx.prisma.teacherLocation.count({ where: { teacherId: t.id } })).toBe(1);

    expect((await operator.put(`/api/teachers/${t.id}/locations`, { locationIds: [] })).status).toBe(403);
    expect((await otherAdmin.put(`/api/teachers/${t.id}/locations`, { locationIds: [] })).status).toBe(404);
    expect((await admin.put(`/api/teachers/${t.id}/locations`, { locationIds: [] })).body).toEqual({ locationIds: [] });
  });
});

describe('a new centre', () => {
  it('registering makes its first location, named after the centre', async () => {
    const registering = await registeringApp(ctx);
    const res = await registerCentre(registering, ctx.prisma, {
      organisationName: 'Maple Tutoring',
      login: 'maplelocations',
      email: 'maple.locations@example.test',
      password: 'correct-horse-battery-staple',
      timeZone: 'America/Toronto',
      currency: 'CAD',
      langKey: 'en-US',
    }).finally(() => registering.stop());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const centre = await ctx.prisma.organisation.findFirstOrThrow({ where: { name: 'Maple Tutoring' } });
    const locations = await ctx.prisma.location.findMany({ where: { organisationId: centre.id } });
    expect(locations.map((l) => l.name)).toEqual(['Maple Tutoring']);
  });

  it('the migration gives a centre’s existing classes and students its location, at their usual address', async () => {
    // The migration's own data statements, narrowed to one centre made as before locations existed.
    const sql = readFileSync(
      join(__dirname, '../../prisma/migrations/20261128080326_locations_and_rooms/migration.sql'),
      'utf8',
    );
    const data = sql.slice(sql.indexOf('INSERT INTO "Location"'));
    const centre = await ctx.prisma.organisation.create({ data: { name: 'Before locations' } });
    const course = await ctx.prisma.course.create({ data: { organisationId: centre.id, name: 'Art' } });
    const t = await createTeacher(ctx.prisma, centre.id);
    const student = await ctx.prisma.student.create({
      data: { organisationId: centre.id, studentId: 'OLD1', firstName: 'Old', lastName: 'Timer' },
    });
    const at = (days: number, address: string | null) =>
      ctx.prisma.schedule.create({
        data: {
          organisationId: centre.id,
          courseId: course.id,
          teacherId: t.id,
          courseType: 'GROUP',
          paymentType: 'TERM',
          address,
          startAt: new Date(Date.UTC(2026, 0, days, 15)),
          endAt: new Date(Date.UTC(2026, 0, days, 16)),
          teacherStartAt: new Date(Date.UTC(2026, 0, days, 15)),
          teacherEndAt: new Date(Date.UTC(2026, 0, days, 16)),
        },
      });
    const usual = [await at(5, '1 Usual St'), await at(6, '1 Usual St')];
    const home = await at(7, "Student's home");
    const none = await at(8, null);
    const locationsBefore = await ctx.prisma.location.count();
    const statements = data
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) =>
        s
          .replace('FROM "Organisation" o', `FROM "Organisation" o WHERE o."id" = ${centre.id}`)
          .replace(/WHERE l\."organisationId" = s\."organisationId"/, `$& AND l."organisationId" = ${centre.id}`),
      );
    expect(statements).toHaveLength(3);
    for (const statement of statements) await ctx.prisma.$executeRawUnsafe(statement);
    const [location] = await ctx.prisma.location.findMany({ where: { organisationId: centre.id } });
    expect(location).toMatchObject({ name: 'Before locations', address: '1 Usual St' });
    const classes = await ctx.prisma.schedule.findMany({
      where: { organisationId: centre.id },
      orderBy: { id: 'asc' },
    });
    expect(classes.map((k) => k.locationId)).toEqual([location.id, location.id, location.id, location.id]);
    expect(classes.map((k) => k.address)).toEqual([null, null, "Student's home", null]);
    expect([...usual, home, none].map((k) => k.id)).toEqual(classes.map((k) => k.id));
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: student.id } })).locationId).toBe(location.id);
    // One location more in all: no other centre was touched.
    expect(await ctx.prisma.location.count()).toBe(locationsBefore + 1);
  });
});

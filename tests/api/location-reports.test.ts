import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SUCH_LOCATION_MESSAGE, OPEN_HOURS_MESSAGE } from '../../src/contracts/reports';
import { callerWith, createStudent, createTeacher, fieldsOf, xlsxRows } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createLocation, createSiteOperator } from '../support/location-factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

// Reports by location and room occupancy (issue 23). Two locations, North (room N1) and South (room
// S1), and a class and a student with no location. The centre's zone is America/Toronto (UTC-5 in
// February 2026). Expected figures are worked out by hand below:
//  North: completed 60 min at 40.00 (40.00) + 50 min at 37.33 (31.108 -> 31.11): 2 lessons, 1.83 h,
//         salary 71.11; student purchases 500.00 (gift 50.00) - refund 100.00 = sales 400.00.
//  South: completed 90 min at 28.50 (42.75): 1 lesson, 1.50 h; purchase 300.00 + adjustment -20.00 = 280.00.
//  None:  completed 30 min at 20.00 (10.00): 1 lesson, 0.50 h; purchase 80.00.
// Room N1 in the ISO week 2026-W06 (2-8 Feb): 60 min completed + 60 min planned (a cancelled hour not
// counted) = 2 h; with 10 open hours that is 20.0 %. S1: 1.5 h = 15.0 %.

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let northOperator: ReturnType<typeof callerWith>;
let north: { id: number; roomId: number };
let south: { id: number; roomId: number };
let otherLocationId: number;

const range = { from: '2026-02-01', to: '2026-02-28' };
const at = (local: string, minutes: number) => {
  const start = new Date(local);
  return { startAt: start.toISOString(), endAt: new Date(start.getTime() + minutes * 60_000).toISOString() };
};

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  other = await createCentreWithStaff(ctx);
  const org = staff.centre.id;
  await ctx.prisma.organisation.update({ where: { id: org }, data: { timeZone: 'America/Toronto' } });
  admin = callerWith(ctx.app, staff.tokens.admin);
  const n = await createLocation(ctx.prisma, org, { name: 'North', rooms: [{ name: 'N1', capacity: 8 }] });
  const s = await createLocation(ctx.prisma, org, { name: 'South', rooms: [{ name: 'S1', capacity: 8 }] });
  north = { id: n.location.id, roomId: n.rooms[0].id };
  south = { id: s.location.id, roomId: s.rooms[0].id };
  otherLocationId = (await createLocation(ctx.prisma, other.centre.id, { name: 'Elsewhere' })).location.id;
  northOperator = callerWith(ctx.app, (await createSiteOperator(ctx, org, [north.id])).token);

  const teacher = await createTeacher(ctx.prisma, org, { firstName: 'Alice', lastName: 'Archer' });
  const course = await createCourseRow(ctx.prisma, org, 'Maths');
  const studentAt = async (locationId: number | null, key: string) => {
    const student = await createStudent(ctx.prisma, org, { firstName: key, lastName: 'Sites', studentId: `L-${key}` });
    return ctx.prisma.student.update({ where: { id: student.id }, data: { locationId } });
  };
  const northStudent = await studentAt(north.id, 'N');
  const southStudent = await studentAt(south.id, 'S');
  const homeless = await studentAt(null, 'X');

  const klass = async (
    local: string,
    minutes: number,
    rate: string,
    status: 'COMPLETED' | 'PLANNED' | 'CANCELLED',
    where: { locationId: number | null; roomId?: number },
    studentId?: number,
  ) => {
    const row = await createClassRow(ctx.prisma, {
      organisationId: org,
      teacherId: teacher.id,
      courseId: course.id,
      ...at(local, minutes),
      status,
      teacherHourlyRate: rate,
      students: studentId ? [{ id: studentId }] : [],
    });
    return ctx.prisma.schedule.update({
      where: { id: row.id },
      data: { locationId: where.locationId, roomId: where.roomId ?? null },
    });
  };
  const inNorth = { locationId: north.id, roomId: north.roomId };
  await klass('2026-02-03T16:00:00-05:00', 60, '40.00', 'COMPLETED', inNorth, northStudent.id);
  await klass('2026-02-04T16:00:00-05:00', 50, '37.33', 'COMPLETED', { locationId: north.id }, northStudent.id);
  await klass('2026-02-05T16:00:00-05:00', 60, '40.00', 'PLANNED', inNorth, northStudent.id);
  const cancelled = await klass('2026-02-06T16:00:00-05:00', 60, '40.00', 'CANCELLED', inNorth, northStudent.id);
  await ctx.prisma.schedule.update({ where: { id: cancelled.id }, data: { cancelledBy: 'CENTRE' } });
  await klass('2026-02-06T09:00:00-05:00', 90, '28.50', 'COMPLETED', { locationId: south.id, roomId: south.roomId });
  await klass('2026-02-07T09:00:00-05:00', 30, '20.00', 'COMPLETED', { locationId: null });
  // Outside the range: neither lessons nor salary (and a week of its own for occupancy).
  await klass('2026-03-03T16:00:00-05:00', 60, '40.00', 'COMPLETED', inNorth);
  // January 2026 is closed: its South class is paid by its payroll line (a CLOSED line of the salary report).
  const january = await klass('2026-01-15T16:00:00-05:00', 60, '30.00', 'COMPLETED', { locationId: south.id });
  const period = await ctx.prisma.payrollPeriod.create({
    data: {
      organisationId: org,
      startDate: new Date('2026-01-01T00:00:00Z'),
      endDate: new Date('2026-01-31T00:00:00Z'),
      closedById: staff.admin.id,
      totalHours: '1.00',
      totalAmount: '30.00',
    },
  });
  await ctx.prisma.payrollLine.create({
    data: {
      periodId: period.id,
      scheduleId: january.id,
      teacherId: teacher.id,
      startAt: january.teacherStartAt,
      hours: '1.00',
      rate: '30.00',
      amount: '30.00',
    },
  });
  // Saturday 2 January 2027 at 21:00 locally (3 January in UTC) is in the ISO week 2026-W53.
  await klass('2027-01-02T21:00:00-05:00', 90, '40.00', 'PLANNED', inNorth);

  const purchase = (studentId: number, type: 'PURCHASE' | 'REFUND' | 'ADJUSTMENT', amount: string, gift = '0') =>
    ctx.prisma.voucherPurchase.create({
      data: {
        organisationId: org,
        studentId,
        type,
        purchaseDate: new Date('2026-02-10T00:00:00Z'),
        voucherAmount: amount,
        giftAmount: gift,
        enteredById: staff.admin.id,
        idempotencyKey: randomUUID(),
        balanceAfter: '0',
      },
    });
  await purchase(northStudent.id, 'PURCHASE', '500.00', '50.00');
  await purchase(northStudent.id, 'REFUND', '100.00');
  await purchase(southStudent.id, 'PURCHASE', '300.00');
  await purchase(southStudent.id, 'ADJUSTMENT', '-20.00');
  await purchase(homeless.id, 'PURCHASE', '80.00');
});

afterAll(async () => {
  await ctx?.close();
});

type Row = {
  location: { id: number; name: string } | null;
  lessons: number;
  hours: string;
  sales: string;
  gift: string;
  salary: string;
};

describe('GET /api/reports/locations', () => {
  it('gives each location its lessons, hours, sales and salary, and totals equal to the centre-wide reports', async () => {
    const res = await admin.get('/api/reports/locations', range);
    expect(res.status).toBe(200);
    const rows: Row[] = res.body.locations;
    expect(rows.map((r) => r.location?.name ?? null)).toEqual(['North', 'South', null]);
    expect(rows[0]).toMatchObject({ lessons: 2, hours: '1.83', sales: '400.00', gift: '50.00', salary: '71.11' });
    expect(rows[1]).toMatchObject({ lessons: 1, hours: '1.50', sales: '280.00', gift: '0.00', salary: '42.75' });
    expect(rows[2]).toMatchObject({ lessons: 1, hours: '0.50', sales: '80.00', gift: '0.00', salary: '10.00' });
    expect(res.body.totals).toEqual({ lessons: 4, hours: '3.83', sales: '760.00', gift: '50.00', salary: '123.86' });

    const salary = await admin.get('/api/reports/teacher-salary', range);
    const purchases = await admin.get('/api/reports/purchase-history', range);
    expect(res.body.totals.salary).toBe(salary.body.totals.amount);
    expect(res.body.totals.sales).toBe(purchases.body.totals.voucherAmount);
    expect(res.body.totals.gift).toBe(purchases.body.totals.giftAmount);
  });

  it("counts a closed month's payroll line at its class's location", async () => {
    const january = { from: '2026-01-01', to: '2026-01-31' };
    const res = await admin.get('/api/reports/locations', january);
    const atSouth = res.body.locations.find((r: Row) => r.location?.name === 'South');
    expect(atSouth).toMatchObject({ lessons: 1, hours: '1.00', salary: '30.00' });
    expect(res.body.totals.salary).toBe('30.00');
    const salary = await admin.get('/api/reports/teacher-salary', january);
    expect(salary.body.data.map((l: { source: string }) => l.source)).toEqual(['CLOSED']);
    expect(salary.body.totals.amount).toBe(res.body.totals.salary);
  });

  it('narrows the salary and purchase reports to a location, with the same figures', async () => {
    const salary = await admin.get('/api/reports/teacher-salary', { ...range, locationId: north.id });
    expect(salary.status).toBe(200);
    expect(salary.body.totals).toMatchObject({ lines: 2, amount: '71.11' });
    const purchases = await admin.get('/api/reports/purchase-history', { ...range, locationId: south.id });
    expect(purchases.body.totals.voucherAmount).toBe('280.00');
    expect(purchases.body.total).toBe(2);
  });

  it('narrows lesson events and freed seats to a location', async () => {
    const atNorth = await admin.get('/api/reports/lesson-events', { ...range, locationId: north.id });
    const atSouth = await admin.get('/api/reports/lesson-events', { ...range, locationId: south.id });
    expect(atNorth.status).toBe(200);
    expect(atNorth.body.totals.byCentre).toBe(1);
    expect(atSouth.body.totals.byCentre).toBe(0);
    const seats = await admin.get('/api/reports/seat-fill', { ...range, locationId: south.id });
    expect(seats.status).toBe(200);
  });

  it('downloads the same rows with a total row', async () => {
    const res = await admin.download('/api/reports/locations/download', range);
    expect(res.status).toBe(200);
    const rows = await xlsxRows(res.body);
    expect(rows[0]).toEqual(['Location', 'Lessons', 'Hours', 'Sales', 'Gift amount', 'Salary']);
    expect(rows.map((r) => r[0])).toEqual(['Location', 'North', 'South', 'No location', 'Total']);
    expect(rows[4].slice(1)).toEqual([4, 3.83, 760, 50, 123.86]);
  });

  it('shows a site-limited operator only their site, in every report', async () => {
    const res = await northOperator.get('/api/reports/locations', range);
    expect(res.status).toBe(200);
    expect(res.body.locations.map((r: Row) => r.location?.name)).toEqual(['North']);
    expect(res.body.totals).toMatchObject({ lessons: 2, sales: '400.00', salary: '71.11' });
    const salary = await northOperator.get('/api/reports/teacher-salary', range);
    expect(salary.body.totals.amount).toBe('71.11');
    const purchases = await northOperator.get('/api/reports/purchase-history', range);
    expect(purchases.body.totals.voucherAmount).toBe('400.00');
    const download = await northOperator.download('/api/reports/teacher-salary/download', range);
    const lines = await xlsxRows(download.body);
    expect(lines[lines.length - 1]).toContain(71.11);
    const rooms = await northOperator.get('/api/reports/room-occupancy', range);
    expect(rooms.body.rooms.map((r: { room: { name: string } }) => r.room.name)).toEqual(['N1']);
  });

  it('refuses a location of another site or centre as a 400 naming locationId', async () => {
    for (const [caller, locationId] of [
      [northOperator, south.id],
      [admin, otherLocationId],
    ] as const) {
      for (const url of [
        '/api/reports/teacher-salary',
        '/api/reports/purchase-history',
        '/api/reports/room-occupancy',
      ]) {
        const res = await caller.get(url, { ...range, locationId });
        expect(res.status, url).toBe(400);
        expect(fieldsOf(res.body)).toEqual(['locationId']);
        expect(res.body.fieldErrors[0].message).toBe(NO_SUCH_LOCATION_MESSAGE);
      }
    }
  });
});

describe('GET /api/reports/room-occupancy', () => {
  it('counts booked hours per room and ISO week against the open hours', async () => {
    const res = await admin.get('/api/reports/room-occupancy', { ...range, openHoursPerWeek: 10 });
    expect(res.status).toBe(200);
    expect(res.body.openHoursPerWeek).toBe(10);
    // 1 Feb 2026 is a Sunday (W05); 28 Feb a Saturday (W09).
    expect(res.body.weeks.map((w: { week: string }) => w.week)).toEqual([
      '2026-W05',
      '2026-W06',
      '2026-W07',
      '2026-W08',
      '2026-W09',
    ]);
    expect(res.body.weeks[1].monday).toBe('2026-02-02');
    const byRoom = Object.fromEntries(
      res.body.rooms.map((r: { room: { name: string }; weeks: unknown[] }) => [r.room.name, r.weeks]),
    );
    expect(Object.keys(byRoom)).toEqual(['N1', 'S1']);
    expect(byRoom.N1[1]).toEqual({ week: '2026-W06', bookedHours: '2.00', percent: 20 });
    expect(byRoom.S1[1]).toEqual({ week: '2026-W06', bookedHours: '1.50', percent: 15 });
    expect(byRoom.N1[2]).toEqual({ week: '2026-W07', bookedHours: '0.00', percent: 0 });
  });

  it('names ISO weeks across a new year as the database counts them', async () => {
    const res = await admin.get('/api/reports/room-occupancy', {
      from: '2026-12-30',
      to: '2027-01-05',
      openHoursPerWeek: 9,
    });
    expect(res.status).toBe(200);
    expect(res.body.weeks).toEqual([
      { week: '2026-W53', monday: '2026-12-28' },
      { week: '2027-W01', monday: '2027-01-04' },
    ]);
    const n1 = res.body.rooms.find((r: { room: { name: string } }) => r.room.name === 'N1');
    expect(n1.weeks).toEqual([
      { week: '2026-W53', bookedHours: '1.50', percent: 16.7 },
      { week: '2027-W01', bookedHours: '0.00', percent: 0 },
    ]);
  });

  it('defaults to 60 open hours and narrows to a location', async () => {
    const res = await admin.get('/api/reports/room-occupancy', { ...range, locationId: south.id });
    expect(res.body.openHoursPerWeek).toBe(60);
    expect(res.body.rooms).toHaveLength(1);
    expect(res.body.rooms[0].weeks[1]).toMatchObject({ bookedHours: '1.50', percent: 2.5 });
  });

  it('refuses open hours outside 1 to 168 or not a whole number, naming the field', async () => {
    for (const openHoursPerWeek of ['0', '169', 'text', '1.5', '']) {
      const res = await admin.get('/api/reports/room-occupancy', { ...range, openHoursPerWeek });
      expect(res.status, openHoursPerWeek).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['openHoursPerWeek']);
      expect(res.body.fieldErrors[0].message).toBe(OPEN_HOURS_MESSAGE);
    }
  });
});

describe('rights', () => {
  it('refuses teachers', async () => {
    const teacher = callerWith(ctx.app, staff.tokens.teacher);
    for (const url of ['/api/reports/locations', '/api/reports/locations/download', '/api/reports/room-occupancy']) {
      expect((await teacher.get(url, range)).status, url).toBe(403);
    }
  });
});

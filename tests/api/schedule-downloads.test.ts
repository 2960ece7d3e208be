import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createStudent, createTeacher, xlsxRows } from '../support/course-factories';
import { createCentre, createCentreWithStaff } from '../support/factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

// The centre is in America/Toronto (the default): EST (UTC-5) until 2 am on Sunday 8 March 2026, then
// EDT (UTC-4). Days are the centre's days, whatever the UTC date of a class is.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
const ids: Record<string, number> = {};

/** A wall-clock date and time as the Date ExcelJS reads back from a cell (its UTC fields are the wall clock). */
const wall = (text: string) => new Date(`${text}Z`);

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, staff.tokens.admin);
  const org = staff.centre.id;
  const ada = await createTeacher(ctx.prisma, org, { firstName: 'Ada', lastName: 'Alpha' });
  const ben = await createTeacher(ctx.prisma, org, { firstName: 'Ben', lastName: 'Beta' });
  const maths = await createCourseRow(ctx.prisma, org, 'Maths 10');
  const piano = await createCourseRow(ctx.prisma, org, '=HYPERLINK("x")');
  const sam = await createStudent(ctx.prisma, org, { firstName: 'Sam', lastName: 'Smith', studentId: 'S-1' });
  const zoe = await createStudent(ctx.prisma, org, { firstName: 'Zoe', lastName: 'Adams', studentId: 'S-2' });
  Object.assign(ids, { ada: ada.id, ben: ben.id, maths: maths.id, sam: sam.id, zoe: zoe.id });
  const base = { organisationId: org, teacherId: ada.id, courseId: maths.id };
  // Sunday 1 March 23:30 local is Monday 04:30 UTC: the week before, not this one.
  await createClassRow(ctx.prisma, { ...base, startAt: '2026-03-02T04:30:00Z', endAt: '2026-03-02T05:30:00Z' });
  // Monday 2 March 16:00-17:30 EST, two students, completed, with rates.
  const monday = await createClassRow(ctx.prisma, {
    ...base,
    startAt: '2026-03-02T21:00:00Z',
    endAt: '2026-03-02T22:30:00Z',
    status: 'COMPLETED',
    address: '1 King St W',
    paymentType: 'VOUCHER',
    notificationStatus: 'MISSING_FEEDBACK',
    hourlyRate: '45.50',
    teacherHourlyRate: '30.00',
    price: '68.25',
    students: [
      { id: sam.id, attendance: 'ATTENDED' },
      { id: zoe.id, attendance: 'ABSENT' },
    ],
  });
  // Monday 2 March 00:30 local = 05:30 UTC: the first class of the week.
  const early = await createClassRow(ctx.prisma, {
    ...base,
    startAt: '2026-03-02T05:30:00Z',
    endAt: '2026-03-02T06:30:00Z',
    students: [{ id: sam.id }],
  });
  const cancelled = await createClassRow(ctx.prisma, {
    ...base,
    courseId: piano.id,
    startAt: '2026-03-03T15:00:00Z',
    endAt: '2026-03-03T16:00:00Z',
    status: 'CANCELLED',
  });
  // Sunday 8 March after the change: 10:00 EDT = 14:00 UTC; 23:30 EDT = Monday 03:30 UTC, still this week.
  const sundayMorning = await createClassRow(ctx.prisma, {
    ...base,
    teacherId: ben.id,
    startAt: '2026-03-08T14:00:00Z',
    endAt: '2026-03-08T15:00:00Z',
    students: [{ id: zoe.id }],
  });
  const sundayNight = await createClassRow(ctx.prisma, {
    ...base,
    teacherId: ben.id,
    startAt: '2026-03-09T03:30:00Z',
    endAt: '2026-03-09T04:00:00Z',
  });
  // Monday 9 March 00:30 EDT: the next week.
  await createClassRow(ctx.prisma, { ...base, startAt: '2026-03-09T04:30:00Z', endAt: '2026-03-09T05:30:00Z' });
  Object.assign(ids, {
    monday: monday.id,
    early: early.id,
    cancelled: cancelled.id,
    sundayMorning: sundayMorning.id,
    sundayNight: sundayNight.id,
  });
  // Another centre's class in the same week, with the same kind of data.
  const other = await createCentre(ctx.prisma);
  const otherTeacher = await createTeacher(ctx.prisma, other.id);
  const otherCourse = await createCourseRow(ctx.prisma, other.id, 'Other centre course');
  await createClassRow(ctx.prisma, {
    organisationId: other.id,
    teacherId: otherTeacher.id,
    courseId: otherCourse.id,
    startAt: '2026-03-04T15:00:00Z',
    endAt: '2026-03-04T16:00:00Z',
  });
  ids.otherTeacher = otherTeacher.id;
});
afterAll(() => ctx.close());

const idsOf = (rows: unknown[][]) => rows.slice(1).map((row) => row[0]);

describe('week download', () => {
  it('lists the classes of the seven days from the Monday, in the centre zone, by start', async () => {
    const res = await admin.download('/api/schedules/download/week', { monday: '2026-03-02' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('filename="schedule-2026-03-02.xlsx"');
    const rows = await xlsxRows(res.body);
    expect(rows[0]).toEqual([
      'ID',
      'Date',
      'Weekday',
      'Start',
      'End',
      'Course',
      'Course type',
      'Teacher',
      'Students',
      'Address',
      'Status',
      'Payment type',
      'Hours',
      'Teacher hours',
      'Hourly rate',
      'Teacher hourly rate',
      'Price',
      'Feedback email',
      'Location',
      'Room',
    ]);
    expect(idsOf(rows)).toEqual([ids.early, ids.monday, ids.cancelled, ids.sundayMorning, ids.sundayNight]);
    const monday = rows.find((row) => row[0] === ids.monday);
    expect(monday).toEqual([
      ids.monday,
      wall('2026-03-02T00:00:00'),
      'Monday',
      wall('2026-03-02T16:00:00'),
      wall('2026-03-02T17:30:00'),
      'Maths 10',
      'GROUP',
      'Ada Alpha',
      'Zoe Adams, Sam Smith',
      '1 King St W',
      'COMPLETED',
      'VOUCHER',
      1.5,
      1.5,
      45.5,
      30,
      68.25,
      'MISSING_FEEDBACK',
      null, // no location: the test's class was written without one
      null,
    ]);
    const early = rows.find((row) => row[0] === ids.early);
    expect(early?.slice(1, 5)).toEqual([
      wall('2026-03-02T00:00:00'),
      'Monday',
      wall('2026-03-02T00:30:00'),
      wall('2026-03-02T01:30:00'),
    ]);
    // After the change to daylight saving time: local 10:00 and 23:30 on Sunday 8 March.
    const sunday = rows.filter((row) => row[2] === 'Sunday');
    expect(sunday.map((row) => [row[1], row[3], row[7]])).toEqual([
      [wall('2026-03-08T00:00:00'), wall('2026-03-08T10:00:00'), 'Ben Beta'],
      [wall('2026-03-08T00:00:00'), wall('2026-03-08T23:30:00'), 'Ben Beta'],
    ]);
    // A formula-like course name stays text.
    expect(rows.find((row) => row[0] === ids.cancelled)?.[5]).toBe('\'=HYPERLINK("x")');
  });

  it('filters by teacher, student, status, course and feedback email status', async () => {
    const week = (query: Record<string, string | number>) =>
      admin.download('/api/schedules/download/week', { monday: '2026-03-02', ...query });
    expect(idsOf(await xlsxRows((await week({ teacherId: ids.ben })).body))).toEqual([
      ids.sundayMorning,
      ids.sundayNight,
    ]);
    expect(idsOf(await xlsxRows((await week({ studentId: ids.zoe })).body))).toEqual([ids.monday, ids.sundayMorning]);
    expect(idsOf(await xlsxRows((await week({ status: 'CANCELLED' })).body))).toEqual([ids.cancelled]);
    expect(idsOf(await xlsxRows((await week({ courseId: ids.maths, status: 'PLANNED' })).body))).toEqual([
      ids.early,
      ids.sundayMorning,
      ids.sundayNight,
    ]);
    expect(idsOf(await xlsxRows((await week({ notificationStatus: 'MISSING_FEEDBACK' })).body))).toEqual([ids.monday]);
    // Another centre's teacher matches nothing here.
    expect(idsOf(await xlsxRows((await week({ teacherId: ids.otherTeacher })).body))).toEqual([]);
  });

  it('refuses a day that is not a Monday, naming `monday`', async () => {
    const res = await admin.get('/api/schedules/download/week', { monday: '2026-03-03' });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toContain('Pick a Monday and try again');
    expect(res.body.fieldErrors).toEqual([{ field: 'monday', message: 'Pick a Monday and try again' }]);
    const missing = await admin.get('/api/schedules/download/week');
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['monday']);
  });
});

describe('range download', () => {
  it('lists the days from..to inclusive, up to 31 days', async () => {
    const res = await admin.download('/api/schedules/download/range', { from: '2026-03-01', to: '2026-03-31' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="schedule-2026-03-01-to-2026-03-31.xlsx"');
    const rows = await xlsxRows(res.body);
    // Seven of this centre's classes, from Sunday 1 March 23:30 local to Monday 9 March 00:30 local.
    expect(rows).toHaveLength(8);
    expect(rows[1].slice(1, 4)).toEqual([wall('2026-03-01T00:00:00'), 'Sunday', wall('2026-03-01T23:30:00')]);
    expect(rows.some((row) => row[5] === 'Other centre course')).toBe(false);
    const oneDay = await admin.download('/api/schedules/download/range', { from: '2026-03-08', to: '2026-03-08' });
    expect(idsOf(await xlsxRows(oneDay.body))).toEqual([ids.sundayMorning, ids.sundayNight]);
  });

  it('refuses 32 days and a range that ends before it starts, naming `to`', async () => {
    const long = await admin.get('/api/schedules/download/range', { from: '2026-03-01', to: '2026-04-01' });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual([{ field: 'to', message: 'A schedule download covers at most 31 days' }]);
    const backwards = await admin.get('/api/schedules/download/range', { from: '2026-03-02', to: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['to']);
  });
});

describe('attendance export', () => {
  it('writes one row per student per class with attendance or blank', async () => {
    const res = await admin.download('/api/schedules/attendance/export', { from: '2026-03-02', to: '2026-03-08' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="attendance-2026-03-02-to-2026-03-08.xlsx"');
    const rows = await xlsxRows(res.body);
    expect(rows[0]).toEqual([
      'Class ID',
      'Date',
      'Start',
      'End',
      'Course',
      'Teacher',
      'Student ID',
      'Student name',
      'Attendance',
      'Class status',
      'Location',
      'Room',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[6], row[8], row[9]])).toEqual([
      [ids.early, 'S-1', null, 'PLANNED'],
      [ids.monday, 'S-2', 'ABSENT', 'COMPLETED'],
      [ids.monday, 'S-1', 'ATTENDED', 'COMPLETED'],
      [ids.sundayMorning, 'S-2', null, 'PLANNED'],
    ]);
    expect(rows[2].slice(1, 8)).toEqual([
      wall('2026-03-02T00:00:00'),
      wall('2026-03-02T16:00:00'),
      wall('2026-03-02T17:30:00'),
      'Maths 10',
      'Ada Alpha',
      'S-2',
      'Zoe Adams',
    ]);
    expect(rows[4].slice(1, 3)).toEqual([wall('2026-03-08T00:00:00'), wall('2026-03-08T10:00:00')]);
  });

  it('keeps only the filtered student and the filtered classes', async () => {
    const res = await admin.download('/api/schedules/attendance/export', {
      from: '2026-03-01',
      to: '2026-03-31',
      studentId: ids.sam,
      status: 'COMPLETED',
    });
    const rows = await xlsxRows(res.body);
    expect(rows.slice(1).map((row) => [row[0], row[6], row[8]])).toEqual([[ids.monday, 'S-1', 'ATTENDED']]);
  });

  it('covers up to 366 days', async () => {
    const year = await admin.get('/api/schedules/attendance/export', { from: '2026-01-01', to: '2027-01-01' });
    expect(year.status).toBe(200);
    const long = await admin.get('/api/schedules/attendance/export', { from: '2026-01-01', to: '2027-01-02' });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual([{ field: 'to', message: 'An attendance export covers at most 366 days' }]);
  });
});

describe('rights', () => {
  const urls: [string, Record<string, string>][] = [
    ['/api/schedules/download/week', { monday: '2026-03-02' }],
    ['/api/schedules/download/range', { from: '2026-03-01', to: '2026-03-31' }],
    ['/api/schedules/attendance/export', { from: '2026-03-01', to: '2026-03-31' }],
  ];

  it('lets operators download and refuses teachers, system users and anonymous callers', async () => {
    for (const [url, query] of urls) {
      expect((await callerWith(ctx.app, staff.tokens.operator).download(url, query)).status, url).toBe(200);
      const teacher = await callerWith(ctx.app, staff.tokens.teacher).get(url, query);
      expect(teacher.status, url).toBe(403);
      expect((await callerWith(ctx.app, staff.tokens.system).get(url, query)).status, url).toBe(403);
      expect((await callerWith(ctx.app, 'not-a-token').get(url, query)).status, url).toBe(401);
    }
  });

  it("never shows another centre's classes", async () => {
    const other = await createCentreWithStaff(ctx);
    const res = await callerWith(ctx.app, other.tokens.admin).download('/api/schedules/download/week', {
      monday: '2026-03-02',
    });
    expect(res.status).toBe(200);
    expect(await xlsxRows(res.body)).toHaveLength(1); // the header only
  });
});

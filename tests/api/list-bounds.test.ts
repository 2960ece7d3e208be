import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COUNT_CAP } from '../../server/http/list';
import { MAX_CALENDAR_EVENTS } from '../../src/contracts/schedules';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 24, items 1 and 7: the calendar's range lists at most a bounded number of classes (beyond, a
// summary), and the lists count up to a cap (beyond, `totalCapped`), paging on past it. The limits are
// small here through CALENDAR_EVENT_LIMIT and LIST_COUNT_CAP (read on each request); one test uses
// the real calendar limit.

let ctx: TestContext;
let c: ScheduleCentre;
const saved = { limit: process.env.CALENDAR_EVENT_LIMIT, cap: process.env.LIST_COUNT_CAP };

// Monday 2 March 2026 in Toronto (EST, UTC-5): the week's range as the calendar asks for it.
const WEEK = { start: '2026-03-02T05:00:00Z', end: '2026-03-09T05:00:00Z' };

/** `count` one-hour CASH classes of `teacherId`, one an hour from `first` (UTC), at the centre's location. */
async function insertClasses(teacherId: number, first: string, count: number, locationId: number | null = null) {
  await ctx.prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", "courseType", "courseId", "teacherId", "startAt", "endAt",
      "teacherStartAt", "teacherEndAt", "paymentType", "locationId", "updatedAt")
    SELECT ${c.centre.id}, 'GROUP'::"CourseType", ${c.course.id}, ${teacherId}, s.at, s.at + interval '1 hour',
      s.at, s.at + interval '1 hour', 'CASH'::"SchedulePaymentType", ${locationId}, now()
    FROM generate_series(0, ${count - 1}::int) AS g,
      LATERAL (SELECT ${new Date(first)}::timestamptz + g * interval '1 hour' AS at) AS s`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  // Ann: 3 classes on Monday 2 March from 09:00 Toronto; Bob: 2 on Tuesday 3 March from 09:00.
  await insertClasses(c.ann.id, '2026-03-02T14:00:00Z', 3);
  await insertClasses(c.bob.id, '2026-03-03T14:00:00Z', 2);
});
afterAll(async () => {
  for (const [key, value] of [
    ['CALENDAR_EVENT_LIMIT', saved.limit],
    ['LIST_COUNT_CAP', saved.cap],
  ] as const)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  await ctx.close();
});

describe('GET /api/schedules/range: at most the limit of classes, else a summary', () => {
  it('lists the classes up to the limit', async () => {
    process.env.CALENDAR_EVENT_LIMIT = '5';
    const res = await c.operator.get('/api/schedules/range', WEEK);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(5);
  });

  it('beyond the limit replies with classes per local day and the busiest teachers, not the classes', async () => {
    process.env.CALENDAR_EVENT_LIMIT = '4';
    const res = await c.operator.get('/api/schedules/range', WEEK);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tooMany: true,
      limit: 4,
      total: 5,
      days: [
        { date: '2026-03-02', classes: 3 },
        { date: '2026-03-03', classes: 2 },
      ],
      teachers: [
        { id: c.ann.id, name: 'Ann Archer', classes: 3 },
        { id: c.bob.id, name: 'Bob Baker', classes: 2 },
      ],
      locations: [],
    });
    // A filter that brings the range under the limit lists its classes again.
    const ann = await c.operator.get('/api/schedules/range', { ...WEEK, teacherId: c.ann.id });
    expect(ann.body).toHaveLength(3);
    expect(ann.body.map((e: { teacher: { id: number } }) => e.teacher.id)).toEqual([c.ann.id, c.ann.id, c.ann.id]);
  });

  it(`summarises a range of more than ${MAX_CALENDAR_EVENTS} classes with the real limit`, async () => {
    delete process.env.CALENDAR_EVENT_LIMIT;
    const busy = await createScheduleCentre(ctx);
    const before = c;
    c = busy;
    try {
      // 20 classes an hour for the week from Monday 9 March 00:00 Toronto (3,360 classes, 480 a day).
      for (let i = 0; i < 20; i++) await insertClasses(busy.ann.id, '2026-03-09T04:00:00Z', 168);
      const week = { start: '2026-03-09T04:00:00Z', end: '2026-03-16T04:00:00Z' };
      const res = await busy.operator.get('/api/schedules/range', week);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ tooMany: true, limit: MAX_CALENDAR_EVENTS, total: 20 * 24 * 7 });
      expect(res.body.days).toHaveLength(7);
      expect(res.body.days[0]).toEqual({ date: '2026-03-09', classes: 20 * 24 });
      // One day is under the limit: its classes are listed.
      const day = await busy.operator.get('/api/schedules/range', {
        start: '2026-03-09T04:00:00Z',
        end: '2026-03-10T04:00:00Z',
      });
      expect(day.body).toHaveLength(20 * 24);
    } finally {
      c = before;
    }
  });
});

describe('list totals: counted up to the cap, paging on past it', () => {
  beforeAll(() => {
    process.env.LIST_COUNT_CAP = '3';
  });
  const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((row) => row.id);

  it('says the class list has more than the cap and pages through every class once', async () => {
    const page = (current: number) =>
      c.operator.get('/api/schedules', { current, pageSize: 2, sortField: 'startAt', sortOrder: 'ascend' });
    const first = await page(1);
    expect(first.body).toMatchObject({ total: 4, totalCapped: true, success: true });
    // Page 2 (rows 3-4) counts up to row 5: still more than shown.
    expect((await page(2)).body).toMatchObject({ total: 5, totalCapped: true });
    // The last page counts them all: the exact total, no longer capped.
    const last = await page(3);
    expect(last.body.total).toBe(5);
    expect(last.body.totalCapped).toBeUndefined();
    const all = [...ids(first), ...ids(await page(2)), ...ids(last)];
    const rows = await ctx.prisma.schedule.findMany({
      where: { organisationId: c.centre.id },
      orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    expect(all).toEqual(rows.map((r) => r.id));
    // Under the cap the total is exact, as before.
    const bob = await c.operator.get('/api/schedules', { teacherId: c.bob.id });
    expect(bob.body.total).toBe(2);
    expect(bob.body.totalCapped).toBeUndefined();
  });

  it('caps the student list, the low-balance list and the unpaid registrations alike', async () => {
    const org = c.centre.id;
    await ctx.prisma.student.createMany({
      data: Array.from({ length: 4 }, (_, i) => ({
        organisationId: org,
        studentId: `CAP${i}`,
        firstName: 'Capped',
        lastName: `Student ${i}`,
        voucherBalance: -10 - i,
      })),
    });
    // 3 students of the centre's own + 4: 7 in all, the 4 owing money (a negative balance is low).
    const students = await c.operator.get('/api/students', { pageSize: 5 });
    // Page 1 of 5 counts up to 6 rows (one past the cap or the page): "more than 5", a page 2.
    expect(students.body).toMatchObject({ total: 6, totalCapped: true });
    expect(students.body.data).toHaveLength(5);
    const studentsPage2 = await c.operator.get('/api/students', { pageSize: 5, current: 2 });
    expect(studentsPage2.body.total).toBe(7);
    expect(studentsPage2.body.totalCapped).toBeUndefined();
    expect(studentsPage2.body.data).toHaveLength(2);

    const low = await c.admin.get('/api/dashboard/low-balance', { pageSize: 2 });
    expect(low.body).toMatchObject({ total: 4, totalCapped: true });
    expect(low.body.data.map((s: { balance: string }) => s.balance)).toEqual(['-13.00', '-12.00']);
    const lowLast = await c.admin.get('/api/dashboard/low-balance', { pageSize: 2, current: 2 });
    expect(lowLast.body.total).toBe(4);
    expect(lowLast.body.totalCapped).toBeUndefined();

    const term = await ctx.prisma.term.create({
      data: {
        name: 'Spring term',
        organisationId: org,
        courseId: c.course.id,
        startDate: new Date('2026-03-01T00:00:00Z'),
        endDate: new Date('2026-06-30T00:00:00Z'),
      },
    });
    const owing = await ctx.prisma.student.findMany({ where: { organisationId: org }, select: { id: true } });
    await ctx.prisma.termRegister.createMany({
      data: owing.map((s) => ({
        organisationId: org,
        termId: term.id,
        courseId: c.course.id,
        studentId: s.id,
        paymentType: 'CASH' as const,
        price: '100.00',
        paid: false,
      })),
    });
    const unpaid = await c.admin.get('/api/dashboard/unpaid-term-registers', { pageSize: 4 });
    expect(unpaid.body).toMatchObject({ total: 5, totalCapped: true });
    expect(unpaid.body.data).toHaveLength(4);
    const unpaidLast = await c.admin.get('/api/dashboard/unpaid-term-registers', { pageSize: 4, current: 2 });
    expect(unpaidLast.body.total).toBe(7);
    expect(unpaidLast.body.data).toHaveLength(3);
  });

  it(`counts up to ${DEFAULT_COUNT_CAP.toLocaleString('en')} without LIST_COUNT_CAP`, async () => {
    delete process.env.LIST_COUNT_CAP;
    const res = await c.operator.get('/api/students');
    expect(res.body.total).toBe(7);
    expect(res.body.totalCapped).toBeUndefined();
    process.env.LIST_COUNT_CAP = '3';
  });
});

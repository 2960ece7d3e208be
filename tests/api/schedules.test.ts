import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_CONFLICT_MESSAGE } from '../../src/contracts/messages';
import {
  CLASS_TOO_LONG_MESSAGE,
  END_TIME_AFTER_START_MESSAGE,
  MAX_SERIES_OCCURRENCES,
  ONE_ON_ONE_MESSAGE,
  SCHEDULE_TIMES_MESSAGE,
} from '../../src/contracts/schedules';
import { createTeacher, fieldsOf } from '../support/course-factories';
import {
  classBody,
  createCourse,
  createScheduleCentre,
  type ScheduleCentre,
  seriesRows,
} from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let other: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  other = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

const body = (over: Parameters<typeof classBody>[1] = {}) => classBody(c, over);
const utcHours = (rows: { startAt: Date }[]) => [...new Set(rows.map((r) => r.startAt.toISOString().slice(11, 16)))];

describe('POST /api/schedules: one class', () => {
  it('adds a class with its student, the derived durations and the default rates', async () => {
    await ctx.prisma.student.update({ where: { id: c.students[0].id }, data: { hourlyRate: '45.50' } });
    await ctx.prisma.teacher.update({ where: { id: c.ann.id }, data: { hourlyRate: '30.00' } });
    const res = await c.operator.post(
      '/api/schedules',
      body({
        startAt: '2026-01-05T21:00:00Z',
        endAt: '2026-01-05T22:30:00Z',
        teacherStartAt: '2026-01-05T20:45:00Z',
        address: '1 Main St',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(1);
    expect(res.body.outsideAvailability).toEqual([]);
    expect(res.body.schedule).toMatchObject({
      status: 'PLANNED',
      courseType: 'ONE_ON_ONE',
      course: { id: c.course.id, name: 'Mathematics' },
      teacher: { id: c.ann.id, name: 'Ann Archer' },
      address: '1 Main St',
      startAt: '2026-01-05T21:00:00.000Z',
      endAt: '2026-01-05T22:30:00.000Z',
      teacherStartAt: '2026-01-05T20:45:00.000Z',
      teacherEndAt: '2026-01-05T22:30:00.000Z',
      duration: { hours: 1, minutes: 30 },
      teacherDuration: { hours: 1, minutes: 45 },
      teacherHourlyRate: '30.00',
      paymentType: 'VOUCHER',
      notificationStatus: 'NOT_REQUIRED',
      conflictOverride: false,
      seriesId: null,
      students: [{ id: c.students[0].id, name: 'Cleo Chen', attendance: null, hourlyRate: '45.50' }],
    });
    const got = await c.admin.get(`/api/schedules/${res.body.schedule.id}`);
    const { outsideAvailability, ...schedule } = res.body.schedule;
    expect(outsideAvailability).toBe(false);
    expect(got.body).toEqual(schedule);
  });

  it("shows the term label and the students' referrers, distinct and comma-joined", async () => {
    const referrer = await ctx.prisma.referrer.create({ data: { organisationId: c.centre.id, name: 'Rita Ref' } });
    await ctx.prisma.student.updateMany({
      where: { id: { in: [c.students[1].id, c.students[2].id] } },
      data: { referrerId: referrer.id },
    });
    const term = await ctx.prisma.term.create({
      data: {
        name: 'Autumn term',
        organisationId: c.centre.id,
        courseId: c.course.id,
        school: 'North',
        startDate: new Date('2026-01-05T00:00:00Z'),
        endDate: new Date('2026-03-30T00:00:00Z'),
      },
    });
    const res = await c.operator.post(
      '/api/schedules',
      body({
        courseType: 'GROUP',
        termId: term.id,
        paymentType: 'TERM',
        startAt: '2026-01-06T21:00:00Z',
        endAt: '2026-01-06T22:00:00Z',
        students: c.students.map((s) => ({ studentId: s.id, hourlyRate: '20' })),
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.schedule.term).toEqual({ id: term.id, label: 'Autumn term (2026-01-05 to 2026-03-30)' });
    expect(res.body.schedule.referrerName).toBe('Rita Ref');
    expect(res.body.schedule.students.map((s: { hourlyRate: string }) => s.hourlyRate)).toEqual([
      '20.00',
      '20.00',
      '20.00',
    ]);
  });

  it('refuses bad times, a one-on-one without exactly one student and a student twice, writing nothing', async () => {
    const before = await ctx.prisma.schedule.count();
    const cases: [Parameters<typeof body>[0], string, string][] = [
      [{ endAt: '2026-03-02T21:00:00Z' }, 'endAt', END_TIME_AFTER_START_MESSAGE],
      [{ endAt: '2026-03-03T21:00:00Z' }, 'endAt', CLASS_TOO_LONG_MESSAGE],
      [{ teacherEndAt: '2026-03-02T20:00:00Z' }, 'teacherEndAt', END_TIME_AFTER_START_MESSAGE],
      [{ students: [] }, 'students', ONE_ON_ONE_MESSAGE],
      [
        {
          courseType: 'GROUP',
          students: [{ studentId: c.students[0].id }, { studentId: c.students[0].id }],
        },
        'students',
        'A student is listed twice',
      ],
      [{ startAt: '2026-03-02 21:00' }, 'startAt', 'Enter a date and time with its zone'],
    ];
    for (const [over, field, message] of cases) {
      const res = await c.operator.post('/api/schedules', body(over));
      expect(res.status, field).toBe(400);
      expect(res.body.fieldErrors).toContainEqual({ field, message });
    }
    expect(await ctx.prisma.schedule.count()).toBe(before);
  });

  it("refuses another centre's course, teacher, term or student, a deleted teacher and an inactive student", async () => {
    const before = await ctx.prisma.schedule.count();
    const gone = await createTeacher(ctx.prisma, c.centre.id, { deleted: true });
    const term = await ctx.prisma.term.create({
      data: {
        name: 'Autumn term',
        organisationId: other.centre.id,
        courseId: other.course.id,
        school: 'X',
        startDate: new Date('2026-01-05T00:00:00Z'),
        endDate: new Date('2026-03-30T00:00:00Z'),
      },
    });
    const inactive = await ctx.prisma.student.create({
      data: { organisationId: c.centre.id, studentId: 'INACT1', firstName: 'Ina', lastName: 'Active', active: false },
    });
    const cases: [Parameters<typeof body>[0], string][] = [
      [{ courseId: other.course.id }, 'courseId'],
      [{ teacherId: other.ann.id }, 'teacherId'],
      [{ teacherId: gone.id }, 'teacherId'],
      [{ termId: term.id }, 'termId'],
      [{ students: [{ studentId: other.students[0].id }] }, 'students.0.studentId'],
      [{ students: [{ studentId: inactive.id }] }, 'students.0.studentId'],
    ];
    for (const [over, field] of cases) {
      const res = await c.operator.post('/api/schedules', body(over));
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body)).toEqual([field]);
    }
    expect(await ctx.prisma.schedule.count()).toBe(before);
  });
});

describe('POST /api/schedules: weekly series', () => {
  it('keeps a Monday 16:00 class at 16:00 in Toronto across 8 March 2026 (21:00Z, then 20:00Z)', async () => {
    const res = await c.operator.post(
      '/api/schedules',
      body({
        startAt: '2026-02-02T21:00:00Z',
        endAt: '2026-02-02T22:00:00Z',
        repeat: { slots: [{ weekday: 1, startTime: '16:00', endTime: '17:00' }], untilDate: '2026-04-27' },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(13);
    const rows = await seriesRows(ctx.prisma, res.body.schedule.seriesId);
    expect(rows).toHaveLength(13);
    expect(rows[0].id).toBe(res.body.schedule.id);
    expect(rows.map((r) => r.startAt.toISOString().slice(0, 10))).toContain('2026-03-09');
    const beforeDst = rows.filter((r) => r.startAt < new Date('2026-03-08T07:00:00Z'));
    const afterDst = rows.filter((r) => r.startAt > new Date('2026-03-08T07:00:00Z'));
    expect(beforeDst).toHaveLength(5);
    expect(utcHours(beforeDst)).toEqual(['21:00']);
    expect(utcHours(afterDst)).toEqual(['20:00']);
    expect(rows.every((r) => r.endAt.getTime() - r.startAt.getTime() === 3_600_000)).toBe(true);
    expect(rows.every((r) => r.students.length === 1 && r.students[0].studentId === c.students[0].id)).toBe(true);
    const series = await ctx.prisma.scheduleSeries.findUniqueOrThrow({
      where: { id: res.body.schedule.seriesId },
      include: { slots: true },
    });
    expect(series).toMatchObject({ timeZone: 'America/Toronto', count: null });
    expect(series.firstDate.toISOString().slice(0, 10)).toBe('2026-02-02');
    expect(series.untilDate?.toISOString().slice(0, 10)).toBe('2026-04-27');
    expect(series.slots).toMatchObject([{ weekday: 1, startTime: '16:00', endTime: '17:00' }]);
  });

  it('keeps 16:00 across 1 November 2026 (20:00Z, then 21:00Z), with the teacher offsets carried over', async () => {
    const res = await c.operator.post(
      '/api/schedules',
      body({
        teacherId: c.bob.id,
        startAt: '2026-10-05T20:00:00Z',
        endAt: '2026-10-05T21:00:00Z',
        teacherStartAt: '2026-10-05T19:45:00Z',
        repeat: { slots: [{ weekday: 1, startTime: '16:00', endTime: '17:00' }], count: 8 },
      }),
    );
    expect(res.status).toBe(201);
    const rows = await seriesRows(ctx.prisma, res.body.schedule.seriesId);
    expect(rows.map((r) => r.startAt.toISOString())).toEqual([
      '2026-10-05T20:00:00.000Z',
      '2026-10-12T20:00:00.000Z',
      '2026-10-19T20:00:00.000Z',
      '2026-10-26T20:00:00.000Z',
      '2026-11-02T21:00:00.000Z',
      '2026-11-09T21:00:00.000Z',
      '2026-11-16T21:00:00.000Z',
      '2026-11-23T21:00:00.000Z',
    ]);
    expect(rows.every((r) => r.startAt.getTime() - r.teacherStartAt.getTime() === 15 * 60_000)).toBe(true);
    expect(rows.every((r) => r.teacherEndAt.getTime() === r.endAt.getTime())).toBe(true);
  });

  it('does not move in a zone without daylight saving (Asia/Shanghai)', async () => {
    const east = await createScheduleCentre(ctx, 'Asia/Shanghai');
    const res = await east.operator.post(
      '/api/schedules',
      classBody(east, {
        startAt: '2026-02-02T08:00:00Z',
        endAt: '2026-02-02T09:00:00Z',
        repeat: { slots: [{ weekday: 1, startTime: '16:00', endTime: '17:00' }], untilDate: '2026-11-30' },
      }),
    );
    expect(res.status).toBe(201);
    const rows = await seriesRows(ctx.prisma, res.body.schedule.seriesId);
    expect(rows).toHaveLength(44);
    expect(utcHours(rows)).toEqual(['08:00']);
  });

  it('makes several slots a week in time order and counts all of them', async () => {
    const res = await c.operator.post(
      '/api/schedules',
      body({
        teacherId: c.bob.id,
        students: [{ studentId: c.students[1].id }],
        startAt: '2026-05-04T20:00:00Z', // Monday 16:00 EDT
        endAt: '2026-05-04T21:00:00Z',
        repeat: {
          slots: [
            { weekday: 4, startTime: '18:00', endTime: '19:30' },
            { weekday: 1, startTime: '16:00', endTime: '17:00' },
          ],
          count: 5,
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(5);
    const rows = await seriesRows(ctx.prisma, res.body.schedule.seriesId);
    expect(rows.map((r) => [r.startAt.toISOString(), r.endAt.toISOString()])).toEqual([
      ['2026-05-04T20:00:00.000Z', '2026-05-04T21:00:00.000Z'],
      ['2026-05-07T22:00:00.000Z', '2026-05-07T23:30:00.000Z'],
      ['2026-05-11T20:00:00.000Z', '2026-05-11T21:00:00.000Z'],
      ['2026-05-14T22:00:00.000Z', '2026-05-14T23:30:00.000Z'],
      ['2026-05-18T20:00:00.000Z', '2026-05-18T21:00:00.000Z'],
    ]);
  });

  it('refuses a repetition without times, without an end, ending before it starts or too long', async () => {
    const before = await ctx.prisma.schedule.count();
    const seriesBefore = await ctx.prisma.scheduleSeries.count();
    const slot = { weekday: 1, startTime: '16:00', endTime: '17:00' };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ slots: [], count: 3 }, 'repeat.slots', SCHEDULE_TIMES_MESSAGE],
      [{ slots: [slot] }, 'repeat.untilDate'],
      [{ slots: [slot], count: MAX_SERIES_OCCURRENCES + 1 }, 'repeat.count'],
      [{ slots: [slot], untilDate: '2026-03-01' }, 'repeat.untilDate'],
      [{ slots: [slot], untilDate: '2036-03-01' }, 'repeat.untilDate'],
      [{ slots: [{ weekday: 8, startTime: '16:00', endTime: '17:00' }], count: 2 }, 'repeat.slots.0.weekday'],
      [{ slots: [{ weekday: 1, startTime: '17:00', endTime: '16:00' }], count: 2 }, 'repeat.slots.0.endTime'],
      [
        { slots: [slot, { weekday: 1, startTime: '16:30', endTime: '17:30' }], count: 4 },
        'repeat.slots',
        'Two schedule times of the same weekday overlap',
      ],
    ];
    for (const [repeat, field, message] of cases) {
      const res = await c.operator.post('/api/schedules', body({ repeat } as Parameters<typeof body>[0]));
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
      if (message) expect(res.body.fieldErrors).toContainEqual({ field, message });
    }
    expect(await ctx.prisma.schedule.count()).toBe(before);
    expect(await ctx.prisma.scheduleSeries.count()).toBe(seriesBefore);
  });
});

describe('conflicts', () => {
  let teacherClass: number;
  beforeAll(async () => {
    const res = await c.operator.post(
      '/api/schedules',
      body({
        courseId: (await createCourse(ctx.prisma, c.centre.id, 'Chemistry')).id,
        startAt: '2026-06-01T14:00:00Z',
        endAt: '2026-06-01T15:00:00Z',
      }),
    );
    teacherClass = res.body.schedule.id;
  });

  it("refuses a class overlapping the teacher's or a student's class with 409 naming each clash", async () => {
    const before = await ctx.prisma.schedule.count();
    const res = await c.operator.post(
      '/api/schedules',
      body({
        courseType: 'GROUP',
        students: [{ studentId: c.students[0].id }, { studentId: c.students[2].id }],
        startAt: '2026-06-01T14:30:00Z',
        endAt: '2026-06-01T15:30:00Z',
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(SCHEDULE_CONFLICT_MESSAGE);
    expect(res.body.conflicts).toEqual([
      {
        startAt: '2026-06-01T14:30:00.000Z',
        endAt: '2026-06-01T15:30:00.000Z',
        who: 'teacher',
        personId: c.ann.id,
        personName: 'Ann Archer',
        scheduleId: teacherClass,
        courseName: 'Chemistry',
        otherStartAt: '2026-06-01T14:00:00.000Z',
        otherEndAt: '2026-06-01T15:00:00.000Z',
      },
      {
        startAt: '2026-06-01T14:30:00.000Z',
        endAt: '2026-06-01T15:30:00.000Z',
        who: 'student',
        personId: c.students[0].id,
        personName: 'Cleo Chen',
        scheduleId: teacherClass,
        courseName: 'Chemistry',
        otherStartAt: '2026-06-01T14:00:00.000Z',
        otherEndAt: '2026-06-01T15:00:00.000Z',
      },
    ]);
    expect(await ctx.prisma.schedule.count()).toBe(before);
  });

  it('lets only one of two simultaneous bookings of the same teacher through', async () => {
    const booking = (studentId: number) =>
      c.operator.post(
        '/api/schedules',
        body({
          teacherId: c.bob.id,
          students: [{ studentId }],
          startAt: '2026-06-15T14:00:00Z',
          endAt: '2026-06-15T15:00:00Z',
        }),
      );
    const replies = await Promise.all([booking(c.students[1].id), booking(c.students[2].id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('lets back-to-back classes pass, and ignores cancelled classes', async () => {
    const touching = await c.operator.post(
      '/api/schedules',
      body({ startAt: '2026-06-01T15:00:00Z', endAt: '2026-06-01T16:00:00Z' }),
    );
    expect(touching.status).toBe(201);
    await c.operator.post(`/api/schedules/${touching.body.schedule.id}/cancel`, {});
    const again = await c.operator.post(
      '/api/schedules',
      body({ startAt: '2026-06-01T15:15:00Z', endAt: '2026-06-01T15:45:00Z' }),
    );
    expect(again.status).toBe(201);
  });

  it('names the clashing occurrences of a series and saves nothing of it', async () => {
    const seriesBefore = await ctx.prisma.scheduleSeries.count();
    const res = await c.operator.post(
      '/api/schedules',
      body({
        teacherId: c.bob.id,
        students: [{ studentId: c.students[0].id }],
        startAt: '2026-05-18T14:00:00Z',
        endAt: '2026-05-18T15:00:00Z',
        repeat: { slots: [{ weekday: 1, startTime: '10:00', endTime: '11:00' }], count: 4 },
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.conflicts.map((x: { startAt: string; who: string }) => [x.startAt, x.who])).toEqual([
      ['2026-06-01T14:00:00.000Z', 'student'],
    ]);
    expect(await ctx.prisma.scheduleSeries.count()).toBe(seriesBefore);
  });

  it('saves over a clash with an explicit override and records it, with its reason, on the clashing class', async () => {
    const res = await c.operator.post(
      '/api/schedules',
      body({
        teacherId: c.bob.id,
        students: [{ studentId: c.students[0].id }],
        startAt: '2026-05-18T14:00:00Z',
        endAt: '2026-05-18T15:00:00Z',
        repeat: { slots: [{ weekday: 1, startTime: '10:00', endTime: '11:00' }], count: 4 },
        override: { reason: 'Cleo moves her chemistry class' },
      }),
    );
    expect(res.status).toBe(201);
    const rows = await seriesRows(ctx.prisma, res.body.schedule.seriesId);
    expect(rows.map((r) => [r.startAt.toISOString().slice(0, 10), r.conflictOverride, r.conflictReason])).toEqual([
      ['2026-05-18', false, null],
      ['2026-05-25', false, null],
      ['2026-06-01', true, 'Cleo moves her chemistry class'],
      ['2026-06-08', false, null],
    ]);
    const blank = await c.operator.post('/api/schedules', body({ override: { reason: ' ' } }));
    expect(blank.status).toBe(400);
    expect(fieldsOf(blank.body)).toEqual(['override.reason']);
  });
});

describe('availability warning', () => {
  it('warns about classes outside the weekly windows or in time off, and saves them', async () => {
    const teacher = await createScheduleCentre(ctx);
    const none = await teacher.operator.post('/api/schedules', classBody(teacher));
    expect(none.body.outsideAvailability).toEqual([]);
    // Mondays 15:00-18:00 local, and a week off in March.
    await ctx.prisma.teacherAvailability.create({
      data: { teacherId: teacher.ann.id, weekday: 1, startTime: '15:00', endTime: '18:00' },
    });
    await ctx.prisma.teacherTimeOff.create({
      data: {
        teacherId: teacher.ann.id,
        startAt: new Date('2026-03-16T00:00:00Z'),
        endAt: new Date('2026-03-21T00:00:00Z'),
      },
    });
    const res = await teacher.operator.post(
      '/api/schedules',
      classBody(teacher, {
        startAt: '2026-03-09T20:00:00Z',
        endAt: '2026-03-09T21:00:00Z',
        repeat: {
          slots: [
            { weekday: 1, startTime: '16:00', endTime: '17:00' },
            { weekday: 2, startTime: '16:00', endTime: '17:00' },
          ],
          count: 4,
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(4);
    expect(res.body.schedule.outsideAvailability).toBe(false);
    // Tuesdays are outside the windows; Monday 16 March falls in the time off.
    expect(res.body.outsideAvailability).toEqual([
      '2026-03-10T20:00:00.000Z',
      '2026-03-16T20:00:00.000Z',
      '2026-03-17T20:00:00.000Z',
    ]);
  });
});

describe('GET /api/schedules and /api/schedules/range', () => {
  let list: ScheduleCentre;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    list = await createScheduleCentre(ctx);
    const add = async (key: string, over: Parameters<typeof classBody>[1]) => {
      const res = await list.operator.post('/api/schedules', classBody(list, over));
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      ids[key] = res.body.schedule.id;
    };
    // 1 March 2026 00:30 Toronto is 05:30Z; 31 March 23:30 Toronto is 1 April 03:30Z.
    await add('firstOfMarch', { startAt: '2026-03-01T05:30:00Z', endAt: '2026-03-01T06:30:00Z' });
    await add('lastOfMarch', { startAt: '2026-04-01T03:30:00Z', endAt: '2026-04-01T04:00:00Z' });
    await add('february', { startAt: '2026-02-28T04:30:00Z', endAt: '2026-02-28T05:00:00Z' });
    await add('bob', {
      teacherId: list.bob.id,
      courseId: list.physics.id,
      students: [{ studentId: list.students[1].id }],
      startAt: '2026-03-10T15:00:00Z',
      endAt: '2026-03-10T16:00:00Z',
    });
    await add('cancelled', { startAt: '2026-03-11T15:00:00Z', endAt: '2026-03-11T16:00:00Z' });
    await list.operator.post(`/api/schedules/${ids.cancelled}/cancel`, {});
  });
  const listed = (res: { body: { data: { id: number }[] } }) => res.body.data.map((s) => s.id);

  it('lists latest first with the total, and pages without overlap', async () => {
    const res = await list.operator.get('/api/schedules');
    expect(res.body).toMatchObject({ success: true, total: 5 });
    expect(listed(res)).toEqual([ids.lastOfMarch, ids.cancelled, ids.bob, ids.firstOfMarch, ids.february]);
    const page1 = await list.operator.get('/api/schedules', {
      pageSize: 2,
      current: 1,
      sortField: 'startAt',
      sortOrder: 'ascend',
    });
    const page2 = await list.operator.get('/api/schedules', {
      pageSize: 2,
      current: 2,
      sortField: 'startAt',
      sortOrder: 'ascend',
    });
    expect([...listed(page1), ...listed(page2)]).toEqual([ids.february, ids.firstOfMarch, ids.bob, ids.cancelled]);
  });

  it("filters by status, teacher, student, course, notification status and the centre's days", async () => {
    expect(listed(await list.operator.get('/api/schedules', { status: 'CANCELLED' }))).toEqual([ids.cancelled]);
    expect(listed(await list.operator.get('/api/schedules', { teacherId: list.bob.id }))).toEqual([ids.bob]);
    expect(listed(await list.operator.get('/api/schedules', { studentId: list.students[1].id }))).toEqual([ids.bob]);
    expect(listed(await list.operator.get('/api/schedules', { courseId: list.physics.id }))).toEqual([ids.bob]);
    expect((await list.operator.get('/api/schedules', { notificationStatus: 'SENT' })).body.total).toBe(0);
    const march = await list.operator.get('/api/schedules', { from: '2026-03-01', to: '2026-03-31' });
    expect(listed(march)).toEqual([ids.lastOfMarch, ids.cancelled, ids.bob, ids.firstOfMarch]);
    const bad = await list.operator.get('/api/schedules', { status: 'DONE', from: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['from', 'status']);
  });

  it('gives the calendar the classes overlapping [start, end), without cancelled ones', async () => {
    const res = await list.operator.get('/api/schedules/range', {
      start: '2026-03-01T06:00:00Z',
      end: '2026-03-11T00:00:00Z',
    });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { id: number }) => e.id)).toEqual([ids.firstOfMarch, ids.bob]);
    // Where the class is (issue 23): its location (the centre's, once saved with one) and no room.
    const { locationId, ...event } = res.body[1];
    expect(locationId === null || Number.isInteger(locationId)).toBe(true);
    expect(event).toEqual({
      id: ids.bob,
      status: 'PLANNED',
      startAt: '2026-03-10T15:00:00.000Z',
      endAt: '2026-03-10T16:00:00.000Z',
      course: { id: list.physics.id, name: 'Physics' },
      teacher: { id: list.bob.id, name: 'Bob Baker', colour: null },
      studentNames: ['Dan Diaz'],
      seriesId: null,
      room: null,
    });
    const bob = await list.operator.get('/api/schedules/range', {
      start: '2026-02-01T00:00:00Z',
      end: '2026-04-01T00:00:00Z',
      studentId: list.students[1].id,
    });
    expect(bob.body.map((e: { id: number }) => e.id)).toEqual([ids.bob]);
    const tooLong = await list.operator.get('/api/schedules/range', {
      start: '2026-01-01T00:00:00Z',
      end: '2026-04-01T00:00:00Z',
    });
    expect(tooLong.status).toBe(400);
    expect(fieldsOf(tooLong.body)).toEqual(['end']);
  });

  it("gives 404 for another centre's class and lists none of them", async () => {
    expect((await other.operator.get(`/api/schedules/${ids.bob}`)).status).toBe(404);
    expect((await other.operator.get('/api/schedules', { teacherId: list.bob.id })).body.total).toBe(0);
    const range = await other.operator.get('/api/schedules/range', {
      start: '2026-03-01T00:00:00Z',
      end: '2026-03-31T00:00:00Z',
    });
    expect(range.body).toEqual([]);
  });
});

describe('rights', () => {
  it('lets admins and operators manage classes; refuses teachers and the system user (403)', async () => {
    expect((await c.admin.get('/api/schedules')).status).toBe(200);
    for (const caller of [c.ann.caller, c.teacherLogin, c.system]) {
      expect((await caller.get('/api/schedules')).status).toBe(403);
      expect(
        (await caller.get('/api/schedules/range', { start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' }))
          .status,
      ).toBe(403);
      expect((await caller.post('/api/schedules', body())).status).toBe(403);
      expect((await caller.get('/api/schedules/1')).status).toBe(403);
      expect((await caller.put('/api/schedules/1', body())).status).toBe(403);
      expect((await caller.post('/api/schedules/1/cancel', {})).status).toBe(403);
      expect((await caller.post('/api/schedules/batch-cancel', { ids: [1] })).status).toBe(403);
      expect((await caller.post('/api/schedules/1/confirm', {})).status).toBe(403);
      expect((await caller.post('/api/schedules/1/reopen', {})).status).toBe(403);
      expect((await caller.put('/api/schedules/1/students/1/attendance', { attendance: 'ABSENT' })).status).toBe(403);
    }
    expect((await c.system.get('/api/my-schedules')).status).toBe(403);
    expect((await c.operator.get('/api/my-schedules')).status).toBe(403);
  });
});

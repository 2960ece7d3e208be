import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createTeacher, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let teacherId: number;
let otherTeacherId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  other = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, staff.tokens.admin);
  teacherId = (await createTeacher(ctx.prisma, staff.centre.id, { firstName: 'Ada', lastName: 'Alpha' })).id;
  otherTeacherId = (await createTeacher(ctx.prisma, other.centre.id)).id;
});
afterAll(() => ctx.close());

const url = (id: number) => `/api/teachers/${id}/availability`;
const week = {
  windows: [
    { weekday: 4, startTime: '18:00', endTime: '19:30' },
    { weekday: 1, startTime: '16:00', endTime: '17:00' },
    { weekday: 1, startTime: '09:00', endTime: '12:00' },
  ],
  timeOff: [{ startAt: '2026-03-09T14:00:00-04:00', endAt: '2026-03-13T22:00:00-04:00', reason: 'March break' }],
};

describe('weekly availability and time off', () => {
  it('starts empty', async () => {
    const res = await admin.get(url(teacherId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      teacher: { id: teacherId, name: 'Ada Alpha', colour: null },
      windows: [],
      timeOff: [],
      feedPath: null,
      calendarEmbedUrl: null,
    });
  });

  it('replaces the windows and the time off together, sorted, with instants in UTC', async () => {
    const res = await admin.put(url(teacherId), week);
    expect(res.status).toBe(200);
    expect(res.body.windows).toEqual([
      { weekday: 1, startTime: '09:00', endTime: '12:00' },
      { weekday: 1, startTime: '16:00', endTime: '17:00' },
      { weekday: 4, startTime: '18:00', endTime: '19:30' },
    ]);
    expect(res.body.timeOff).toEqual([
      {
        id: expect.any(Number),
        startAt: '2026-03-09T18:00:00.000Z',
        endAt: '2026-03-14T02:00:00.000Z',
        reason: 'March break',
      },
    ]);
    expect((await admin.get(url(teacherId))).body).toEqual(res.body);

    // A second PUT replaces everything: nothing of the first remains.
    const next = await admin.put(url(teacherId), {
      windows: [{ weekday: 7, startTime: '10:00', endTime: '24:00' }],
      timeOff: [],
    });
    expect(next.status).toBe(200);
    expect(next.body.windows).toEqual([{ weekday: 7, startTime: '10:00', endTime: '24:00' }]);
    expect(next.body.timeOff).toEqual([]);
    expect(await ctx.prisma.teacherAvailability.count({ where: { teacherId } })).toBe(1);
    expect(await ctx.prisma.teacherTimeOff.count({ where: { teacherId } })).toBe(0);
  });

  it('refuses overlapping windows on the same weekday, naming the window, and changes nothing', async () => {
    await admin.put(url(teacherId), week);
    const res = await admin.put(url(teacherId), {
      windows: [
        { weekday: 2, startTime: '09:00', endTime: '12:00' },
        { weekday: 3, startTime: '11:00', endTime: '13:00' },
        { weekday: 2, startTime: '11:30', endTime: '13:00' },
      ],
      timeOff: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'windows.2', message: 'Windows on the same day must not overlap' }]);
    expect((await admin.get(url(teacherId))).body.windows).toHaveLength(3);
    expect((await admin.get(url(teacherId))).body.timeOff).toHaveLength(1);
    // Touching windows do not overlap.
    const touching = await admin.put(url(teacherId), {
      windows: [
        { weekday: 2, startTime: '09:00', endTime: '12:00' },
        { weekday: 2, startTime: '12:00', endTime: '13:00' },
      ],
      timeOff: [],
    });
    expect(touching.status).toBe(200);
  });

  it('refuses bad windows and time off, naming the field', async () => {
    const cases: [object, string][] = [
      [{ windows: [{ weekday: 8, startTime: '09:00', endTime: '10:00' }], timeOff: [] }, 'windows.0.weekday'],
      [{ windows: [{ weekday: 1, startTime: '09:00:00', endTime: '10:00' }], timeOff: [] }, 'windows.0.startTime'],
      [{ windows: [{ weekday: 1, startTime: '10:00', endTime: '09:00' }], timeOff: [] }, 'windows.0.endTime'],
      [
        { windows: [], timeOff: [{ startAt: '2026-03-09T10:00:00Z', endAt: '2026-03-09T09:00:00Z' }] },
        'timeOff.0.endAt',
      ],
      [{ windows: [], timeOff: [{ startAt: '2026-03-09 10:00', endAt: '2026-03-09T11:00:00Z' }] }, 'timeOff.0.startAt'],
      [{ timeOff: [] }, 'windows'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.put(url(teacherId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body), JSON.stringify(body)).toEqual([field]);
    }
  });
});

describe('calendar embed link', () => {
  it('keeps a Google Calendar embed link and clears it', async () => {
    const link = 'https://calendar.google.com/calendar/embed?src=ada%40example.test&ctz=America%2FToronto';
    const set = await admin.put(`/api/teachers/${teacherId}/calendar-embed`, { calendarEmbedUrl: link });
    expect(set.status).toBe(200);
    expect(set.body.calendarEmbedUrl).toBe(link);
    const cleared = await admin.put(`/api/teachers/${teacherId}/calendar-embed`, { calendarEmbedUrl: '' });
    expect(cleared.body.calendarEmbedUrl).toBeNull();
  });

  it('refuses any other link', async () => {
    for (const link of [
      'https://evil.example/calendar/embed?x=1',
      'javascript:alert(1)',
      'http://calendar.google.com/calendar/embed?src=a',
    ]) {
      const res = await admin.put(`/api/teachers/${teacherId}/calendar-embed`, { calendarEmbedUrl: link });
      expect(res.status, link).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['calendarEmbedUrl']);
    }
  });
});

describe('rights and centres', () => {
  it('lets operators manage availability, and refuses teachers and system users', async () => {
    const operator = callerWith(ctx.app, staff.tokens.operator);
    expect((await operator.get(url(teacherId))).status).toBe(200);
    expect((await operator.put(url(teacherId), week)).status).toBe(200);
    for (const token of [staff.tokens.teacher, staff.tokens.system]) {
      const caller = callerWith(ctx.app, token);
      expect((await caller.get(url(teacherId))).status).toBe(403);
      expect((await caller.put(url(teacherId), week)).status).toBe(403);
      expect((await caller.put(`/api/teachers/${teacherId}/calendar-embed`, { calendarEmbedUrl: null })).status).toBe(
        403,
      );
    }
    expect((await callerWith(ctx.app, 'nope').get(url(teacherId))).status).toBe(401);
  });

  it("answers 404 for another centre's teacher and an unknown one, and changes nothing", async () => {
    for (const id of [otherTeacherId, 2147483647]) {
      expect((await admin.get(url(id))).status).toBe(404);
      expect((await admin.put(url(id), week)).status).toBe(404);
      expect((await admin.put(`/api/teachers/${id}/calendar-embed`, { calendarEmbedUrl: null })).status).toBe(404);
    }
    expect(await ctx.prisma.teacherAvailability.count({ where: { teacherId: otherTeacherId } })).toBe(0);
    // And the other centre cannot see this one's.
    expect((await callerWith(ctx.app, other.tokens.admin).get(url(teacherId))).status).toBe(404);
  });

  it('refuses an id that is not a canonical int4', async () => {
    const res = await admin.get('/api/teachers/01/availability');
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['teacherId']);
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggablePath } from '../../server/http/log';
import { callerWith, createStudent, createTeacher } from '../support/course-factories';
import { createCentreWithStaff, createUser, signIn } from '../support/factories';
import { eventsOf } from '../support/ical';
import { logOutput } from '../support/log-capture';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

// "Now" is fixed (only Date is faked) so that the feed's window, 60 days back to 365 ahead, holds the
// classes around the daylight-saving changes of 8 March and 1 November 2026 in America/Toronto.
const NOW = new Date('2026-02-20T12:00:00Z');

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let teacher: ReturnType<typeof callerWith>;
let teacherId: number;
let otherTeacherId: number;
/** The classes the feed must hold, by id: [startAt, endAt] as stored. */
const expected = new Map<number, [string, string]>();
const excluded: number[] = [];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  other = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, staff.tokens.admin);
  teacher = callerWith(ctx.app, staff.tokens.teacher);
  const org = staff.centre.id;
  // The signed-in teacher's own record.
  teacherId = (await ctx.prisma.teacher.create({ data: { organisationId: org, userId: staff.teacher.id } })).id;
  otherTeacherId = (await createTeacher(ctx.prisma, other.centre.id)).id;
  const colleague = await createTeacher(ctx.prisma, org);
  const maths = await createCourseRow(ctx.prisma, org, 'Maths 10');
  const sam = await createStudent(ctx.prisma, org, { firstName: 'Sam', lastName: 'Smith', studentId: 'S-1' });
  const zoe = await createStudent(ctx.prisma, org, { firstName: 'Zoe', lastName: 'Adams', studentId: 'S-2' });
  const base = { organisationId: org, teacherId, courseId: maths.id, address: '1 King St W, Toronto' };
  const add = async (startAt: string, endAt: string, extra: Partial<Parameters<typeof createClassRow>[1]> = {}) =>
    (await createClassRow(ctx.prisma, { ...base, startAt, endAt, ...extra })).id;
  const keep = async (...args: Parameters<typeof add>) => {
    const id = await add(...args);
    expected.set(id, [new Date(args[0]).toISOString(), new Date(args[1]).toISOString()]);
    return id;
  };
  // Completed, 18 days back: Monday 2 February 16:00-17:00 EST.
  await keep('2026-02-02T16:00:00-05:00', '2026-02-02T17:00:00-05:00', {
    status: 'COMPLETED',
    students: [{ id: sam.id, attendance: 'ATTENDED' }],
  });
  // Friday 6 March 16:00 EST, then across the change: Saturday 23:00 EST to Sunday 04:00 EDT (4 hours).
  await keep('2026-03-06T16:00:00-05:00', '2026-03-06T17:30:00-05:00', { students: [{ id: sam.id }, { id: zoe.id }] });
  await keep('2026-03-07T23:00:00-05:00', '2026-03-08T04:00:00-04:00');
  // Monday 9 March 16:00 EDT, and Monday 2 November 16:00 EST after the change back.
  await keep('2026-03-09T16:00:00-04:00', '2026-03-09T17:00:00-04:00', { address: null });
  await keep('2026-11-02T16:00:00-05:00', '2026-11-02T17:00:00-05:00');
  // Not in the feed: cancelled, too old, too far ahead, another teacher's.
  excluded.push(
    await add('2026-03-10T16:00:00-04:00', '2026-03-10T17:00:00-04:00', { status: 'CANCELLED' }),
    await add('2025-12-01T16:00:00-05:00', '2025-12-01T17:00:00-05:00', { status: 'COMPLETED' }),
    await add('2027-03-01T16:00:00-05:00', '2027-03-01T17:00:00-05:00'),
    await add('2026-03-11T16:00:00-04:00', '2026-03-11T17:00:00-04:00', { teacherId: colleague.id }),
  );
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const feedUrl = (teacher: number) => `/api/teachers/${teacher}/calendar-feed`;
const anonymous = (path: string) => request(ctx.app).get(path);

describe('the public feed', () => {
  it('serves the teacher’s planned and completed classes at the same instants as stored', async () => {
    const made = await admin.post(feedUrl(teacherId), {});
    expect(made.status).toBe(200);
    expect(made.body.feedPath).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const res = await anonymous(made.body.feedPath);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    const events = eventsOf(res.text);
    expect(events.map((e) => e.uid)).toEqual([...expected.keys()].map((id) => `schedule-${id}@levelup`));
    for (const event of events) {
      const id = Number(event.uid.match(/^schedule-(\d+)@levelup$/)?.[1]);
      expect([event.start, event.end], event.uid).toEqual(expected.get(id));
      expect(event.status).toBe('CONFIRMED');
    }
    for (const id of excluded) expect(res.text).not.toContain(`schedule-${id}@`);
    // The class across the change: 23:00 EST is 04:00 UTC, 04:00 EDT is 08:00 UTC.
    expect(events[2]).toMatchObject({ start: '2026-03-08T04:00:00.000Z', end: '2026-03-08T08:00:00.000Z' });
    expect(events[3].start).toBe('2026-03-09T20:00:00.000Z'); // 16:00 EDT
    expect(events[4].start).toBe('2026-11-02T21:00:00.000Z'); // 16:00 EST
    expect(events[1]).toMatchObject({ summary: 'Maths 10: Zoe Adams, Sam Smith', location: '1 King St W, Toronto' });
    expect(events[2].summary).toBe('Maths 10');
    expect(events[3].location).toBeNull();
    expect((await admin.get(`/api/teachers/${teacherId}/availability`)).body.feedPath).toBe(made.body.feedPath);
  });

  it('replaces the URL: the old one answers 404 like one never made, the new one 200', async () => {
    const first = (await admin.post(feedUrl(teacherId), {})).body.feedPath;
    const second = (await admin.post(feedUrl(teacherId), {})).body.feedPath;
    expect(second).not.toBe(first);
    const old = await anonymous(first);
    const never = await anonymous(`/api/calendar/${'A'.repeat(32)}.ics`);
    expect(old.status).toBe(404);
    expect(never.status).toBe(404);
    expect(old.body.errorMessage).toBe(never.body.errorMessage);
    expect(old.body.errorMessage).not.toContain(first.slice(14, 46));
    expect((await anonymous(second)).status).toBe(200);
  });

  it('stops working once revoked', async () => {
    const path = (await admin.post(feedUrl(teacherId), {})).body.feedPath;
    const revoked = await admin.delete(feedUrl(teacherId));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ feedPath: null });
    expect((await anonymous(path)).status).toBe(404);
    expect((await admin.get(`/api/teachers/${teacherId}/availability`)).body.feedPath).toBeNull();
    expect(await ctx.prisma.teacher.findUniqueOrThrow({ where: { id: teacherId } })).toMatchObject({
      calendarToken: null,
    });
  });

  it("answers 404 for a deleted teacher's feed and 400 for a malformed one", async () => {
    const gone = await createTeacher(ctx.prisma, staff.centre.id);
    const path = (await admin.post(feedUrl(gone.id), {})).body.feedPath;
    expect((await anonymous(path)).status).toBe(200);
    await ctx.prisma.teacher.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await anonymous(path)).status).toBe(404);
    for (const bad of ['short.ics', `${'A'.repeat(32)}.txt`, `${'A'.repeat(31)}!.ics`]) {
      const res = await anonymous(`/api/calendar/${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('a deactivated teacher (issue 20, finding 1)', () => {
  it('loses the feed when deactivated, and reactivating does not bring the old URL back', async () => {
    const leaving = await createTeacher(ctx.prisma, staff.centre.id);
    const path = (await admin.post(feedUrl(leaving.id), {})).body.feedPath;
    expect((await anonymous(path)).status).toBe(200);
    expect((await admin.post(`/api/teachers/${leaving.id}/deactivate`, {})).status).toBe(200);
    expect((await anonymous(path)).status).toBe(404);
    expect((await admin.get(`/api/teachers/${leaving.id}/availability`)).body.feedPath).toBeNull();
    expect((await admin.post(`/api/teachers/${leaving.id}/activate`, {})).status).toBe(200);
    expect((await anonymous(path)).status).toBe(404);
  });

  it('answers 404 for a login deactivated outside the teacher screens, with the token kept', async () => {
    const leaving = await createTeacher(ctx.prisma, staff.centre.id);
    const path = (await admin.post(feedUrl(leaving.id), {})).body.feedPath;
    await ctx.prisma.user.update({ where: { id: leaving.userId }, data: { activated: false } });
    expect((await anonymous(path)).status).toBe(404);
    await ctx.prisma.user.update({ where: { id: leaving.userId }, data: { activated: true } });
    expect((await anonymous(path)).status).toBe(200);
  });

  it('loses the feed when deleted through the API', async () => {
    const leaving = await createTeacher(ctx.prisma, staff.centre.id);
    const path = (await admin.post(feedUrl(leaving.id), {})).body.feedPath;
    expect((await admin.delete(`/api/teachers/${leaving.id}`)).status).toBe(204);
    expect((await anonymous(path)).status).toBe(404);
    expect(await ctx.prisma.teacher.findUniqueOrThrow({ where: { id: leaving.id } })).toMatchObject({
      calendarToken: null,
    });
  });
});

describe('who may manage a feed', () => {
  it("answers 404 for another centre's teacher and leaves its feed alone", async () => {
    await ctx.prisma.teacher.update({ where: { id: otherTeacherId }, data: { calendarToken: 'O'.repeat(32) } });
    expect((await admin.post(feedUrl(otherTeacherId), {})).status).toBe(404);
    expect((await admin.delete(feedUrl(otherTeacherId))).status).toBe(404);
    expect((await ctx.prisma.teacher.findUniqueOrThrow({ where: { id: otherTeacherId } })).calendarToken).toBe(
      'O'.repeat(32),
    );
  });

  it('refuses teachers and system users on the operator endpoints', async () => {
    for (const token of [staff.tokens.teacher, staff.tokens.system]) {
      const caller = callerWith(ctx.app, token);
      expect((await caller.post(feedUrl(teacherId), {})).status).toBe(403);
      expect((await caller.delete(feedUrl(teacherId))).status).toBe(403);
    }
    expect((await request(ctx.app).post(feedUrl(teacherId))).status).toBe(401);
  });

  it('lets a teacher see, make, replace and revoke their own feed', async () => {
    await admin.delete(feedUrl(teacherId));
    expect((await teacher.get('/api/my-calendar-feed')).body).toEqual({ feedPath: null });
    const made = await teacher.post('/api/my-calendar-feed', {});
    expect(made.status).toBe(200);
    expect((await teacher.get('/api/my-calendar-feed')).body).toEqual(made.body);
    const feed = await anonymous(made.body.feedPath);
    expect(eventsOf(feed.text)).toHaveLength(expected.size);
    const replaced = await teacher.post('/api/my-calendar-feed', {});
    expect((await anonymous(made.body.feedPath)).status).toBe(404);
    expect((await teacher.delete('/api/my-calendar-feed')).body).toEqual({ feedPath: null });
    expect((await anonymous(replaced.body.feedPath)).status).toBe(404);
  });

  it('keeps the own-feed endpoints to teachers with a teacher record', async () => {
    expect((await admin.get('/api/my-calendar-feed')).status).toBe(403);
    expect((await admin.post('/api/my-calendar-feed', {})).status).toBe(403);
    const bare = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId: staff.centre.id });
    const res = await callerWith(ctx.app, await signIn(ctx, bare.login)).post('/api/my-calendar-feed', {});
    expect(res.status).toBe(404);
  });
});

describe('logs', () => {
  it('never write the feed token', async () => {
    const path: string = (await admin.post(feedUrl(teacherId), {})).body.feedPath;
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    const text = await logOutput('info', async () => {
      expect((await anonymous(path)).status).toBe(200);
      // Express routes ignore case: the same feed under /api/CALENDAR/.
      expect((await anonymous(path.replace('/calendar/', '/CALENDAR/'))).status).toBe(200);
      expect((await anonymous(`/api/calendar/${token}`)).status).toBe(400);
    });
    expect(text).toContain('"url":"/api/calendar/[redacted]"');
    expect(text).not.toContain(token);
    expect(text.toLowerCase()).not.toContain(token.toLowerCase());
  });

  it('redact every form of the feed path', () => {
    expect(loggablePath('/api/calendar/abcdefghijklmnopqrstuvwxyz012345.ics')).toBe('/api/calendar/[redacted]');
    expect(loggablePath('/calendar/abcdefghijklmnopqrstuvwxyz012345.ics?x=1')).toBe('/calendar/[redacted]?x=1');
    expect(loggablePath('/api/Calendar/anything')).toBe('/api/calendar/[redacted]');
    expect(loggablePath('/api/%63alendar/abcdefghijklmnopqrstuvwxyz012345.ics')).toBe('/api/%63alendar/[redacted]');
    expect(loggablePath('/api/teachers/5/calendar-feed')).toBe('/api/teachers/5/calendar-feed');
  });
});

// A family's calendar feed (issue 21): the guardian makes a secret URL from the portal; it serves the
// household's children's planned and completed lessons (never another family's child of a group
// class), at the stored instants; replacing or revoking it, or ending the family's portal access, makes
// the old URL a 404. Rights: portal:own only; staff 403, nobody 401.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHousehold } from '../support/household-factories';
import { eventsOf } from '../support/ical';
import { createGuardianUser } from '../support/portal-factories';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let guardian: Awaited<ReturnType<typeof createGuardianUser>>;
let other: Awaited<ReturnType<typeof createGuardianUser>>;
let householdId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  const [cleo, dan, eve] = c.students;
  householdId = (await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id, dan.id] })).id;
  guardian = await createGuardianUser(ctx, c.centre.id, householdId);
  const evans = await createHousehold(ctx.prisma, c.centre.id, { name: 'Evans', studentIds: [eve.id] });
  other = await createGuardianUser(ctx, c.centre.id, evans.id, { name: 'Eli Evans' });
}, 120_000);
afterAll(() => ctx?.close());

async function lesson(hours: number, students: number[], courseType: 'GROUP' | 'ONE_ON_ONE' = 'GROUP') {
  const startAt = hoursFromNow(hours);
  const res = await c.operator.post('/api/schedules', {
    ...classBody(c, {
      courseType,
      startAt,
      endAt: new Date(Date.parse(startAt) + 3_600_000).toISOString(),
      students: students.map((studentId) => ({ studentId })),
    }),
    address: '12 King St W',
  });
  expect(res.status).toBe(201);
  return res.body.schedule as { id: number; startAt: string; endAt: string };
}

const feed = (path: string) => request(ctx.app).get(path);

describe('the family calendar feed', () => {
  it('serves the children’s lessons, naming only them, and follows replace and revoke', async () => {
    const [cleo, dan, eve] = c.students;
    const group = await lesson(24, [cleo.id, eve.id]);
    const own = await lesson(48, [dan.id], 'ONE_ON_ONE');
    const theirs = await lesson(72, [eve.id], 'ONE_ON_ONE');
    const cancelled = await lesson(96, [cleo.id], 'ONE_ON_ONE');
    await ctx.prisma.schedule.update({ where: { id: cancelled.id }, data: { status: 'CANCELLED' } });

    expect((await guardian.caller.get('/api/portal/calendar-feed')).body).toEqual({ feedPath: null });
    const made = await guardian.caller.post('/api/portal/calendar-feed', {});
    expect(made.status).toBe(200);
    const path = made.body.feedPath as string;
    expect(path).toMatch(/^\/api\/calendar\/family\/[A-Za-z0-9_-]{32}\.ics$/);

    const res = await feed(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const events = eventsOf(res.text);
    expect(events.map((e) => e.uid).sort()).toEqual(
      [`schedule-${group.id}@levelup`, `schedule-${own.id}@levelup`].sort(),
    );
    const groupEvent = events.find((e) => e.uid === `schedule-${group.id}@levelup`);
    expect(groupEvent).toMatchObject({
      start: group.startAt,
      end: group.endAt,
      summary: 'Cleo: Mathematics',
      location: '12 King St W',
    });
    expect(res.text).not.toContain('Eve'); // another family's child, in the same group class
    expect(res.text).not.toContain(`schedule-${theirs.id}@`);

    // The other family sees only theirs, through their own URL.
    const theirFeed = (await other.caller.post('/api/portal/calendar-feed', {})).body.feedPath as string;
    expect(
      eventsOf((await feed(theirFeed)).text)
        .map((e) => e.summary)
        .sort(),
    ).toEqual(['Eve: Mathematics', 'Eve: Mathematics']);

    const replaced = await guardian.caller.post('/api/portal/calendar-feed', {});
    expect(replaced.body.feedPath).not.toBe(path);
    expect((await feed(path)).status).toBe(404);
    expect((await feed(replaced.body.feedPath)).status).toBe(200);
    expect((await guardian.caller.delete('/api/portal/calendar-feed')).body).toEqual({ feedPath: null });
    expect((await feed(replaced.body.feedPath)).status).toBe(404);
  });

  it('stops when the family can no longer sign in, and keeps staff out', async () => {
    const path = (await guardian.caller.post('/api/portal/calendar-feed', {})).body.feedPath as string;
    expect((await feed(path)).status).toBe(200);
    await ctx.prisma.user.update({ where: { id: guardian.user.id }, data: { activated: false } });
    expect((await feed(path)).status).toBe(404);
    await ctx.prisma.user.update({ where: { id: guardian.user.id }, data: { activated: true } });
    expect((await feed(path)).status).toBe(200);

    expect((await c.operator.get('/api/portal/calendar-feed')).status).toBe(403);
    expect((await c.admin.post('/api/portal/calendar-feed', {})).status).toBe(403);
    expect((await request(ctx.app).get('/api/portal/calendar-feed')).status).toBe(401);
    expect((await feed('/api/calendar/family/not-a-token.ics')).status).toBe(400); // not even a token's shape
    expect((await feed(`/api/calendar/family/${'A'.repeat(32)}.ics`)).status).toBe(404);
  });
});

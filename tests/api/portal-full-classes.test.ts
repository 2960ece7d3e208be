// The full classes a family may wait for on the portal (issue 22): upcoming full GROUP classes of the
// courses the child takes, with the child's place on each waitlist; another household's child is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createFamily, createFullClass } from '../support/seat-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(async () => {
  await ctx.close();
});

async function classOf(courseId: number, hours: number, studentIds: number[], capacity?: number) {
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      courseId,
      courseType: 'GROUP',
      startAt: hoursFromNow(hours),
      endAt: hoursFromNow(hours + 1),
      ...(capacity ? { capacity } : {}),
      students: studentIds.map((studentId) => ({ studentId })),
    }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule.id as number;
}

describe('GET /api/portal/children/:id/full-classes', () => {
  it("lists the full upcoming group classes of the child's courses, with the child's place in line", async () => {
    const family = await createFamily(ctx, c);
    const child = family.child.id;
    const full = await createFullClass(ctx, c, { capacity: 1 });
    // The child takes the course (a class of it without a limit, which is not listed: the child is in it).
    await classOf(full.course.id, 601, [child]);
    // Not listed: a class of the course with a free seat, and a full class of another course.
    await classOf(full.course.id, 701, [full.seated[0].id], 3);
    await createFullClass(ctx, c, { capacity: 1 });

    const path = `/api/portal/children/${child}/full-classes`;
    const before = await family.guardian.caller.get(path);
    expect(before.status).toBe(200);
    expect(before.body).toEqual([
      {
        scheduleId: full.id,
        courseName: full.course.name,
        teacherName: 'Ann Archer',
        startAt: full.startAt.toISOString(),
        endAt: new Date(full.startAt.getTime() + 3_600_000).toISOString(),
        capacity: 1,
        seatsTaken: 1,
        position: null,
      },
    ]);

    // Someone else waits first; the child joins on the portal and is second in line.
    const first = await createFamily(ctx, c);
    expect((await c.operator.post(`/api/schedules/${full.id}/waitlist`, { studentId: first.child.id })).status).toBe(
      201,
    );
    const joined = await family.guardian.caller.post(`/api/portal/lessons/${full.id}/waitlist/${child}`, {});
    expect(joined.status).toBe(201);
    expect((await family.guardian.caller.get(path)).body.map((k: { position: number }) => k.position)).toEqual([2]);
    expect((await family.guardian.caller.delete(`/api/portal/lessons/${full.id}/waitlist/${child}`)).status).toBe(200);
    expect((await family.guardian.caller.get(path)).body.map((k: { position: number }) => k.position)).toEqual([null]);
  });

  it("is empty for a child without classes, and 404 for another household's child", async () => {
    const [family, stranger] = [await createFamily(ctx, c), await createFamily(ctx, c)];
    expect((await family.guardian.caller.get(`/api/portal/children/${family.child.id}/full-classes`)).body).toEqual([]);
    const res = await stranger.guardian.caller.get(`/api/portal/children/${family.child.id}/full-classes`);
    expect(res.status).toBe(404);
    expect((await c.operator.get(`/api/portal/children/${family.child.id}/full-classes`)).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../support/course-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createFamily, createFullClass } from '../support/seat-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Waitlists (issue 22): the desk and a family put a student on a full PLANNED class's waitlist, in
// order; joining a class with a free seat, a class not PLANNED or twice is refused.
let ctx: TestContext;
let c: ScheduleCentre;
let other: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  other = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

describe('desk waitlist', () => {
  it('lists students in the order they joined, and takes one off', async () => {
    const klass = await createFullClass(ctx, c);
    const [a, b, d] = [
      await createStudent(ctx.prisma, c.centre.id, { firstName: 'Ada', lastName: 'First' }),
      await createStudent(ctx.prisma, c.centre.id, { firstName: 'Ben', lastName: 'Second' }),
      await createStudent(ctx.prisma, c.centre.id, { firstName: 'Dee', lastName: 'Third' }),
    ];
    for (const s of [a, b, d]) {
      const res = await c.operator.post(`/api/schedules/${klass.id}/waitlist`, { studentId: s.id });
      expect(res.status).toBe(201);
    }
    const list = await c.operator.get(`/api/schedules/${klass.id}/waitlist`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ capacity: 2, seatsTaken: 2, seatsFree: 0 });
    expect(
      list.body.entries.map((e: { student: { name: string }; position: number }) => [e.position, e.student.name]),
    ).toEqual([
      [1, 'Ada First'],
      [2, 'Ben Second'],
      [3, 'Dee Third'],
    ]);
    const removed = await c.operator.delete(`/api/schedules/${klass.id}/waitlist/${b.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.entries.map((e: { position: number; status: string }) => [e.position, e.status])).toEqual([
      [1, 'WAITING'],
      [2, 'WAITING'],
      [0, 'LEFT'],
    ]);
    // The table view counts the students waiting.
    expect((await c.operator.get(`/api/schedules/${klass.id}`)).body.waitlistCount).toBe(2);
    // Joining again puts the student at the end of the line.
    expect((await c.operator.post(`/api/schedules/${klass.id}/waitlist`, { studentId: b.id })).status).toBe(201);
    const again = await c.operator.get(`/api/schedules/${klass.id}/waitlist`);
    expect(again.body.entries[2]).toMatchObject({ position: 3, status: 'WAITING', student: { id: b.id } });
  });

  it('refuses a class with a free seat, a class without a limit, one not PLANNED, a student already on it or in it', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const s = await createStudent(ctx.prisma, c.centre.id);
    const join = (id: number, studentId = s.id) => c.operator.post(`/api/schedules/${id}/waitlist`, { studentId });
    expect((await join(klass.id)).status).toBe(201);
    const twice = await join(klass.id);
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toBe('This student is on the waitlist already');
    const seated = await join(klass.id, klass.seated[0].id);
    expect(seated.body.errorMessage).toBe('This student is in the class already');

    const roomy = await createFullClass(ctx, c, { capacity: 1 });
    await ctx.prisma.schedule.update({ where: { id: roomy.id }, data: { capacity: 2 } });
    const free = await join(roomy.id);
    expect(free.status).toBe(409);
    expect(free.body.errorMessage).toBe('This class has a free seat: book it instead of waiting');
    await ctx.prisma.schedule.update({ where: { id: roomy.id }, data: { capacity: null } });
    expect((await join(roomy.id)).body.errorMessage).toBe('This class has no seat limit: add the student to it');

    const cancelled = await createFullClass(ctx, c, { capacity: 1 });
    await ctx.prisma.schedule.update({ where: { id: cancelled.id }, data: { status: 'CANCELLED' } });
    const notPlanned = await join(cancelled.id);
    expect(notPlanned.status).toBe(409);
    expect(notPlanned.body.errorMessage).toBe('Only a planned class has a waitlist');
    expect(await ctx.prisma.waitlistEntry.count({ where: { studentId: s.id } })).toBe(1);
  });

  it("answers 404 for another centre's class or student, and taking off someone not waiting", async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const theirs = await createFullClass(ctx, other, { capacity: 1 });
    const s = await createStudent(ctx.prisma, c.centre.id);
    const stranger = await createStudent(ctx.prisma, other.centre.id);
    expect((await c.operator.post(`/api/schedules/${theirs.id}/waitlist`, { studentId: s.id })).status).toBe(404);
    expect((await c.operator.get(`/api/schedules/${theirs.id}/waitlist`)).status).toBe(404);
    expect((await c.operator.post(`/api/schedules/${klass.id}/waitlist`, { studentId: stranger.id })).status).toBe(404);
    expect((await c.operator.delete(`/api/schedules/${klass.id}/waitlist/${s.id}`)).status).toBe(404);
  });

  it('lets teachers and families not reach the desk waitlist', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const family = await createFamily(ctx, c);
    expect((await c.ann.caller.get(`/api/schedules/${klass.id}/waitlist`)).status).toBe(403);
    expect((await family.guardian.caller.get(`/api/schedules/${klass.id}/waitlist`)).status).toBe(403);
  });
});

describe('portal waitlist', () => {
  it("puts the guardian's own child on a full class's waitlist and takes them off", async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const early = await createStudent(ctx.prisma, c.centre.id);
    await c.operator.post(`/api/schedules/${klass.id}/waitlist`, { studentId: early.id });
    const family = await createFamily(ctx, c);
    const path = `/api/portal/lessons/${klass.id}/waitlist/${family.child.id}`;
    const joined = await family.guardian.caller.post(path, {});
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({ scheduleId: klass.id, studentId: family.child.id, status: 'WAITING', position: 2 });
    expect((await family.guardian.caller.post(path, {})).status).toBe(409);
    const left = await family.guardian.caller.delete(path);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: 'LEFT', position: 0 });
  });

  it("refuses another household's child (404) and another centre's class (404), writing nothing", async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const mine = await createFamily(ctx, c);
    const theirs = await createFamily(ctx, c);
    const res = await mine.guardian.caller.post(`/api/portal/lessons/${klass.id}/waitlist/${theirs.child.id}`, {});
    expect(res.status).toBe(404);
    const elsewhere = await createFullClass(ctx, other, { capacity: 1 });
    expect(
      (await mine.guardian.caller.post(`/api/portal/lessons/${elsewhere.id}/waitlist/${mine.child.id}`, {})).status,
    ).toBe(404);
    expect(
      await ctx.prisma.waitlistEntry.count({ where: { studentId: { in: [mine.child.id, theirs.child.id] } } }),
    ).toBe(0);
  });

  it('says the refusal in Chinese to a zh-CN reader', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    await ctx.prisma.schedule.update({ where: { id: klass.id }, data: { capacity: 3 } });
    const family = await createFamily(ctx, c);
    const res = await family.guardian.caller
      .post(`/api/portal/lessons/${klass.id}/waitlist/${family.child.id}`, {})
      .set('Accept-Language', 'zh-CN');
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('此课程还有空位：请直接报名，无需候补');
  });
});

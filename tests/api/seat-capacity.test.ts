import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../support/course-factories';
import { classBody, createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Class capacity (issue 22): seats on a GROUP class, shown with the seats taken, and enrolment beyond
// them refused 409 naming the class unless the desk overrides it.
let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

let day = 0;
const group = (over: Parameters<typeof classBody>[1] = {}) => {
  day += 1;
  const date = `2026-04-${String(day).padStart(2, '0')}`;
  return classBody(c, {
    courseType: 'GROUP',
    startAt: `${date}T21:00:00Z`,
    endAt: `${date}T22:00:00Z`,
    students: c.students.slice(0, 2).map((s) => ({ studentId: s.id })),
    ...over,
  });
};

describe('capacity on create', () => {
  it('keeps the seats and shows seats taken, waitlist and make-up counts', async () => {
    const res = await c.operator.post('/api/schedules', group({ capacity: 3 }));
    expect(res.status).toBe(201);
    expect(res.body.schedule).toMatchObject({ capacity: 3, seatsTaken: 2, waitlistCount: 0, makeUpCount: 0 });
    const got = await c.operator.get(`/api/schedules/${res.body.schedule.id}`);
    expect(got.body).toMatchObject({ capacity: 3, seatsTaken: 2 });
  });

  it('refuses more students than seats with a 409 naming the class, and writes nothing', async () => {
    const before = await ctx.prisma.schedule.count({ where: { organisationId: c.centre.id } });
    const body = group({ capacity: 1 });
    const res = await c.operator.post('/api/schedules', body);
    expect(res.status).toBe(409);
    // 21:00Z in April is 17:00 in Toronto.
    expect(res.body.errorMessage).toBe(
      `Mathematics on ${body.startAt.slice(0, 10)} at 17:00 has 1 seats: 2 students would take them`,
    );
    expect(await ctx.prisma.schedule.count({ where: { organisationId: c.centre.id } })).toBe(before);
  });

  it('says it in Chinese to a zh-CN reader', async () => {
    const res = await c.operator.post('/api/schedules', group({ capacity: 1 })).set('Accept-Language', 'zh-CN');
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toContain('只有 1 个名额');
  });

  it('enrols beyond the seats when the request overrides the capacity', async () => {
    const res = await c.operator.post('/api/schedules', group({ capacity: 1, overrideCapacity: true }));
    expect(res.status).toBe(201);
    expect(res.body.schedule).toMatchObject({ capacity: 1, seatsTaken: 2 });
  });

  it('checks every class of a series', async () => {
    const res = await c.operator.post(
      '/api/schedules',
      group({ capacity: 1, repeat: { slots: [{ weekday: 1, startTime: '09:00', endTime: '10:00' }], count: 3 } }),
    );
    expect(res.status).toBe(409);
  });

  it('has no limit without a capacity, and a one-on-one class keeps none', async () => {
    const open = await c.operator.post('/api/schedules', group({ capacity: null }));
    expect(open.body.schedule).toMatchObject({ capacity: null, seatsTaken: 2 });
    const one = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-05-20T21:00:00Z', endAt: '2026-05-20T22:00:00Z', capacity: 4 }),
    );
    expect(one.status).toBe(201);
    expect(one.body.schedule.capacity).toBeNull();
  });

  it('refuses a capacity that is not a whole number of at least 1, naming the field', async () => {
    for (const capacity of [0, 1.5, 'many', 101]) {
      const res = await c.operator.post('/api/schedules', group({ capacity: capacity as number }));
      expect(res.status, String(capacity)).toBe(400);
      expect(res.body.fieldErrors.map((f: { field: string }) => f.field)).toContain('capacity');
    }
  });
});

describe('capacity on update', () => {
  it('refuses adding a student to a full class, and lets it through with the override', async () => {
    const made = await c.operator.post('/api/schedules', group({ capacity: 2 }));
    const id = made.body.schedule.id;
    const three = c.students.map((s) => ({ studentId: s.id }));
    const body = { ...group({ capacity: 2 }), startAt: made.body.schedule.startAt, endAt: made.body.schedule.endAt };
    const refused = await c.operator.put(`/api/schedules/${id}`, { ...body, students: three });
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toContain('has 2 seats: 3 students would take them');
    expect(await ctx.prisma.scheduleStudent.count({ where: { scheduleId: id } })).toBe(2);
    const overridden = await c.operator.put(`/api/schedules/${id}`, {
      ...body,
      students: three,
      overrideCapacity: true,
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body.schedule).toMatchObject({ capacity: 2, seatsTaken: 3 });
    // An overfilled class stays editable when nobody is added.
    const edited = await c.operator.put(`/api/schedules/${id}`, {
      ...body,
      students: three,
      comments: 'Bring a ruler',
    });
    expect(edited.status).toBe(200);
    // Lowering the seats below the students enrolled is refused.
    const lowered = await c.operator.put(`/api/schedules/${id}`, { ...body, students: three, capacity: 1 });
    expect(lowered.status).toBe(409);
  });

  it('counts a cancelled lesson as a free seat', async () => {
    const made = await c.operator.post('/api/schedules', group({ capacity: 2 }));
    const id = made.body.schedule.id;
    await ctx.prisma.scheduleStudent.updateMany({
      where: { scheduleId: id, studentId: c.students[0].id },
      data: { cancelledAt: new Date(), cancelledBy: 'FAMILY' },
    });
    const body = { ...group({ capacity: 2 }), startAt: made.body.schedule.startAt, endAt: made.body.schedule.endAt };
    const res = await c.operator.put(`/api/schedules/${id}`, {
      ...body,
      students: c.students.map((s) => ({ studentId: s.id })),
    });
    expect(res.status).toBe(200);
    expect(res.body.schedule).toMatchObject({ capacity: 2, seatsTaken: 2 });
  });

  it('lists the capacity in the table view rows', async () => {
    const extra = await createStudent(ctx.prisma, c.centre.id, { firstName: 'Flo', lastName: 'Fox' });
    const made = await c.operator.post('/api/schedules', group({ capacity: 5, students: [{ studentId: extra.id }] }));
    const list = await c.operator.get(`/api/schedules?id=${made.body.schedule.id}`);
    expect(list.body.data[0]).toMatchObject({ capacity: 5, seatsTaken: 1, waitlistCount: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchedule } from '../../src/contracts/schedules';
import { fieldsOf } from '../support/course-factories';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
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

/** A class of Ann's (and Cleo's, unless overridden) starting `hours` from now, one hour long. */
async function classAt(hours: number, over: Parameters<typeof classBody>[1] = {}, centre = c) {
  const startAt = hoursFromNow(hours);
  const endAt = new Date(Date.parse(startAt) + 3_600_000).toISOString();
  const res = await centre.operator.post('/api/schedules', classBody(centre, { startAt, endAt, ...over }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule as TSchedule;
}

const group = () => ({
  courseType: 'GROUP' as const,
  students: c.students.map((s) => ({ studentId: s.id, hourlyRate: '30' })),
});

describe('confirming a class', () => {
  it('lets a teacher confirm their own class as planned: COMPLETED, everyone attended, no money shown', async () => {
    const planned = await classAt(-48, { ...group(), price: '120' });
    const res = await c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'COMPLETED',
      confirmedBy: 'Ann Archer',
      confirmedOnBehalf: false,
      price: null,
      hourlyRate: null,
      startAt: planned.startAt,
    });
    expect(Date.now() - Date.parse(res.body.confirmedAt)).toBeLessThan(60_000);
    expect(
      res.body.students.map((s: { attendance: string; hourlyRate: null }) => [s.attendance, s.hourlyRate]),
    ).toEqual([
      ['ATTENDED', null],
      ['ATTENDED', null],
      ['ATTENDED', null],
    ]);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: planned.id } });
    expect(row.price?.toFixed(2)).toBe('120.00');
    expect(row.confirmedById).toBe(c.ann.userId);
  });

  it('confirms with changes: actual times, teacher times, attendance per student and a comment', async () => {
    const planned = await classAt(-72, group());
    const startAt = new Date(Date.parse(planned.startAt) + 15 * 60_000).toISOString();
    const endAt = new Date(Date.parse(planned.endAt) + 15 * 60_000).toISOString();
    const res = await c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, {
      startAt,
      endAt,
      students: [
        { studentId: c.students[1].id, attendance: 'ABSENT' },
        { studentId: c.students[2].id, attendance: 'EXCUSED' },
      ],
      comments: 'Started late',
    });
    expect(res.status).toBe(200);
    // Teacher times were the class times, so they follow the actual times.
    expect(res.body).toMatchObject({
      startAt,
      endAt,
      teacherStartAt: startAt,
      teacherEndAt: endAt,
      comments: 'Started late',
    });
    expect(res.body.students.map((s: { name: string; attendance: string }) => [s.name, s.attendance])).toEqual([
      ['Cleo Chen', 'ATTENDED'],
      ['Dan Diaz', 'ABSENT'],
      ['Eve Evans', 'EXCUSED'],
    ]);
  });

  it("answers 404 for another teacher's class or another centre's, and refuses a teacher without a teacher record", async () => {
    const bobs = await classAt(-30, { teacherId: c.bob.id, students: [{ studentId: c.students[1].id }] });
    expect((await c.ann.caller.post(`/api/my-schedules/${bobs.id}/confirm`, {})).status).toBe(404);
    expect((await c.teacherLogin.post(`/api/my-schedules/${bobs.id}/confirm`, {})).status).toBe(404);
    expect((await other.ann.caller.post(`/api/my-schedules/${bobs.id}/confirm`, {})).status).toBe(404);
    expect((await other.operator.post(`/api/schedules/${bobs.id}/confirm`, {})).status).toBe(404);
    expect((await c.operator.post('/api/my-schedules/1/confirm', {})).status).toBe(403);
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: bobs.id } })).status).toBe('PLANNED');
  });

  it('refuses a class that has not started, a confirmed one and a cancelled one (409)', async () => {
    const future = await classAt(5);
    const early = await c.ann.caller.post(`/api/my-schedules/${future.id}/confirm`, {});
    expect(early.status).toBe(409);
    expect(early.body.errorMessage).toBe('This class has not started yet: confirm it once it has started');
    const past = await classAt(-100);
    expect((await c.operator.post(`/api/schedules/${past.id}/confirm`, {})).status).toBe(200);
    const twice = await c.operator.post(`/api/schedules/${past.id}/confirm`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toBe('This class was confirmed already');
    const gone = await classAt(-110);
    await c.operator.post(`/api/schedules/${gone.id}/cancel`, {});
    expect((await c.operator.post(`/api/schedules/${gone.id}/confirm`, {})).status).toBe(409);
  });

  it('refuses bad confirmation input naming the field, changing nothing', async () => {
    const past = await classAt(-120);
    const cases: [object, string[]][] = [
      [{ students: [{ studentId: c.students[2].id, attendance: 'ATTENDED' }] }, ['students.0.studentId']],
      [{ students: [{ studentId: c.students[0].id, attendance: 'LATE' }] }, ['students.0.attendance']],
      [{ startAt: past.startAt }, ['endAt']],
      [{ startAt: past.endAt, endAt: past.startAt }, ['endAt']],
      [{ startAt: hoursFromNow(2), endAt: hoursFromNow(3) }, ['startAt']],
    ];
    for (const [body, fields] of cases) {
      const res = await c.operator.post(`/api/schedules/${past.id}/confirm`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body)).toEqual(fields);
    }
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: past.id } })).status).toBe('PLANNED');
  });

  it("lets an operator confirm on the teacher's behalf, recorded as such, and see the money", async () => {
    const past = await classAt(-130, { price: '80' });
    const res = await c.operator.post(`/api/schedules/${past.id}/confirm`, {
      teacherStartAt: past.startAt,
      teacherEndAt: new Date(Date.parse(past.endAt) + 30 * 60_000).toISOString(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'COMPLETED',
      confirmedOnBehalf: true,
      confirmedBy: 'Test ROLE_OPERATOR',
      price: '80.00',
      teacherDuration: { hours: 1, minutes: 30 },
    });
  });
});

describe('reopen and attendance', () => {
  it('reopens a completed class: PLANNED, confirmation and attendance cleared, previous values kept', async () => {
    const past = await classAt(-140, group());
    await c.operator.post(`/api/schedules/${past.id}/confirm`, {
      students: [{ studentId: c.students[0].id, attendance: 'ABSENT' }],
    });
    const res = await c.admin.post(`/api/schedules/${past.id}/reopen`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'PLANNED',
      confirmedAt: null,
      confirmedBy: null,
      confirmedOnBehalf: false,
    });
    expect(res.body.students.every((s: { attendance: null }) => s.attendance === null)).toBe(true);
    const [revision] = await ctx.prisma.scheduleRevision.findMany({ where: { scheduleId: past.id } });
    expect(revision).toMatchObject({ action: 'reopen', changedById: c.users.admin.id });
    expect(revision.previous).toMatchObject({ status: 'COMPLETED', confirmedOnBehalf: true });
    expect(
      (revision.previous as { students: { attendance: string }[] }).students.map((s) => s.attendance).sort(),
    ).toEqual(['ABSENT', 'ATTENDED', 'ATTENDED']);
    const again = await c.admin.post(`/api/schedules/${past.id}/reopen`, {});
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe('Only a completed class can be reopened');
  });

  it("sets one student's attendance; on a completed class with a revision, never unset", async () => {
    const past = await classAt(-150, group());
    const dan = c.students[1].id;
    const marked = await c.operator.put(`/api/schedules/${past.id}/students/${dan}/attendance`, {
      attendance: 'EXCUSED',
    });
    expect(marked.status).toBe(200);
    expect(await ctx.prisma.scheduleRevision.count({ where: { scheduleId: past.id } })).toBe(0);
    // Marked beforehand, the attendance survives a confirmation that leaves the student out.
    const confirmed = await c.operator.post(`/api/schedules/${past.id}/confirm`, {});
    expect(confirmed.body.students.map((s: { attendance: string }) => s.attendance)).toEqual([
      'ATTENDED',
      'EXCUSED',
      'ATTENDED',
    ]);
    const absent = await c.operator.put(`/api/schedules/${past.id}/students/${dan}/attendance`, {
      attendance: 'ABSENT',
    });
    expect(absent.body.students[1].attendance).toBe('ABSENT');
    const [revision] = await ctx.prisma.scheduleRevision.findMany({ where: { scheduleId: past.id } });
    expect(revision.action).toBe('attendance');
    const unset = await c.operator.put(`/api/schedules/${past.id}/students/${dan}/attendance`, { attendance: null });
    expect(unset.status).toBe(400);
    expect(fieldsOf(unset.body)).toEqual(['attendance']);
    const bad = await c.operator.put(`/api/schedules/${past.id}/students/${dan}/attendance`, { attendance: 'LATE' });
    expect(fieldsOf(bad.body)).toEqual(['attendance']);
    const stranger = await c.operator.put(`/api/schedules/${past.id}/students/${other.students[0].id}/attendance`, {
      attendance: 'ABSENT',
    });
    expect(stranger.status).toBe(404);
    expect(
      (await other.operator.put(`/api/schedules/${past.id}/students/${dan}/attendance`, { attendance: 'ABSENT' }))
        .status,
    ).toBe(404);
  });
});

describe('GET /api/my-schedules', () => {
  it("gives a teacher their classes awaiting confirmation, today's and the next 14 days', without money", async () => {
    const t = await createScheduleCentre(ctx);
    const at = async (hours: number, over: Parameters<typeof classBody>[1] = {}) => {
      const startAt = hoursFromNow(hours);
      const res = await t.operator.post(
        '/api/schedules',
        classBody(t, {
          startAt,
          endAt: new Date(Date.parse(startAt) + 30 * 60_000).toISOString(),
          hourlyRate: '50',
          ...over,
        }),
      );
      return res.body.schedule.id as number;
    };
    const old = await at(-24 * 3);
    const recent = await at(-2);
    const done = await at(-5);
    await t.operator.post(`/api/schedules/${done}/confirm`, {});
    const soon = await at(24 * 5);
    const far = await at(24 * 20);
    const bobs = await at(24 * 2, { teacherId: t.bob.id });
    const cancelled = await at(24 * 3);
    await t.operator.post(`/api/schedules/${cancelled}/cancel`, {});
    const res = await t.ann.caller.get('/api/my-schedules');
    expect(res.status).toBe(200);
    expect(res.body.awaiting.map((s: { id: number }) => s.id)).toEqual([old, recent]);
    expect(res.body.upcoming.map((s: { id: number }) => s.id)).toEqual([soon]);
    const all = [...res.body.awaiting, ...res.body.today, ...res.body.upcoming].map((s: { id: number }) => s.id);
    expect(all).not.toContain(far);
    expect(all).not.toContain(bobs);
    expect(all).not.toContain(cancelled);
    expect(res.body.awaiting[0]).toMatchObject({ hourlyRate: null, teacherHourlyRate: null, price: null });
    expect(res.body.awaiting[0].students[0]).toMatchObject({ name: 'Cleo Chen', hourlyRate: null, referrerName: null });
    expect((await t.bob.caller.get('/api/my-schedules')).body.upcoming.map((s: { id: number }) => s.id)).toEqual([
      bobs,
    ]);
    expect(await (await t.teacherLogin.get('/api/my-schedules')).body).toEqual({
      awaiting: [],
      today: [],
      upcoming: [],
    });
  });
});

describe('the rules schedules complete', () => {
  it('refuses to delete a teacher with PLANNED classes, saying how many and the next date', async () => {
    const t = await createScheduleCentre(ctx);
    await t.operator.post(
      '/api/schedules',
      classBody(t, { startAt: '2031-03-03T21:00:00Z', endAt: '2031-03-03T22:00:00Z' }),
    );
    await t.operator.post(
      '/api/schedules',
      classBody(t, { startAt: '2031-03-10T20:00:00Z', endAt: '2031-03-10T21:00:00Z' }),
    );
    const done = await t.operator.post(
      '/api/schedules',
      classBody(t, { startAt: '2026-01-05T20:00:00Z', endAt: '2026-01-05T21:00:00Z' }),
    );
    await t.operator.post(`/api/schedules/${done.body.schedule.id}/confirm`, {});
    const res = await t.operator.delete(`/api/teachers/${t.ann.id}`);
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(
      'This teacher has 2 planned classes (the next on Mon 3 Mar 2031 16:00): cancel them or give them to another teacher first',
    );
    expect((await ctx.prisma.teacher.findUniqueOrThrow({ where: { id: t.ann.id } })).deletedAt).toBeNull();
    // Bob has only a completed class: he can go.
    const bobs = await t.operator.post(
      '/api/schedules',
      classBody(t, { teacherId: t.bob.id, startAt: '2026-01-06T20:00:00Z', endAt: '2026-01-06T21:00:00Z' }),
    );
    await t.operator.post(`/api/schedules/${bobs.body.schedule.id}/confirm`, {});
    expect((await t.operator.delete(`/api/teachers/${t.bob.id}`)).status).toBe(204);
  });

  it('takes deactivated students out of PLANNED classes, cancels one-on-ones left empty and says which', async () => {
    const t = await createScheduleCentre(ctx);
    const [cleo, dan, eve] = t.students;
    const one = await t.operator.post(
      '/api/schedules',
      classBody(t, { startAt: '2031-04-01T14:00:00Z', endAt: '2031-04-01T15:00:00Z' }),
    );
    const grp = await t.operator.post(
      '/api/schedules',
      classBody(t, {
        courseType: 'GROUP',
        students: [{ studentId: cleo.id }, { studentId: dan.id }],
        startAt: '2031-04-02T14:00:00Z',
        endAt: '2031-04-02T15:00:00Z',
      }),
    );
    const taught = await t.operator.post(
      '/api/schedules',
      classBody(t, { startAt: '2026-01-07T14:00:00Z', endAt: '2026-01-07T15:00:00Z' }),
    );
    await t.operator.post(`/api/schedules/${taught.body.schedule.id}/confirm`, {});
    const res = await t.operator.post('/api/students/deactivate', { ids: [cleo.id, eve.id] });
    expect(res.status).toBe(200);
    expect(res.body.deactivated).toEqual([cleo.id, eve.id]);
    expect(res.body.released).toEqual([
      {
        id: cleo.id,
        schedules: [
          { id: one.body.schedule.id, startAt: '2031-04-01T14:00:00.000Z', course: 'Mathematics', cancelled: true },
          { id: grp.body.schedule.id, startAt: '2031-04-02T14:00:00.000Z', course: 'Mathematics', cancelled: false },
        ],
      },
    ]);
    const oneNow = (await t.operator.get(`/api/schedules/${one.body.schedule.id}`)).body;
    expect(oneNow).toMatchObject({ status: 'CANCELLED', students: [] });
    const grpNow = (await t.operator.get(`/api/schedules/${grp.body.schedule.id}`)).body;
    expect(grpNow).toMatchObject({ status: 'PLANNED', students: [{ id: dan.id }] });
    const taughtNow = (await t.operator.get(`/api/schedules/${taught.body.schedule.id}`)).body;
    expect(taughtNow.students.map((s: { id: number }) => s.id)).toEqual([cleo.id]);
  });
});

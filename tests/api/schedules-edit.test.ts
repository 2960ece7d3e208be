import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_CONFLICT_MESSAGE } from '../../src/contracts/messages';
import type { TSchedule, TScheduleUpdateBody } from '../../src/contracts/schedules';
import { fieldsOf } from '../support/course-factories';
import { classBody, createScheduleCentre, type ScheduleCentre, seriesRows } from '../support/schedule-factories';
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

/** The full update body of a class as the edit form sends it back, with some fields changed. */
function editBody(s: TSchedule, over: Partial<TScheduleUpdateBody> = {}): TScheduleUpdateBody {
  return {
    courseType: s.courseType,
    courseId: s.course.id,
    teacherId: s.teacher.id,
    address: s.address,
    startAt: s.startAt,
    endAt: s.endAt,
    teacherStartAt: s.teacherStartAt,
    teacherEndAt: s.teacherEndAt,
    termId: s.term?.id ?? null,
    hourlyRate: s.hourlyRate,
    teacherHourlyRate: s.teacherHourlyRate,
    price: s.price,
    paymentType: s.paymentType,
    comments: s.comments,
    students: s.students.map((st) => ({ studentId: st.id, hourlyRate: st.hourlyRate })),
    ...over,
  };
}

/** A weekly Monday 16:00-17:00 (Toronto) series of `count` classes from `first` (a Monday 16:00 instant). */
async function mondaySeries(centre: ScheduleCentre, first: string, count: number, over = {}) {
  const start = new Date(first);
  const res = await centre.operator.post(
    '/api/schedules',
    classBody(centre, {
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
      repeat: { slots: [{ weekday: 1, startTime: '16:00', endTime: '17:00' }], count },
      ...over,
    }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const rows = await seriesRows(ctx.prisma, res.body.schedule.seriesId);
  const get = async (i: number) => (await centre.operator.get(`/api/schedules/${rows[i].id}`)).body as TSchedule;
  return { seriesId: res.body.schedule.seriesId as number, rows, get };
}

const isoTimes = (rows: { startAt: Date }[]) => rows.map((r) => r.startAt.toISOString());

describe('PUT /api/schedules/:id', () => {
  it("scope 'this' changes the one class only", async () => {
    const s = await mondaySeries(c, '2026-02-02T21:00:00Z', 4);
    const second = await s.get(1);
    const res = await c.operator.put(
      `/api/schedules/${second.id}`,
      editBody(second, {
        comments: 'Moved',
        startAt: '2026-02-09T22:00:00Z',
        endAt: '2026-02-09T23:00:00Z',
        // Left out: the teacher is paid for the class time.
        teacherStartAt: undefined,
        teacherEndAt: undefined,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.schedule).toMatchObject({
      comments: 'Moved',
      startAt: '2026-02-09T22:00:00.000Z',
      teacherStartAt: '2026-02-09T22:00:00.000Z',
      teacherEndAt: '2026-02-09T23:00:00.000Z',
    });
    const rows = await seriesRows(ctx.prisma, s.seriesId);
    expect(isoTimes(rows)).toEqual([
      '2026-02-02T21:00:00.000Z',
      '2026-02-09T22:00:00.000Z',
      '2026-02-16T21:00:00.000Z',
      '2026-02-23T21:00:00.000Z',
    ]);
    expect(rows.map((r) => r.comments)).toEqual([null, 'Moved', null, null]);
  });

  it("scope 'following' moves this and the later PLANNED classes to Tuesday 18:00 local, across daylight saving", async () => {
    const s = await mondaySeries(c, '2026-02-23T21:00:00Z', 4, {
      teacherId: c.bob.id,
      students: [{ studentId: c.students[1].id }],
    });
    const second = await s.get(1); // Monday 2 March 16:00 EST
    // Tuesday 3 March 18:00 EST; the teacher comes 10 minutes early.
    const res = await c.operator.put(
      `/api/schedules/${second.id}`,
      editBody(second, {
        scope: 'following',
        startAt: '2026-03-03T23:00:00Z',
        endAt: '2026-03-04T00:30:00Z',
        teacherStartAt: '2026-03-03T22:50:00Z',
        teacherEndAt: '2026-03-04T00:30:00Z',
        address: 'Room 2',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    const rows = await seriesRows(ctx.prisma, s.seriesId);
    // 10 March is after the change to EDT: 18:00 local is 22:00Z.
    expect(rows.map((r) => [r.startAt.toISOString(), r.endAt.toISOString(), r.teacherStartAt.toISOString()])).toEqual([
      ['2026-02-23T21:00:00.000Z', '2026-02-23T22:00:00.000Z', '2026-02-23T21:00:00.000Z'],
      ['2026-03-03T23:00:00.000Z', '2026-03-04T00:30:00.000Z', '2026-03-03T22:50:00.000Z'],
      ['2026-03-10T22:00:00.000Z', '2026-03-10T23:30:00.000Z', '2026-03-10T21:50:00.000Z'],
      ['2026-03-17T22:00:00.000Z', '2026-03-17T23:30:00.000Z', '2026-03-17T21:50:00.000Z'],
    ]);
    expect(rows.map((r) => r.address)).toEqual([null, 'Room 2', 'Room 2', 'Room 2']);
  });

  it("scope 'all' changes every PLANNED class of the series, never a completed or cancelled one", async () => {
    const s = await mondaySeries(c, '2026-04-06T20:00:00Z', 4, { teacherId: c.bob.id });
    expect((await c.operator.post(`/api/schedules/${s.rows[1].id}/confirm`, {})).status).toBe(200);
    expect((await c.operator.post(`/api/schedules/${s.rows[2].id}/cancel`, {})).status).toBe(200);
    const last = await s.get(3);
    const res = await c.operator.put(
      `/api/schedules/${last.id}`,
      editBody(last, {
        scope: 'all',
        comments: 'Bring a calculator',
        students: [{ studentId: c.students[1].id }],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    const rows = await seriesRows(ctx.prisma, s.seriesId);
    expect(rows.map((r) => r.comments)).toEqual(['Bring a calculator', null, null, 'Bring a calculator']);
    expect(rows.map((r) => r.students.map((st) => st.studentId))).toEqual([
      [c.students[1].id],
      [c.students[0].id],
      [c.students[0].id],
      [c.students[1].id],
    ]);
    expect(isoTimes(rows)).toEqual(isoTimes(s.rows));
    expect(await ctx.prisma.scheduleRevision.count({ where: { scheduleId: s.rows[1].id } })).toBe(0);
  });

  it("rates: rateScope 'all' reaches past and completed classes (with a revision), 'future' this and later ones", async () => {
    await ctx.prisma.student.update({ where: { id: c.students[2].id }, data: { hourlyRate: '40.00' } });
    const s = await mondaySeries(c, '2026-05-04T20:00:00Z', 4, {
      teacherId: c.bob.id,
      students: [{ studentId: c.students[2].id }],
      hourlyRate: '40',
      teacherHourlyRate: '25',
    });
    expect(s.rows.every((r) => r.students[0].hourlyRate?.toFixed(2) === '40.00')).toBe(true);
    await c.operator.post(`/api/schedules/${s.rows[0].id}/confirm`, { students: [] });
    const third = await s.get(2);
    const future = await c.operator.put(
      `/api/schedules/${third.id}`,
      editBody(third, {
        rateScope: 'future',
        teacherHourlyRate: '27',
        students: [{ studentId: c.students[2].id, hourlyRate: '42' }],
      }),
    );
    expect(future.status).toBe(200);
    expect(future.body.count).toBe(2);
    let rows = await seriesRows(ctx.prisma, s.seriesId);
    expect(rows.map((r) => r.teacherHourlyRate?.toFixed(2))).toEqual(['25.00', '25.00', '27.00', '27.00']);
    expect(rows.map((r) => r.students[0].hourlyRate?.toFixed(2))).toEqual(['40.00', '40.00', '42.00', '42.00']);

    const second = await s.get(1);
    const all = await c.operator.put(
      `/api/schedules/${second.id}`,
      editBody(second, { rateScope: 'all', students: [{ studentId: c.students[2].id, hourlyRate: '45' }] }),
    );
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(4);
    rows = await seriesRows(ctx.prisma, s.seriesId);
    expect(rows.map((r) => r.students[0].hourlyRate?.toFixed(2))).toEqual(['45.00', '45.00', '45.00', '45.00']);
    expect(rows[0].status).toBe('COMPLETED');
    const revisions = await ctx.prisma.scheduleRevision.findMany({ where: { scheduleId: rows[0].id } });
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ action: 'update' });
    expect(revisions[0].previous).toMatchObject({
      status: 'COMPLETED',
      hourlyRate: '40.00',
      teacherHourlyRate: '25.00',
      students: [{ studentId: c.students[2].id, attendance: 'ATTENDED', hourlyRate: '40.00' }],
    });
  });

  it('keeps a revision of the previous values of a completed class it changes', async () => {
    const res = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-06-02T14:00:00Z', endAt: '2026-06-02T15:00:00Z', comments: 'Before' }),
    );
    const id = res.body.schedule.id;
    await c.operator.post(`/api/schedules/${id}/confirm`, {
      students: [{ studentId: c.students[0].id, attendance: 'ABSENT' }],
    });
    const current = (await c.operator.get(`/api/schedules/${id}`)).body as TSchedule;
    const put = await c.operator.put(`/api/schedules/${id}`, editBody(current, { comments: 'After', price: '99' }));
    expect(put.status).toBe(200);
    expect(put.body.schedule).toMatchObject({ status: 'COMPLETED', comments: 'After', price: '99.00' });
    const [revision] = await ctx.prisma.scheduleRevision.findMany({ where: { scheduleId: id } });
    expect(revision).toMatchObject({ action: 'update', changedById: c.users.operator.id });
    expect(revision.previous).toMatchObject({
      comments: 'Before',
      price: null,
      startAt: '2026-06-02T14:00:00.000Z',
      students: [{ studentId: c.students[0].id, attendance: 'ABSENT' }],
    });
  });

  it('checks conflicts on an edit, never against the class itself', async () => {
    const bobs = await c.operator.post(
      '/api/schedules',
      classBody(c, {
        teacherId: c.bob.id,
        students: [{ studentId: c.students[1].id }],
        startAt: '2026-07-06T14:00:00Z',
        endAt: '2026-07-06T15:00:00Z',
      }),
    );
    const mine = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-07-06T14:00:00Z', endAt: '2026-07-06T15:00:00Z' }),
    );
    const current = mine.body.schedule as TSchedule;
    const later = await c.operator.put(
      `/api/schedules/${current.id}`,
      editBody(current, {
        startAt: '2026-07-06T14:30:00Z',
        endAt: '2026-07-06T15:30:00Z',
        teacherStartAt: undefined,
        teacherEndAt: undefined,
      }),
    );
    expect(later.status).toBe(200);
    const clash = await c.operator.put(
      `/api/schedules/${current.id}`,
      editBody(later.body.schedule, { teacherId: c.bob.id }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.errorMessage).toBe(SCHEDULE_CONFLICT_MESSAGE);
    expect(clash.body.conflicts).toMatchObject([
      { who: 'teacher', personName: 'Bob Baker', scheduleId: bobs.body.schedule.id },
    ]);
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: current.id } })).teacherId).toBe(c.ann.id);
    const forced = await c.operator.put(
      `/api/schedules/${current.id}`,
      editBody(later.body.schedule, { teacherId: c.bob.id, override: { reason: 'Bob covers both' } }),
    );
    expect(forced.status).toBe(200);
    expect(forced.body.schedule).toMatchObject({ conflictOverride: true, conflictReason: 'Bob covers both' });
  });

  it("refuses bad input naming the field, a cancelled class, and another centre's class (404), changing nothing", async () => {
    const res = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-08-03T14:00:00Z', endAt: '2026-08-03T15:00:00Z' }),
    );
    const current = res.body.schedule as TSchedule;
    const bad = await c.operator.put(
      `/api/schedules/${current.id}`,
      editBody(current, { scope: 'some' as 'all', courseId: other.course.id }),
    );
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['scope']);
    const early = await c.operator.put(
      `/api/schedules/${current.id}`,
      editBody(current, { endAt: '2026-08-03T13:00:00Z', teacherEndAt: '2026-08-03T13:00:00Z' }),
    );
    expect(fieldsOf(early.body)).toEqual(['endAt', 'teacherEndAt']);
    const foreign = await c.operator.put(
      `/api/schedules/${current.id}`,
      editBody(current, { courseId: other.course.id }),
    );
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['courseId']);
    expect((await other.operator.put(`/api/schedules/${current.id}`, editBody(current))).status).toBe(404);
    expect((await other.operator.post(`/api/schedules/${current.id}/cancel`, {})).status).toBe(404);
    await c.operator.post(`/api/schedules/${current.id}/cancel`, {});
    const cancelled = await c.operator.put(`/api/schedules/${current.id}`, editBody(current, { comments: 'x' }));
    expect(cancelled.status).toBe(409);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: current.id } });
    expect(row).toMatchObject({ comments: null, courseId: c.course.id, status: 'CANCELLED' });
  });
});

describe('PATCH /api/schedules/:id/time', () => {
  it('moves one class and its teacher times; with scope all every PLANNED class keeps its local 16:00 shifted a day', async () => {
    const m = await createScheduleCentre(ctx);
    const s = await mondaySeries(m, '2026-02-02T21:00:00Z', 6, { teacherStartAt: '2026-02-02T20:45:00Z' });
    const one = await m.operator.patch(`/api/schedules/${s.rows[0].id}/time`, {
      startAt: '2026-02-02T21:30:00Z',
      endAt: '2026-02-02T22:30:00Z',
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ count: 1, schedule: { teacherStartAt: '2026-02-02T21:15:00.000Z' } });
    // Every class of the series to Tuesday 16:00 local, from the fourth (Monday 23 February).
    const all = await m.operator.patch(`/api/schedules/${s.rows[3].id}/time`, {
      startAt: '2026-02-24T21:00:00Z',
      endAt: '2026-02-24T22:00:00Z',
      scope: 'all',
    });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(6);
    const rows = await seriesRows(ctx.prisma, s.seriesId);
    expect(isoTimes(rows)).toEqual([
      '2026-02-03T21:00:00.000Z',
      '2026-02-10T21:00:00.000Z',
      '2026-02-17T21:00:00.000Z',
      '2026-02-24T21:00:00.000Z',
      '2026-03-03T21:00:00.000Z',
      '2026-03-10T20:00:00.000Z',
    ]);
    expect(rows.every((r) => r.startAt.getTime() - r.teacherStartAt.getTime() === 15 * 60_000)).toBe(true);
  });

  it('refuses a move onto a clash (409) unless overridden, and a move ending before it starts (400)', async () => {
    const a = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-09-07T14:00:00Z', endAt: '2026-09-07T15:00:00Z' }),
    );
    const b = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-09-07T16:00:00Z', endAt: '2026-09-07T17:00:00Z' }),
    );
    const move = { startAt: '2026-09-07T14:30:00Z', endAt: '2026-09-07T15:30:00Z' };
    const refused = await c.operator.patch(`/api/schedules/${b.body.schedule.id}/time`, move);
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts.map((x: { who: string }) => x.who)).toEqual(['teacher', 'student']);
    expect(refused.body.conflicts[0].scheduleId).toBe(a.body.schedule.id);
    const forced = await c.operator.patch(`/api/schedules/${b.body.schedule.id}/time`, {
      ...move,
      override: { reason: 'Same family' },
    });
    expect(forced.status).toBe(200);
    expect(forced.body.schedule).toMatchObject({ startAt: '2026-09-07T14:30:00.000Z', conflictOverride: true });
    const bad = await c.operator.patch(`/api/schedules/${b.body.schedule.id}/time`, {
      startAt: '2026-09-07T14:30:00Z',
      endAt: '2026-09-07T14:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('endAt');
  });
});

describe('cancel', () => {
  it('cancels a PLANNED class, or a COMPLETED one (keeping a revision); a cancelled one is a 409', async () => {
    const res = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-10-05T14:00:00Z', endAt: '2026-10-05T15:00:00Z' }),
    );
    const id = res.body.schedule.id;
    const cancelled = await c.admin.post(`/api/schedules/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    const again = await c.admin.post(`/api/schedules/${id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe('This class was cancelled already');
    const taught = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt: '2026-10-06T14:00:00Z', endAt: '2026-10-06T15:00:00Z' }),
    );
    const taughtId = taught.body.schedule.id;
    expect((await c.operator.post(`/api/schedules/${taughtId}/confirm`, {})).status).toBe(200);
    const undone = await c.operator.post(`/api/schedules/${taughtId}/cancel`, {});
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('CANCELLED');
    const revisions = await ctx.prisma.scheduleRevision.findMany({ where: { scheduleId: taughtId } });
    expect(revisions.map((r) => (r.previous as { status: string }).status)).toEqual(['COMPLETED']);
  });

  it('batch cancel says which classes were cancelled and why the others were not', async () => {
    const add = async (day: string) =>
      (
        await c.operator.post(
          '/api/schedules',
          classBody(c, { startAt: `2026-10-${day}T14:00:00Z`, endAt: `2026-10-${day}T15:00:00Z` }),
        )
      ).body.schedule.id as number;
    const [p1, p2, done] = [await add('12'), await add('13'), await add('14')];
    await c.operator.post(`/api/schedules/${done}/confirm`, {});
    const foreign = (
      await other.operator.post(
        '/api/schedules',
        classBody(other, { startAt: '2026-10-12T14:00:00Z', endAt: '2026-10-12T15:00:00Z' }),
      )
    ).body.schedule.id;
    const res = await c.operator.post('/api/schedules/batch-cancel', { ids: [p1, done, foreign, p2, 999999] });
    expect(res.status).toBe(200);
    expect(res.body.cancelled).toEqual([p1, p2]);
    expect(res.body.notCancelled).toEqual([
      { id: done, reason: expect.stringContaining('Only a planned class can be cancelled') },
      { id: foreign, reason: 'Not found in this centre' },
      { id: 999999, reason: 'Not found in this centre' },
    ]);
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: foreign } })).status).toBe('PLANNED');
    expect((await c.operator.post('/api/schedules/batch-cancel', { ids: [] })).status).toBe(400);
  });
});

// Issue 20, finding 5: identical edits of a whole series at once deadlocked on PostgreSQL (40P01 → 500).
describe('concurrent edits of one series', () => {
  it('wait for each other: edits at once all succeed or say 409, and the series ends as edited', async () => {
    const s = await mondaySeries(c, '2027-01-04T21:00:00Z', 30, {
      courseType: 'GROUP',
      students: c.students.map((st) => ({ studentId: st.id })),
    });
    const statuses: number[] = [];
    for (const [round, comments] of ['Bring the workbook', 'Room 2', 'Chapter 3', 'Quiz'].entries()) {
      const before = await s.get(round + 1);
      const body = {
        ...editBody(before, {
          comments,
          hourlyRate: `${55 + round}.00`,
          startAt: new Date(new Date(before.startAt).getTime() + 3_600_000).toISOString(),
          endAt: new Date(new Date(before.endAt).getTime() + 3_600_000).toISOString(),
          teacherStartAt: undefined,
          teacherEndAt: undefined,
          students: c.students
            .slice(0, 1 + (round % 2))
            .map((st) => ({ studentId: st.id, hourlyRate: `${40 + round}.00` })),
        }),
        scope: 'all',
        rateScope: 'all',
      };
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => c.operator.put(`/api/schedules/${s.rows[round + 1].id}`, body)),
      );
      for (const res of replies) {
        statuses.push(res.status);
        if (res.status !== 200) expect(res.status, JSON.stringify(res.body)).toBe(409);
      }
      const rows = await ctx.prisma.schedule.findMany({ where: { seriesId: s.seriesId } });
      expect(new Set(rows.map((r) => `${r.comments} ${r.hourlyRate?.toFixed(2)}`))).toEqual(
        new Set([`${comments} ${55 + round}.00`]),
      );
    }
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(4);
  });
});

// Closures (issue 19 section 4): a centre's closed days with a name. Adding one lists the planned
// classes already on its days (in the centre's zone); new weekly series skip its days; the list, the
// rights, other centres and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { classBody, createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx); // America/Toronto
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const winterBreak = { name: 'Winter break', startDate: '2026-12-24', endDate: '2027-01-02' };
const newClass = async (startAt: string, studentIndex = 0) => {
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      startAt,
      endAt: new Date(Date.parse(startAt) + 3_600_000).toISOString(),
      students: [{ studentId: c.students[studentIndex].id }],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.schedule.id as number;
};

describe('closures', () => {
  let closureId: number;

  it('adding one answers the planned classes on its local days, in time order', async () => {
    // 2026-12-23 23:30 in Toronto is 04:30Z on the 24th: the day before, not in the closure.
    const before = await newClass('2026-12-24T04:30:00Z');
    const first = await newClass('2026-12-24T15:00:00Z');
    // 2027-01-02 22:00 in Toronto is 03:00Z on the 3rd: still the closure's last day.
    const last = await newClass('2027-01-03T03:00:00Z', 1);
    const after = await newClass('2027-01-03T15:00:00Z');
    const cancelled = await newClass('2026-12-28T15:00:00Z', 2);
    expect((await c.operator.post(`/api/schedules/${cancelled}/cancel`, {})).status).toBe(200);

    const res = await c.operator.post('/api/closures', winterBreak);
    expect(res.status).toBe(201);
    closureId = res.body.closure.id;
    expect(res.body.closure).toEqual({ id: closureId, ...winterBreak, classCount: 2 });
    expect(res.body.classes.map((k: { id: number }) => k.id)).toEqual([first, last]);
    expect(res.body.classes[0]).toMatchObject({
      course: 'Mathematics',
      teacher: 'Ann Archer',
      students: ['Cleo Chen'],
    });
    expect([before, after]).not.toContain(res.body.classes[0].id);

    const listed = await c.operator.get(`/api/closures/${closureId}/classes`);
    expect(listed.body.map((k: { id: number }) => k.id)).toEqual([first, last]);
    const list = await c.operator.get('/api/closures', { current: 1, pageSize: 20 });
    expect(list.body).toMatchObject({ total: 1, data: [{ id: closureId, name: 'Winter break', classCount: 2 }] });

    // Cancelling them in one step is the batch cancel: the closure then has none.
    const cancel = await c.operator.post('/api/schedules/batch-cancel', { ids: [first, last] });
    expect(cancel.body.cancelled).toEqual([first, last]);
    expect((await c.operator.get(`/api/closures/${closureId}/classes`)).body).toEqual([]);
  });

  it('a new weekly series skips its days', async () => {
    // Mondays 16:00 in Toronto from 2026-12-21, 4 classes: 12-28 falls in the break.
    const res = await c.operator.post(
      '/api/schedules',
      classBody(c, {
        teacherId: c.bob.id,
        startAt: '2026-12-21T21:00:00Z',
        endAt: '2026-12-21T22:00:00Z',
        students: [{ studentId: c.students[2].id }],
        repeat: { slots: [{ weekday: 1, startTime: '16:00', endTime: '17:00' }], count: 4 },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.count).toBe(4);
    const rows = await ctx.prisma.schedule.findMany({
      where: { seriesId: res.body.schedule.seriesId },
      orderBy: { startAt: 'asc' },
    });
    expect(rows.map((r) => r.startAt.toISOString())).toEqual([
      '2026-12-21T21:00:00.000Z',
      '2027-01-04T21:00:00.000Z',
      '2027-01-11T21:00:00.000Z',
      '2027-01-18T21:00:00.000Z',
    ]);
    const allClosed = await c.operator.post(
      '/api/schedules',
      classBody(c, {
        teacherId: c.bob.id,
        startAt: '2026-12-28T21:00:00Z',
        endAt: '2026-12-28T22:00:00Z',
        repeat: { slots: [{ weekday: 1, startTime: '16:00', endTime: '17:00' }], untilDate: '2027-01-01' },
      }),
    );
    expect(allClosed.status).toBe(400);
    expect(fieldsOf(allClosed.body)).toEqual(['repeat']);
  });

  it('changes, refuses bad input naming the field, and keeps to its centre and right', async () => {
    const changed = await c.operator.put(`/api/closures/${closureId}`, { ...winterBreak, endDate: '2027-01-03' });
    expect(changed.status).toBe(200);
    expect(changed.body.closure.endDate).toBe('2027-01-03');
    for (const [body, field] of [
      [{ ...winterBreak, name: ' ' }, 'name'],
      [{ ...winterBreak, endDate: '2026-12-23' }, 'endDate'],
      [{ ...winterBreak, startDate: '2026-02-30' }, 'startDate'],
      [{ ...winterBreak, endDate: '2028-01-01' }, 'endDate'],
    ] as const) {
      const bad = await c.operator.post('/api/closures', body);
      expect(bad.status, field).toBe(400);
      expect(fieldsOf(bad.body)).toEqual([field]);
    }
    const other = await createCentreWithStaff(ctx);
    const stranger = callerWith(ctx.app, other.tokens.operator);
    expect((await stranger.get(`/api/closures/${closureId}/classes`)).status).toBe(404);
    expect((await stranger.delete(`/api/closures/${closureId}`)).status).toBe(404);
    expect((await stranger.get('/api/closures')).body.total).toBe(0);
    expect((await c.ann.caller.get('/api/closures')).status).toBe(403);
    expect((await c.operator.delete(`/api/closures/${closureId}`)).status).toBe(204);
    expect((await c.operator.get('/api/closures')).body.total).toBe(0);
  });

  it('adding, changing and deleting one is audited, by name, and the audit filter finds it', async () => {
    const added = await c.operator.post('/api/closures', {
      name: 'Spring break',
      startDate: '2027-03-15',
      endDate: '2027-03-19',
    });
    expect(added.status).toBe(201);
    const id = added.body.closure.id as number;
    expect(
      (
        await c.operator.put(`/api/closures/${id}`, {
          name: 'Spring break',
          startDate: '2027-03-15',
          endDate: '2027-03-20',
        })
      ).status,
    ).toBe(200);
    // A refused change writes nothing.
    expect(
      (await c.operator.put(`/api/closures/${id}`, { name: ' ', startDate: '2027-03-15', endDate: '2027-03-20' }))
        .status,
    ).toBe(400);
    const events = await ctx.prisma.auditEvent.findMany({
      where: { entityType: 'CLOSURE', entityId: id },
      orderBy: { id: 'asc' },
    });
    expect(events.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      ['CREATE', c.users.operator.id, null, { name: 'Spring break', startDate: '2027-03-15', endDate: '2027-03-19' }],
      ['UPDATE', c.users.operator.id, { endDate: '2027-03-19' }, { endDate: '2027-03-20' }],
    ]);
    // The admin's audit list names it and its filter offers it by name.
    const listed = await c.admin.get('/api/audit', { entityType: 'CLOSURE', entityId: id });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { action: string; label: string }) => [e.action, e.label])).toEqual([
      ['UPDATE', 'Spring break (2027-03-15 – 2027-03-20)'],
      ['CREATE', 'Spring break (2027-03-15 – 2027-03-20)'],
    ]);
    const offered = await c.admin.get('/api/audit/records', { entityType: 'CLOSURE', q: 'spring' });
    expect(offered.body).toEqual([{ id, label: 'Spring break (2027-03-15 – 2027-03-20)' }]);

    expect((await c.operator.delete(`/api/closures/${id}`)).status).toBe(204);
    const deleted = await ctx.prisma.auditEvent.findFirstOrThrow({
      where: { entityType: 'CLOSURE', entityId: id, action: 'DELETE' },
    });
    expect(deleted.before).toEqual({ name: 'Spring break', startDate: '2027-03-15', endDate: '2027-03-20' });
    expect(deleted.after).toBeNull();
  });
});

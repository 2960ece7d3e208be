import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchedule } from '../../src/contracts/schedules';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 19: a confirmation's audit event says what changed (whose attendance, from what to what; hours;
// status), not the class's whole student list twice.
let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

const named = (s: { firstName: string; lastName: string; studentId: string }) =>
  `${s.firstName} ${s.lastName} (${s.studentId})`;

async function groupClassAt(hours: number) {
  const startAt = hoursFromNow(hours);
  const endAt = new Date(Date.parse(startAt) + 3_600_000).toISOString();
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      courseType: 'GROUP',
      startAt,
      endAt,
      students: c.students.map((s) => ({ studentId: s.id, hourlyRate: '30' })),
    }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule as TSchedule;
}

const lastEvent = (entityId: number, action: 'CONFIRM' | 'UPDATE') =>
  ctx.prisma.auditEvent.findFirstOrThrow({
    where: { entityType: 'SCHEDULE', entityId, action },
    orderBy: { id: 'desc' },
  });

describe("a class's audit events", () => {
  it('a confirmation lists each student once, by name, with their attendance before and after', async () => {
    const planned = await groupClassAt(-3);
    const res = await c.operator.post(`/api/schedules/${planned.id}/confirm`, {
      students: [{ studentId: c.students[2].id, attendance: 'ABSENT' }],
    });
    expect(res.status).toBe(200);
    const event = await lastEvent(planned.id, 'CONFIRM');
    const before = event.before as Record<string, unknown>;
    const after = event.after as Record<string, unknown>;
    expect(before.status).toBe('PLANNED');
    expect(after.status).toBe('COMPLETED');
    // Only attendance changed on each line: the unchanged hourly rate is not repeated.
    expect(before.students).toEqual(c.students.map((s) => ({ student: named(s), attendance: null })));
    expect(after.students).toEqual([
      { student: named(c.students[0]), attendance: 'ATTENDED' },
      { student: named(c.students[1]), attendance: 'ATTENDED' },
      { student: named(c.students[2]), attendance: 'ABSENT' },
    ]);
  });

  it("one student's attendance changed later: only that student is in the event", async () => {
    const planned = await groupClassAt(-6);
    expect((await c.operator.post(`/api/schedules/${planned.id}/confirm`, { students: [] })).status).toBe(200);
    const res = await c.operator.put(`/api/schedules/${planned.id}/students/${c.students[1].id}/attendance`, {
      attendance: 'EXCUSED',
    });
    expect(res.status).toBe(200);
    const event = await lastEvent(planned.id, 'UPDATE');
    expect(event.before).toEqual({ students: [{ student: named(c.students[1]), attendance: 'ATTENDED' }] });
    expect(event.after).toEqual({ students: [{ student: named(c.students[1]), attendance: 'EXCUSED' }] });
  });

  it('a confirmation that changes no attendance (all set beforehand) records no students, only the status', async () => {
    const planned = await groupClassAt(-9);
    for (const s of c.students) {
      const res = await c.operator.put(`/api/schedules/${planned.id}/students/${s.id}/attendance`, {
        attendance: 'ATTENDED',
      });
      expect(res.status).toBe(200);
    }
    expect((await c.operator.post(`/api/schedules/${planned.id}/confirm`, { students: [] })).status).toBe(200);
    const event = await lastEvent(planned.id, 'CONFIRM');
    expect(event.after).not.toHaveProperty('students');
    expect(event.before).not.toHaveProperty('students');
    expect(event.after).toMatchObject({ status: 'COMPLETED' });
  });
});

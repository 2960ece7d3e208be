import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASS_CHANGED_MESSAGE,
  CONFIRMATION_KEY_REUSED_MESSAGE,
  SCHEDULE_VERSION,
  type TSchedule,
} from '../../src/contracts/schedules';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 11: the teacher's page queues confirmations made offline and sends them later, maybe twice
// (a reply lost on a flaky network); each carries an idempotency key and the class version it saw.

let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

// Every class an exact number of hours from one moment: hoursFromNow() reads the clock at each call
// (to the minute), and a minute that turned between two classes an hour apart made them overlap by a
// minute, a clash (CI, once).
const NOW = Date.parse(hoursFromNow(0));
const hoursFromThen = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

async function classAt(hours: number) {
  const startAt = hoursFromThen(hours);
  const endAt = new Date(Date.parse(startAt) + 3_600_000).toISOString();
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, { startAt, endAt, students: [{ studentId: c.students[0].id }] }),
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule as TSchedule;
}

/** The class as the teacher's page lists it (with its version). */
async function listed(id: number): Promise<TSchedule> {
  const res = await c.ann.caller.get('/api/my-schedules');
  expect(res.status).toBe(200);
  const found = [...res.body.awaiting, ...res.body.today, ...res.body.upcoming].find((s: TSchedule) => s.id === id);
  if (!found) throw new Error(`class ${id} not listed`);
  return found;
}

const confirmEvents = (id: number) =>
  ctx.prisma.auditEvent.count({ where: { entityType: 'SCHEDULE', entityId: id, action: 'CONFIRM' } });

describe('idempotent confirmation (offline queue)', () => {
  it('lists each class with a version', async () => {
    const planned = await classAt(-5);
    expect((await listed(planned.id)).version).toMatch(SCHEDULE_VERSION);
  });

  it('answers the same key twice with the first result and one change', async () => {
    const planned = await classAt(-6);
    const body = { idempotencyKey: randomUUID(), version: (await listed(planned.id)).version, comments: 'Offline' };
    const first = await c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'COMPLETED', comments: 'Offline', confirmedBy: 'Ann Archer' });
    const again = await c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await confirmEvents(planned.id)).toBe(1);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: planned.id } });
    expect(row.confirmationKey).toBe(body.idempotencyKey);
    expect(row.confirmedAt?.toISOString()).toBe(first.body.confirmedAt);
  });

  it('makes one change from concurrent duplicates', async () => {
    const planned = await classAt(-7);
    const body = { idempotencyKey: randomUUID(), version: (await listed(planned.id)).version };
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() => c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, body)),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.confirmedAt)).size).toBe(1);
    expect(await confirmEvents(planned.id)).toBe(1);
  });

  it('refuses with 409 a class moved since the teacher saw it, and changes nothing', async () => {
    const planned = await classAt(-8);
    const seen = await listed(planned.id);
    const startAt = hoursFromThen(-9);
    const endAt = new Date(Date.parse(startAt) + 3_600_000).toISOString();
    const moved = await c.operator.put(`/api/schedules/${planned.id}`, classBody(c, { startAt, endAt }));
    expect(moved.status).toBe(200);
    const res = await c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, {
      idempotencyKey: randomUUID(),
      version: seen.version,
    });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(CLASS_CHANGED_MESSAGE);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: planned.id } });
    expect(row.status).toBe('PLANNED');
    expect(row.confirmationKey).toBeNull();
    expect(await confirmEvents(planned.id)).toBe(0);
  });

  it('refuses with 409 a class cancelled, or confirmed on the teacher’s behalf, meanwhile', async () => {
    const cancelled = await classAt(-10);
    const seenCancelled = await listed(cancelled.id);
    expect((await c.operator.post(`/api/schedules/${cancelled.id}/cancel`, {})).status).toBe(200);
    const res = await c.ann.caller.post(`/api/my-schedules/${cancelled.id}/confirm`, {
      idempotencyKey: randomUUID(),
      version: seenCancelled.version,
    });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('A cancelled class cannot be confirmed');

    const byOperator = await classAt(-11);
    const seen = await listed(byOperator.id);
    expect((await c.operator.post(`/api/schedules/${byOperator.id}/confirm`, { comments: 'Desk' })).status).toBe(200);
    const late = await c.ann.caller.post(`/api/my-schedules/${byOperator.id}/confirm`, {
      idempotencyKey: randomUUID(),
      version: seen.version,
    });
    expect(late.status).toBe(409);
    expect(late.body.errorMessage).toBe('This class was confirmed already');
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: byOperator.id } });
    expect([row.comments, row.confirmedOnBehalf, row.confirmationKey]).toEqual(['Desk', true, null]);
  });

  it('refuses a key already used for another class', async () => {
    const first = await classAt(-12);
    const second = await classAt(-13);
    const idempotencyKey = randomUUID();
    expect((await c.ann.caller.post(`/api/my-schedules/${first.id}/confirm`, { idempotencyKey })).status).toBe(200);
    const res = await c.ann.caller.post(`/api/my-schedules/${second.id}/confirm`, { idempotencyKey });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(CONFIRMATION_KEY_REUSED_MESSAGE);
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: second.id } })).status).toBe('PLANNED');
  });

  it('answers 400 naming the field for a bad key or version, and changes nothing', async () => {
    const planned = await classAt(-14);
    const badKey = await c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, { idempotencyKey: 'abc' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.fieldErrors).toEqual([
      { field: 'idempotencyKey', message: 'Must be a UUID made when the class was confirmed' },
    ]);
    const badVersion = await c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, {
      idempotencyKey: randomUUID(),
      version: 'not-a-version',
    });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['version']);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: planned.id } });
    expect([row.status, row.confirmationKey]).toEqual(['PLANNED', null]);
    expect(await confirmEvents(planned.id)).toBe(0);
  });
});

// Substitutes (issue 22): another teacher teaches a PLANNED class or a teacher's classes in a range;
// payroll pays who taught, the substitute confirms, the planned teacher sees the class as covered.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { fieldsOf } from '../support/course-factories';
import { testMessagingConfig } from '../support/messaging-config';
import {
  classBody,
  createScheduleCentre,
  createSignedInTeacher,
  hoursFromNow,
  type ScheduleCentre,
} from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let other: ScheduleCentre;
let queue: MessageQueue;
let mailDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-substitutes-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir }));
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx);
  other = await createScheduleCentre(ctx);
  // Bob is paid 30.00 an hour; Ann has no rate of her own (the class says 25.00).
  await ctx.prisma.teacher.update({ where: { id: c.bob.id }, data: { hourlyRate: '30.00' } });
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx.close();
});

/** A class of Ann's (one hour, teacher rate 25.00). */
async function annsClass(startAt: string, overrides: Record<string, unknown> = {}) {
  const end = new Date(Date.parse(startAt) + 3_600_000).toISOString();
  const res = await c.operator.post(
    '/api/schedules',
    classBody(c, { startAt, endAt: end, teacherHourlyRate: '25.00', ...overrides }),
  );
  expect(res.status).toBe(201);
  return res.body.schedule.id as number;
}

const row = (id: number) => ctx.prisma.schedule.findUniqueOrThrow({ where: { id } });

describe('a substitute for one class', () => {
  it('pays the substitute for the class taught, not the planned teacher; the substitute confirms, the original cannot', async () => {
    // Taught on 2026-03-02 16:00 Toronto, still unconfirmed.
    const id = await annsClass('2026-03-02T21:00:00Z');
    const res = await c.operator.post(`/api/schedules/${id}/substitute`, { teacherId: c.bob.id });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.classes[0]).toMatchObject({
      id,
      teacher: { id: c.bob.id, name: 'Bob Baker' },
      originalTeacher: { id: c.ann.id, name: 'Ann Archer' },
    });
    expect(await row(id)).toMatchObject({ teacherId: c.bob.id, originalTeacherId: c.ann.id });
    expect((await row(id)).teacherHourlyRate?.toFixed(2)).toBe('30.00');

    expect((await c.ann.caller.post(`/api/my-schedules/${id}/confirm`, {})).status).toBe(404);
    const confirmed = await c.bob.caller.post(`/api/my-schedules/${id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'COMPLETED', originalTeacher: { id: c.ann.id } });

    const review = await c.admin.get('/api/payroll/review', { month: '2026-03' });
    expect(review.status).toBe(200);
    const pay = Object.fromEntries(
      review.body.teachers.map((t: { teacher: { name: string }; classes: number; amount: string }) => [
        t.teacher.name,
        { classes: t.classes, amount: t.amount },
      ]),
    );
    expect(pay['Bob Baker']).toEqual({ classes: 1, amount: '30.00' });
    expect(pay['Ann Archer']).toBeUndefined();
    expect(review.body.totals.amount).toBe('30.00');

    const audit = await ctx.prisma.auditEvent.findMany({ where: { entityType: 'SCHEDULE', entityId: id } });
    expect(audit.some((e) => e.action === 'UPDATE' && JSON.stringify(e.after).includes('Bob Baker'))).toBe(true);
  });

  it('shows the original teacher the class as covered (read-only), the substitute as theirs, and gives it back', async () => {
    const id = await annsClass(hoursFromNow(30));
    expect((await c.operator.post(`/api/schedules/${id}/substitute`, { teacherId: c.bob.id })).status).toBe(200);
    const anns = (await c.ann.caller.get('/api/my-schedules')).body;
    const bobs = (await c.bob.caller.get('/api/my-schedules')).body;
    expect(anns.covered.map((s: { id: number }) => s.id)).toContain(id);
    expect([...anns.today, ...anns.upcoming].map((s: { id: number }) => s.id)).not.toContain(id);
    expect(anns.covered.find((s: { id: number }) => s.id === id).teacher.name).toBe('Bob Baker');
    const bobsOwn = [...bobs.today, ...bobs.upcoming].find((s: { id: number }) => s.id === id);
    expect(bobsOwn.originalTeacher).toEqual({ id: c.ann.id, name: 'Ann Archer' });

    // The teacher losing the class is told here; the class-change job tells the substitute.
    const told = await ctx.prisma.message.findMany({ where: { template: 'class-substitute', entityId: id } });
    expect(told.map((m) => m.recipient)).toContain(
      (await ctx.prisma.user.findUniqueOrThrow({ where: { id: c.ann.userId } })).email,
    );

    const back = await c.operator.post(`/api/schedules/${id}/substitute`, { teacherId: c.ann.id });
    expect(back.status).toBe(200);
    expect(await row(id)).toMatchObject({ teacherId: c.ann.id, originalTeacherId: null });
  });

  it('keeps the planned teacher when one substitute replaces another', async () => {
    const carl = await createSignedInTeacher(ctx, c.centre.id, { firstName: 'Carl', lastName: 'Cover' });
    const id = await annsClass(hoursFromNow(50));
    await c.operator.post(`/api/schedules/${id}/substitute`, { teacherId: c.bob.id });
    expect((await c.operator.post(`/api/schedules/${id}/substitute`, { teacherId: carl.id })).status).toBe(200);
    expect(await row(id)).toMatchObject({ teacherId: carl.id, originalTeacherId: c.ann.id });
  });

  it('refuses a busy substitute with 409 naming the clash, unless overridden (recorded)', async () => {
    const at = hoursFromNow(80);
    const id = await annsClass(at);
    const end = new Date(Date.parse(at) + 3_600_000).toISOString();
    const bobsOwn = await c.operator.post(
      '/api/schedules',
      classBody(c, { teacherId: c.bob.id, startAt: at, endAt: end, students: [{ studentId: c.students[1].id }] }),
    );
    expect(bobsOwn.status).toBe(201);
    const refused = await c.operator.post(`/api/schedules/${id}/substitute`, { teacherId: c.bob.id });
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts[0]).toMatchObject({
      who: 'teacher',
      personName: 'Bob Baker',
      scheduleId: bobsOwn.body.schedule.id,
    });
    expect(await row(id)).toMatchObject({ teacherId: c.ann.id, originalTeacherId: null });

    const forced = await c.operator.post(`/api/schedules/${id}/substitute`, {
      teacherId: c.bob.id,
      override: { reason: 'Bob runs both rooms' },
    });
    expect(forced.status).toBe(200);
    expect(await row(id)).toMatchObject({
      teacherId: c.bob.id,
      conflictOverride: true,
      conflictReason: 'Bob runs both rooms',
    });
  });
});

describe('a substitute for a range', () => {
  it("moves only the teacher's PLANNED classes of those local days (and of the course asked)", async () => {
    const day = (d: string, hourUtc = 21) => `2027-01-${d}T${hourUtc}:00:00Z`;
    const first = await annsClass(day('11'));
    const second = await annsClass(day('12'), { courseId: c.physics.id });
    const after = await annsClass(day('20'));
    const cancelled = await annsClass(day('13'));
    expect((await c.operator.post(`/api/schedules/${cancelled}/cancel`, {})).status).toBe(200);

    const onlyMaths = await c.operator.post('/api/substitutes', {
      fromTeacherId: c.ann.id,
      teacherId: c.bob.id,
      from: '2027-01-11',
      to: '2027-01-19',
      courseId: c.course.id,
    });
    expect(onlyMaths.status).toBe(200);
    expect(onlyMaths.body.classes.map((s: { id: number }) => s.id)).toEqual([first]);

    const all = await c.operator.post('/api/substitutes', {
      fromTeacherId: c.ann.id,
      teacherId: c.bob.id,
      from: '2027-01-11',
      to: '2027-01-19',
    });
    expect(all.body.classes.map((s: { id: number }) => s.id)).toEqual([second]);
    expect(await row(after)).toMatchObject({ teacherId: c.ann.id, originalTeacherId: null });
    expect(await row(cancelled)).toMatchObject({ teacherId: c.ann.id });
  });
});

describe('rights and bad input', () => {
  it('is for schedules:manage only', async () => {
    const id = await annsClass(hoursFromNow(120));
    expect((await c.bob.caller.post(`/api/schedules/${id}/substitute`, { teacherId: c.bob.id })).status).toBe(403);
    expect(
      (
        await c.bob.caller.post('/api/substitutes', {
          fromTeacherId: c.ann.id,
          teacherId: c.bob.id,
          from: '2027-02-01',
          to: '2027-02-02',
        })
      ).status,
    ).toBe(403);
    // Another centre's operator does not find the class.
    expect((await other.operator.post(`/api/schedules/${id}/substitute`, { teacherId: other.bob.id })).status).toBe(
      404,
    );
    expect(await row(id)).toMatchObject({ teacherId: c.ann.id });
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const id = await annsClass(hoursFromNow(140));
    const cases: [string, object, string][] = [
      [`/api/schedules/${id}/substitute`, {}, 'teacherId'],
      [`/api/schedules/${id}/substitute`, { teacherId: other.bob.id }, 'teacherId'],
      [`/api/schedules/${id}/substitute`, { teacherId: c.ann.id }, 'teacherId'],
      [
        '/api/substitutes',
        { fromTeacherId: c.ann.id, teacherId: c.ann.id, from: '2027-02-01', to: '2027-02-02' },
        'teacherId',
      ],
      [
        '/api/substitutes',
        { fromTeacherId: c.ann.id, teacherId: c.bob.id, from: '2027-02-03', to: '2027-02-02' },
        'to',
      ],
      [
        '/api/substitutes',
        { fromTeacherId: c.ann.id, teacherId: c.bob.id, from: '2027-01-01', to: '2027-12-31' },
        'to',
      ],
      [
        '/api/substitutes',
        { fromTeacherId: other.ann.id, teacherId: c.bob.id, from: '2027-02-01', to: '2027-02-02' },
        'fromTeacherId',
      ],
      [
        '/api/substitutes',
        {
          fromTeacherId: c.ann.id,
          teacherId: c.bob.id,
          from: '2027-02-01',
          to: '2027-02-02',
          courseId: other.course.id,
        },
        'courseId',
      ],
      ['/api/substitutes', { fromTeacherId: c.ann.id, teacherId: c.bob.id, from: 'soon', to: '2027-02-02' }, 'from'],
    ];
    for (const [url, body, field] of cases) {
      const res = await c.operator.post(url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
    expect(await row(id)).toMatchObject({ teacherId: c.ann.id, originalTeacherId: null });

    expect((await c.operator.post(`/api/schedules/${id}/cancel`, {})).status).toBe(200);
    expect((await c.operator.post(`/api/schedules/${id}/substitute`, { teacherId: c.bob.id })).status).toBe(409);
  });
});

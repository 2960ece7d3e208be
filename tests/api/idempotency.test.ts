// Issue 24, item 8: a POST sent with an Idempotency-Key header writes once per (user, key); a retry gets
// the kept reply. Rules: server/http/idempotency.ts.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSecrets } from '../../server/jobs/housekeeping';
import type { TScheduleCreateBody } from '../../src/contracts/schedules';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { studentBody } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  // Ann teaches Cleo on Monday 2 March at 21:00 UTC: a class of Bob's with Cleo then clashes.
  const first = await post(c.tokens.operator, '/api/schedules', classAt('2026-03-02T21:00:00Z', 'ann'));
  expect(first.status).toBe(201);
});
afterAll(() => ctx.close());

function post(token: string, url: string, body: object, key?: string, locale = 'en-US') {
  const req = request(ctx.app)
    .post(url)
    .send(body)
    .set('Authorization', `Bearer ${token}`)
    .set('Accept-Language', locale);
  return key === undefined ? req : req.set('Idempotency-Key', key);
}

function classAt(startAt: string, teacher: 'ann' | 'bob', extra: Partial<TScheduleCreateBody> = {}) {
  const end = new Date(Date.parse(startAt) + 3_600_000).toISOString();
  return {
    courseType: 'ONE_ON_ONE',
    courseId: c.course.id,
    teacherId: c[teacher].id,
    startAt,
    endAt: end,
    paymentType: 'VOUCHER',
    students: [{ studentId: c.students[0].id }],
    ...extra,
  } satisfies TScheduleCreateBody;
}

/** Bob's class with Cleo over her class with Ann, saved with the operator's override. */
const overridden = (reason = 'Cleo moves her chemistry class') =>
  classAt('2026-03-02T21:00:00Z', 'bob', { override: { reason } });

const bobsClasses = () => ctx.prisma.schedule.count({ where: { teacherId: c.bob.id } });
const studentsNamed = (lastName: string) => ctx.prisma.student.count({ where: { lastName } });
const rowOf = (userId: number, key: string) =>
  ctx.prisma.idempotentRequest.findUnique({ where: { userId_key: { userId, key } } });
const fieldsOf = (body: { fieldErrors?: { field: string }[] }) => (body.fieldErrors ?? []).map((f) => f.field);

async function removeBobsClasses() {
  await ctx.prisma.scheduleStudent.deleteMany({ where: { schedule: { teacherId: c.bob.id } } });
  await ctx.prisma.schedule.deleteMany({ where: { teacherId: c.bob.id } });
}

describe('a class created with the override, sent with an Idempotency-Key', () => {
  it('twice with one key: one class, and the second reply is the first one again', async () => {
    await removeBobsClasses();
    const key = randomUUID();
    const first = await post(c.tokens.operator, '/api/schedules', overridden(), key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(c.tokens.operator, '/api/schedules', overridden(), key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await bobsClasses()).toBe(1);
    expect(await rowOf(c.users.operator.id, key)).toMatchObject({ state: 'DONE', status: 201 });
  });

  it('sent three times at once: still one class; the others get it again or a 409 to retry', async () => {
    await removeBobsClasses();
    const key = randomUUID();
    const replies = await Promise.all(
      [1, 2, 3].map(() => post(c.tokens.operator, '/api/schedules', overridden(), key)),
    );
    expect(await bobsClasses()).toBe(1);
    const created = replies.filter((r) => r.status === 201);
    const busy = replies.filter((r) => r.status === 409);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length + busy.length).toBe(3);
    for (const reply of created) expect(reply.body).toEqual(created[0].body);
    for (const reply of busy) {
      expect(reply.headers['retry-after']).toBe('2');
      expect(reply.body.errorKey).toBe('idempotencypending');
      expect(reply.body.errorMessage).toContain('still being processed');
    }
    // Once the first is done, a retry gets the class it made.
    const retry = await post(c.tokens.operator, '/api/schedules', overridden(), key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(created[0].body);
    expect(await bobsClasses()).toBe(1);
  });

  it('refuses the same key with another body (422, naming the header), and writes nothing', async () => {
    await removeBobsClasses();
    const key = randomUUID();
    expect((await post(c.tokens.operator, '/api/schedules', overridden(), key)).status).toBe(201);
    const other = await post(c.tokens.operator, '/api/schedules', overridden('Another reason'), key);
    expect(other.status).toBe(422);
    expect(other.body.errorKey).toBe('idempotencykeyreused');
    expect(fieldsOf(other.body)).toEqual(['Idempotency-Key']);
    expect(other.body.errorMessage).toContain('Idempotency-Key');
    const elsewhere = await post(c.tokens.operator, '/api/students', studentBody(), key);
    expect(elsewhere.status).toBe(422);
    expect(await bobsClasses()).toBe(1);
  });

  it('keeps nothing for a refusal: after a 400 or the clash 409 the same key saves the corrected class', async () => {
    await removeBobsClasses();
    const key = randomUUID();
    const blank = await post(c.tokens.operator, '/api/schedules', overridden(' '), key);
    expect(blank.status).toBe(400);
    expect(await rowOf(c.users.operator.id, key)).toBeNull();
    // The class form's path: the clash first (409 with the conflicts), then the override, one key.
    const clash = await post(c.tokens.operator, '/api/schedules', classAt('2026-03-02T21:00:00Z', 'bob'), key);
    expect(clash.status).toBe(409);
    expect(clash.body.conflicts.length).toBeGreaterThan(0);
    expect(await rowOf(c.users.operator.id, key)).toBeNull();
    const saved = await post(c.tokens.operator, '/api/schedules', overridden(), key);
    expect(saved.status).toBe(201);
    expect(await bobsClasses()).toBe(1);
  });

  it('answers 409, never a second write, when the first reply was not kept (the process died)', async () => {
    await removeBobsClasses();
    const key = randomUUID();
    expect((await post(c.tokens.operator, '/api/schedules', overridden(), key)).status).toBe(201);
    // What a crash between the commit and the keeping of the reply leaves behind.
    await ctx.prisma.idempotentRequest.update({
      where: { userId_key: { userId: c.users.operator.id, key } },
      data: { state: 'PENDING', status: null, reply: undefined },
    });
    const retry = await post(c.tokens.operator, '/api/schedules', overridden(), key);
    expect(retry.status).toBe(409);
    expect(retry.headers['retry-after']).toBe('2');
    expect(await bobsClasses()).toBe(1);
  });
});

describe('a student created with an Idempotency-Key', () => {
  it('twice: one student, the same reply; another user with the same key makes their own', async () => {
    const key = randomUUID();
    const body = studentBody();
    const first = await post(c.tokens.operator, '/api/students', body, key);
    expect(first.status).toBe(201);
    const again = await post(c.tokens.operator, '/api/students', body, key);
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await studentsNamed(body.lastName)).toBe(1);

    const admins = await post(c.tokens.admin, '/api/students', { ...body, studentId: `${body.studentId}A` }, key);
    expect(admins.status).toBe(201);
    expect(admins.headers['idempotent-replayed']).toBeUndefined();
    expect(admins.body.id).not.toBe(first.body.id);
    expect(await studentsNamed(body.lastName)).toBe(2);
  });

  it('refuses a header that is not a UUID with a 400 naming it, in the reader language, and writes nothing', async () => {
    const body = studentBody();
    for (const bad of ['abc', `${randomUUID()}x`, '']) {
      const res = await post(c.tokens.operator, '/api/students', body, bad);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['Idempotency-Key']);
      expect(res.body.errorMessage).toContain('Must be a UUID');
    }
    const zh = await post(c.tokens.operator, '/api/students', body, 'abc', 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.errorMessage).toContain('必须是 UUID');
    expect(await studentsNamed(body.lastName)).toBe(0);
  });

  it('changes nothing without the header: two POSTs make two students', async () => {
    const body = studentBody();
    expect((await post(c.tokens.operator, '/api/students', body)).status).toBe(201);
    expect((await post(c.tokens.operator, '/api/students', { ...body, studentId: `${body.studentId}B` })).status).toBe(
      201,
    );
    expect(await studentsNamed(body.lastName)).toBe(2);
  });
});

describe('housekeeping', () => {
  it('purges keys older than a day and keeps newer ones', async () => {
    const now = new Date();
    const userId = c.users.operator.id;
    const [old, fresh] = [randomUUID(), randomUUID()];
    const row = { userId, method: 'POST', path: '/api/students', bodyHash: '0'.repeat(64) };
    await ctx.prisma.idempotentRequest.createMany({
      data: [
        { ...row, key: old, createdAt: new Date(now.getTime() - 25 * 3_600_000) },
        { ...row, key: fresh, createdAt: new Date(now.getTime() - 23 * 3_600_000) },
      ],
    });
    const purged = await purgeExpiredSecrets(ctx.prisma, now);
    expect(purged.idempotentRequests).toBeGreaterThanOrEqual(1);
    expect(await rowOf(userId, old)).toBeNull();
    expect(await rowOf(userId, fresh)).not.toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createStudent, createTeacher } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  otherAdmin = callerWith(ctx.app, second.tokens.admin);
});
afterAll(() => ctx.close());

/** The events of one record, oldest first, read straight from the table. */
const eventsOf = (entityType: string, entityId: number) =>
  ctx.prisma.auditEvent.findMany({
    where: { entityType: entityType as never, entityId },
    orderBy: { id: 'asc' },
  });
const allEvents = () => ctx.prisma.auditEvent.count();

const studentBody = (s: { studentId: string; firstName: string; lastName: string }, over = {}) => ({
  studentId: s.studentId,
  firstName: s.firstName,
  lastName: s.lastName,
  ...over,
});

describe('what a change records', () => {
  it("a student's hourly rate: one UPDATE event with only the rate, before and after, and the actor", async () => {
    const sam = await createStudent(ctx.prisma, first.centre.id);
    await ctx.prisma.student.update({ where: { id: sam.id }, data: { hourlyRate: '40.00' } });
    const res = await operator.put(`/api/students/${sam.id}`, studentBody(sam, { hourlyRate: '45.50' }));
    expect(res.status).toBe(200);
    const events = await eventsOf('STUDENT', sam.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      organisationId: first.centre.id,
      actorId: first.operator.id,
      action: 'UPDATE',
      before: { hourlyRate: '40.00' },
      after: { hourlyRate: '45.50' },
    });

    // The History tab reads it back with the actor's name.
    const history = await operator.get(`/api/audit/STUDENT/${sam.id}`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(1);
    expect(history.body.data[0]).toMatchObject({
      action: 'UPDATE',
      actor: { id: first.operator.id },
      before: { hourlyRate: '40.00' },
      after: { hourlyRate: '45.50' },
      label: `${sam.firstName} ${sam.lastName} (${sam.studentId})`,
    });
    expect(history.body.data[0].actor.name).toBeTruthy();
  });

  it('a student created and then deactivated: CREATE with its fields, then active true → false', async () => {
    const created = await admin.post('/api/students', {
      studentId: `AUD-${randomUUID().slice(0, 8)}`,
      firstName: 'Audrey',
      lastName: 'Created',
      hourlyRate: '30',
    });
    expect(created.status).toBe(201);
    expect((await admin.post(`/api/students/${created.body.id}/deactivate`, {})).status).toBe(200);
    const events = await eventsOf('STUDENT', created.body.id);
    expect(events.map((e) => e.action)).toEqual(['CREATE', 'UPDATE']);
    expect(events[0].before).toBeNull();
    expect(events[0].after).toMatchObject({ firstName: 'Audrey', hourlyRate: '30.00', active: true });
    expect(events[1]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it("a teacher's rate: one event; a SIN change is recorded only as changed, never in clear", async () => {
    const created = await admin.post('/api/teachers', {
      login: `audteacher${Date.now()}`,
      firstName: 'Tess',
      lastName: 'Rate',
      email: `audteacher${Date.now()}@example.test`,
      password: 'secret-password-1',
      hourlyRate: '25.00',
      sin: '046454286',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const body = {
      login: created.body.login,
      firstName: 'Tess',
      lastName: 'Rate',
      email: created.body.email,
      hourlyRate: '27.25',
    };
    expect((await admin.put(`/api/teachers/${id}`, body)).status).toBe(200);
    // Same values again, SIN sent masked (kept): nothing to record.
    expect((await admin.put(`/api/teachers/${id}`, { ...body, sin: '******286' })).status).toBe(200);
    expect((await admin.put(`/api/teachers/${id}`, { ...body, sin: '130692544' })).status).toBe(200);

    const events = await eventsOf('TEACHER', id);
    expect(events.map((e) => e.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    expect(events[0].after).toMatchObject({ hourlyRate: '25.00', sin: '[set]' });
    expect(events[1]).toMatchObject({
      actorId: first.admin.id,
      before: { hourlyRate: '25.00' },
      after: { hourlyRate: '27.25' },
    });
    expect(events[2]).toMatchObject({ before: { sin: '[set]' }, after: { sin: '[changed]' } });
    const stored = JSON.stringify(events);
    expect(stored).not.toContain('046454286');
    expect(stored).not.toContain('130692544');
    expect(stored).not.toContain('secret-password-1');
  });

  it("a staff member's role: one event with the roles before and after, by the admin", async () => {
    const created = await admin.post('/api/staff', {
      login: `audstaff${Date.now()}`,
      firstName: 'Olga',
      lastName: 'Operator',
      email: `audstaff${Date.now()}@example.test`,
      role: 'ROLE_OPERATOR',
      password: 'secret-password-2',
    });
    expect(created.status).toBe(201);
    const { id, login, email } = created.body;
    const res = await admin.put(`/api/staff/${id}`, {
      login,
      email,
      firstName: 'Olga',
      lastName: 'Operator',
      role: 'ROLE_ADMIN',
    });
    expect(res.status).toBe(200);
    const events = await eventsOf('USER', id);
    expect(events.map((e) => e.action)).toEqual(['CREATE', 'UPDATE']);
    expect(events[1]).toMatchObject({
      actorId: first.admin.id,
      before: { roles: ['ROLE_OPERATOR'] },
      after: { roles: ['ROLE_ADMIN'] },
    });
    expect(JSON.stringify(events)).not.toContain('secret-password-2');
    expect(JSON.stringify(events)).not.toContain('passwordHash');
  });

  it('a term register: create, price change, paid, delete; each one event with money as 2-decimal strings', async () => {
    const course = await createCourseRow(ctx.prisma, first.centre.id, `Audit course ${randomUUID().slice(0, 6)}`);
    const term = await admin.post('/api/terms', {
      name: 'Winter term',
      school: 'North',
      courseId: course.id,
      startDate: '2026-09-01',
      endDate: '2026-12-20',
    });
    expect(term.status).toBe(201);
    const sam = await createStudent(ctx.prisma, first.centre.id);
    const body = { paymentType: 'CASH', price: '300', termId: term.body.id, studentId: sam.id, teacherId: null };
    const created = await operator.post('/api/term-registers', body);
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await operator.put(`/api/term-registers/${id}`, { ...body, price: '320.5' })).status).toBe(200);
    expect((await operator.post(`/api/term-registers/${id}/paid`, { paid: true })).status).toBe(200);
    expect((await operator.post(`/api/term-registers/${id}/paid`, { paid: true })).status).toBe(200);
    expect((await operator.delete(`/api/term-registers/${id}`)).status).toBe(204);

    const events = await eventsOf('TERM_REGISTER', id);
    expect(events.map((e) => e.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(events[0].after).toMatchObject({ price: '300.00', paid: false, paymentType: 'CASH', course: course.name });
    expect(events[1]).toMatchObject({ before: { price: '300.00' }, after: { price: '320.50' } });
    expect(events[2]).toMatchObject({ before: { paid: false }, after: { paid: true } });
    expect(events[3]).toMatchObject({ before: { price: '320.50', paid: true }, after: null });
    // Gone from the table, its history stays readable.
    const history = await operator.get(`/api/audit/TERM_REGISTER/${id}`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: { action: string }) => e.action)).toEqual([
      'DELETE',
      'UPDATE',
      'UPDATE',
      'CREATE',
    ]);
  });

  it('a voucher purchase: one CREATE event with its amounts; a retry with the same key adds none', async () => {
    const sam = await createStudent(ctx.prisma, first.centre.id);
    const body = {
      studentId: sam.id,
      type: 'PURCHASE',
      purchaseDate: '2026-03-02',
      voucherAmount: '500',
      giftAmount: '50',
      paymentMethod: 'CARD',
      idempotencyKey: randomUUID(),
    };
    const res = await operator.post('/api/voucher-purchases', body);
    expect(res.status).toBe(201);
    expect((await operator.post('/api/voucher-purchases', body)).status).toBe(201);
    const events = await eventsOf('VOUCHER_PURCHASE', res.body.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: first.operator.id,
      action: 'CREATE',
      before: null,
      after: { type: 'PURCHASE', voucherAmount: '500.00', giftAmount: '50.00', balanceAfter: '550.00' },
    });
  });

  it('a course: create and a teacher linked, by name', async () => {
    const tina = await createTeacher(ctx.prisma, first.centre.id);
    const body = { school: 'North', courseNumber: `A-${randomUUID().slice(0, 6)}`, name: 'Audit Algebra' };
    const created = await admin.post('/api/courses', body);
    expect(created.status).toBe(201);
    expect((await admin.put(`/api/courses/${created.body.id}`, { ...body, teacherIds: [tina.id] })).status).toBe(200);
    const events = await eventsOf('COURSE', created.body.id);
    expect(events.map((e) => e.action)).toEqual(['CREATE', 'UPDATE']);
    expect(events[1]).toMatchObject({ before: { teachers: [] }, after: { teachers: [tina.name] } });
  });
});

describe('what records nothing', () => {
  it('a refused update (400), before or inside the transaction, writes no event and changes nothing', async () => {
    const sam = await createStudent(ctx.prisma, first.centre.id);
    const before = await allEvents();
    const bad = await operator.put(`/api/students/${sam.id}`, studentBody(sam, { hourlyRate: '12.345' }));
    expect(bad.status).toBe(400);

    // A term register refused on a rule checked inside its transaction (the course must be the term's).
    const course = await createCourseRow(ctx.prisma, first.centre.id, `Other ${randomUUID().slice(0, 6)}`);
    const otherCourse = await createCourseRow(ctx.prisma, first.centre.id, `Wrong ${randomUUID().slice(0, 6)}`);
    const term = await admin.post('/api/terms', {
      name: 'Winter term',
      school: 'South',
      courseId: course.id,
      startDate: '2026-09-01',
      endDate: '2026-12-20',
    });
    const body = { paymentType: 'CASH', price: '100', termId: term.body.id, studentId: sam.id };
    const created = await operator.post('/api/term-registers', body);
    const afterSetup = await allEvents();
    const refused = await operator.put(`/api/term-registers/${created.body.id}`, {
      ...body,
      price: '999',
      courseId: otherCourse.id,
    });
    expect(refused.status).toBe(400);
    expect(await allEvents()).toBe(afterSetup);
    expect(afterSetup - before).toBe(1); // the register's creation (terms are not audited)
    const stored = await ctx.prisma.termRegister.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.price.toFixed(2)).toBe('100.00');
  });

  it('an update that changes nothing writes no event', async () => {
    const sam = await createStudent(ctx.prisma, first.centre.id);
    const body = studentBody(sam, { hourlyRate: '50' });
    expect((await operator.put(`/api/students/${sam.id}`, body)).status).toBe(200);
    const count = (await eventsOf('STUDENT', sam.id)).length;
    expect(count).toBe(1);
    expect((await operator.put(`/api/students/${sam.id}`, { ...body, hourlyRate: '50.00' })).status).toBe(200);
    expect((await operator.post(`/api/students/${sam.id}/activate`, {})).status).toBe(200);
    expect(await eventsOf('STUDENT', sam.id)).toHaveLength(count);
  });
});

describe('GET /api/audit', () => {
  it('is for admins: an operator and a teacher get 403', async () => {
    expect((await operator.get('/api/audit')).status).toBe(403);
    expect((await callerWith(ctx.app, first.tokens.teacher).get('/api/audit')).status).toBe(403);
    expect((await admin.get('/api/audit')).status).toBe(200);
  });

  it('filters by record kind, record, user, action and days; newest first; only the own centre', async () => {
    const sam = await createStudent(ctx.prisma, first.centre.id);
    for (const rate of ['10', '11', '12']) {
      expect((await operator.put(`/api/students/${sam.id}`, studentBody(sam, { hourlyRate: rate }))).status).toBe(200);
    }
    const ofSam = await admin.get('/api/audit', { entityType: 'STUDENT', entityId: sam.id });
    expect(ofSam.status).toBe(200);
    expect(ofSam.body.total).toBe(3);
    expect(ofSam.body.data.map((e: { after: { hourlyRate: string } }) => e.after.hourlyRate)).toEqual([
      '12.00',
      '11.00',
      '10.00',
    ]);
    const paged = await admin.get('/api/audit', { entityType: 'STUDENT', entityId: sam.id, pageSize: 2, current: 2 });
    expect(paged.body.data.map((e: { after: { hourlyRate: string } }) => e.after.hourlyRate)).toEqual(['10.00']);

    const byOperator = await admin.get('/api/audit', { actorId: first.operator.id, pageSize: 100 });
    expect(byOperator.body.total).toBeGreaterThanOrEqual(3);
    expect(byOperator.body.data.every((e: { actor: { id: number } }) => e.actor.id === first.operator.id)).toBe(true);
    const byAdmin = await admin.get('/api/audit', { actorId: first.admin.id, entityId: sam.id, entityType: 'STUDENT' });
    expect(byAdmin.body.total).toBe(0);

    const creations = await admin.get('/api/audit', { action: 'CREATE', pageSize: 100 });
    expect(creations.body.data.every((e: { action: string }) => e.action === 'CREATE')).toBe(true);

    // Days are the centre's (America/Toronto by default): today's events are in today's range.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const inRange = await admin.get('/api/audit', { entityId: sam.id, entityType: 'STUDENT', from: today, to: today });
    expect(inRange.body.total).toBe(3);
    const earlier = await admin.get('/api/audit', { entityId: sam.id, entityType: 'STUDENT', to: '2020-01-01' });
    expect(earlier.body.total).toBe(0);

    // Another centre's admin sees none of it.
    const other = await otherAdmin.get('/api/audit', { entityType: 'STUDENT', entityId: sam.id });
    expect(other.body.total).toBe(0);
    expect((await otherAdmin.get('/api/audit', { pageSize: 100 })).body.data).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ entityId: sam.id, entityType: 'STUDENT' })]),
    );
  });

  it('refuses unknown filters with the field named', async () => {
    const res = await admin.get('/api/audit', { entityType: 'PLANET' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.map((f: { field: string }) => f.field)).toContain('entityType');
  });
});

describe('GET /api/audit/:entity/:id', () => {
  it("another centre's record (or none) is a 404; a kind the caller cannot edit is a 403", async () => {
    const sam = await createStudent(ctx.prisma, first.centre.id);
    await operator.put(`/api/students/${sam.id}`, studentBody(sam, { hourlyRate: '20' }));
    expect((await otherAdmin.get(`/api/audit/STUDENT/${sam.id}`)).status).toBe(404);
    expect((await admin.get('/api/audit/STUDENT/2147483000')).status).toBe(404);
    // Users' history needs users:read or staff:changeRole (admins).
    expect((await operator.get(`/api/audit/USER/${first.operator.id}`)).status).toBe(403);
    expect((await admin.get(`/api/audit/USER/${first.operator.id}`)).status).toBe(200);
    expect((await callerWith(ctx.app, first.tokens.teacher).get(`/api/audit/STUDENT/${sam.id}`)).status).toBe(403);
    const bad = await admin.get(`/api/audit/PLANET/${sam.id}`);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((f: { field: string }) => f.field)).toContain('entity');
  });
});

describe('the event table', () => {
  it('refuses UPDATE and DELETE (append-only, by trigger)', async () => {
    const sam = await createStudent(ctx.prisma, first.centre.id);
    await operator.put(`/api/students/${sam.id}`, studentBody(sam, { hourlyRate: '33' }));
    const [event] = await eventsOf('STUDENT', sam.id);
    await expect(
      ctx.prisma.$executeRaw`UPDATE "AuditEvent" SET "after" = '{}'::jsonb WHERE "id" = ${event.id}`,
    ).rejects.toThrow();
    await expect(ctx.prisma.$executeRaw`DELETE FROM "AuditEvent" WHERE "id" = ${event.id}`).rejects.toThrow();
    expect(await eventsOf('STUDENT', sam.id)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createStudent } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 19: the audit filter picks a record by name, not by its internal id.
let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  const second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  otherAdmin = callerWith(ctx.app, second.tokens.admin);
});
afterAll(() => ctx.close());

describe('GET /api/audit/records', () => {
  it('finds records of one kind by every word of their name, labelled as the audit list shows them', async () => {
    const hannah = await createStudent(ctx.prisma, first.centre.id, {
      firstName: 'Hannah',
      lastName: 'Gagnon',
      studentId: 'LU-0063',
    });
    await createStudent(ctx.prisma, first.centre.id, { firstName: 'Hélène', lastName: 'Gagnon', studentId: 'LU-0064' });
    const res = await admin.get('/api/audit/records', { entityType: 'STUDENT', q: 'gagnon hannah' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: hannah.id, label: 'Hannah Gagnon (LU-0063)' }]);
    const both = await admin.get('/api/audit/records', { entityType: 'STUDENT', q: 'GAGNON' });
    expect(both.body.map((r: { label: string }) => r.label).sort()).toEqual([
      'Hannah Gagnon (LU-0063)',
      'Hélène Gagnon (LU-0064)',
    ]);
    // Another centre's records are never offered.
    expect((await otherAdmin.get('/api/audit/records', { entityType: 'STUDENT', q: 'gagnon' })).body).toEqual([]);
  });

  it('finds courses and the centre itself; refuses an unknown kind and operators (no audit right)', async () => {
    const course = await admin.post('/api/courses', { school: 'North', courseNumber: 'M9', name: 'Grade 9 Math' });
    const courses = await admin.get('/api/audit/records', { entityType: 'COURSE', q: 'grade 9' });
    expect(courses.body).toEqual([{ id: course.body.id, label: 'Grade 9 Math' }]);
    const centre = await admin.get('/api/audit/records', { entityType: 'ORGANISATION' });
    expect(centre.body).toHaveLength(1);
    const bad = await admin.get('/api/audit/records', { entityType: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.[0]?.field).toBe('entityType');
    expect((await operator.get('/api/audit/records', { entityType: 'STUDENT' })).status).toBe(403);
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff, createUser } from '../support/factories';
import { createStudentRecord } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Free-text search (issue 6): `_` and `%` match themselves; accents and case do not matter; every
// write path fills the search columns (a database trigger), createMany and raw SQL included.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  const org = staff.centre.id;
  await createStudentRecord(ctx.prisma, org, { studentId: 'S_1', firstName: 'Chloé', lastName: 'Dupont' });
  await createStudentRecord(ctx.prisma, org, { studentId: 'S-2', firstName: 'Zoë', lastName: 'Ångström' });
  await ctx.prisma.student.createMany({
    data: [
      { organisationId: org, studentId: 'P%3', firstName: 'Søren', lastName: 'Straße' },
      { organisationId: org, studentId: 'S-4', firstName: 'Plain', lastName: 'Person' },
    ],
  });
  await ctx.prisma.referrer.createMany({
    data: [
      { organisationId: org, name: 'Hélène 100% Tutoring' },
      { organisationId: org, name: 'Other_Referrer' },
      { organisationId: org, name: 'Plain Referrer' },
    ],
  });
  const teacherUser = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId: org, login: 'jose' });
  await ctx.prisma.user.update({ where: { id: teacherUser.id }, data: { firstName: 'José', lastName: 'Núñez' } });
  await ctx.prisma.teacher.create({ data: { organisationId: org, userId: teacherUser.id } });
  const course = await ctx.prisma.course.create({
    data: { organisationId: org, school: 'École Élan', courseNumber: 'MTH_101', name: 'Mathématiques' },
  });
  await ctx.prisma.course.create({
    data: { organisationId: org, school: 'Central', courseNumber: 'ENG1', name: 'English' },
  });
  const term = await ctx.prisma.term.create({
    data: {
      name: 'Autumn term',
      organisationId: org,
      courseId: course.id,
      startDate: new Date('2026-09-01'),
      endDate: new Date('2026-12-20'),
    },
  });
  const chloe = await ctx.prisma.student.findFirstOrThrow({ where: { studentId: 'S_1' } });
  await ctx.prisma.termRegister.create({
    data: {
      organisationId: org,
      termId: term.id,
      courseId: course.id,
      studentId: chloe.id,
      paymentType: 'CASH',
      price: '100.00',
    },
  });
});
afterAll(() => ctx.close());

const get = (path: string, q: string) =>
  request(ctx.app).get(path).query({ q }).set('Authorization', `Bearer ${staff.tokens.admin}`);
async function found(path: string, q: string, pick: (row: Record<string, unknown>) => unknown) {
  const res = await get(path, q);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Record<string, unknown>[]).map(pick).sort();
}
const studentIds = (q: string) => found('/api/students', q, (s) => s.studentId);

describe('students', () => {
  it('matches _ and % literally', async () => {
    expect(await studentIds('_')).toEqual(['S_1']);
    expect(await studentIds('%')).toEqual(['P%3']);
    expect(await studentIds('\\')).toEqual([]);
  });

  it('ignores accents and case, both ways', async () => {
    expect(await studentIds('chloe')).toEqual(['S_1']);
    expect(await studentIds('CHLOE')).toEqual(['S_1']);
    expect(await studentIds('Chloé')).toEqual(['S_1']);
    expect(await studentIds('CHLOÉ dupont')).toEqual(['S_1']);
    expect(await studentIds('dupont chloe')).toEqual(['S_1']);
    expect(await studentIds('angstrom')).toEqual(['S-2']);
    expect(await studentIds('zoe')).toEqual(['S-2']);
  });

  it('finds rows written by createMany and kept current on update', async () => {
    expect(await studentIds('soren strasse')).toEqual(['P%3']);
    const plain = await ctx.prisma.student.findFirstOrThrow({ where: { studentId: 'S-4' } });
    await ctx.prisma.student.update({ where: { id: plain.id }, data: { lastName: 'Renée' } });
    expect(await studentIds('renee')).toEqual(['S-4']);
    expect(await studentIds('person')).toEqual([]);
  });

  it('still filters one column literally', async () => {
    const res = await request(ctx.app)
      .get('/api/students')
      .query({ studentId: '_' })
      .set('Authorization', `Bearer ${staff.tokens.admin}`);
    expect(res.body.data.map((s: { studentId: string }) => s.studentId)).toEqual(['S_1']);
  });
});

describe('other lists', () => {
  it('referrers', async () => {
    const names = (q: string) => found('/api/referrers', q, (r) => r.name);
    expect(await names('helene')).toEqual(['Hélène 100% Tutoring']);
    expect(await names('%')).toEqual(['Hélène 100% Tutoring']);
    expect(await names('_')).toEqual(['Other_Referrer']);
  });

  it('teachers and staff', async () => {
    expect(await found('/api/teachers', 'JOSE nunez', (t) => t.login)).toEqual(['jose']);
    expect(await found('/api/teachers', '_', (t) => t.login)).toEqual([]);
    const staffLogins = await found('/api/staff', 'admin', (s) => s.login);
    expect(staffLogins).toEqual([staff.admin.login]);
    expect(await found('/api/staff', '%', (s) => s.login)).toEqual([]);
  });

  it('courses and terms', async () => {
    expect(await found('/api/courses', 'ecole mathematiques', (c) => c.name)).toEqual(['Mathématiques']);
    expect(await found('/api/courses', '_', (c) => c.name)).toEqual(['Mathématiques']);
    expect(await found('/api/courses', '%', (c) => c.name)).toEqual([]);
    expect(await found('/api/terms', 'elan', (t) => t.school ?? 'none')).toHaveLength(1);
    expect(await found('/api/terms', '%', (t) => t.id)).toEqual([]);
  });

  it('term registers by student', async () => {
    const studentOf = (r: Record<string, unknown>) => (r.student as { studentId: string }).studentId;
    expect(await found('/api/term-registers', 'DUPONT chloe', studentOf)).toEqual(['S_1']);
    expect(await found('/api/term-registers', '%', studentOf)).toEqual([]);
  });
});

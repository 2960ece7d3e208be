import request from 'supertest';
import { hashPassword } from '../../server/auth/passwords';
import type { PrismaClient } from '../../server/generated/prisma/client';
import type { TScheduleCreateBody } from '../../src/contracts/schedules';
import { callerWith, createStudent, createTeacher } from './course-factories';
import { createCentreWithStaff, TEST_PASSWORD } from './factories';
import type { TestContext } from './test-app';

let sequence = 0;

type App = TestContext['app'];
/** callerWith plus PATCH (the calendar's move). */
export function scheduleCaller(app: App, token: string) {
  return {
    ...callerWith(app, token),
    patch: (url: string, body: object) => request(app).patch(url).send(body).set('Authorization', `Bearer ${token}`),
  };
}

/** A teacher who can sign in: a ROLE_TEACHER user with a password and its Teacher record, with a token. */
export async function createSignedInTeacher(
  ctx: TestContext,
  organisationId: number,
  { firstName = 'Tom', lastName = `Tutor${++sequence}` } = {},
) {
  const teacher = await createTeacher(ctx.prisma, organisationId, { firstName, lastName });
  const user = await ctx.prisma.user.update({
    where: { id: teacher.userId },
    data: { passwordHash: await hashPassword(TEST_PASSWORD) },
  });
  const res = await request(ctx.app).post('/api/authenticate').send({ username: user.login, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in as ${user.login} failed: ${res.status}`);
  return { ...teacher, caller: scheduleCaller(ctx.app, res.body.id_token as string) };
}

/** A course of the centre (created directly). */
export async function createCourse(prisma: PrismaClient, organisationId: number, name = `Course ${++sequence}`) {
  return prisma.course.create({ data: { organisationId, name, courseNumber: `C${++sequence}` } });
}

/** A centre with staff, two teachers who can sign in, a course and three students, in `timeZone`. */
export async function createScheduleCentre(ctx: TestContext, timeZone = 'America/Toronto') {
  const staff = await createCentreWithStaff(ctx);
  const centre = await ctx.prisma.organisation.update({ where: { id: staff.centre.id }, data: { timeZone } });
  const ann = await createSignedInTeacher(ctx, centre.id, { firstName: 'Ann', lastName: 'Archer' });
  const bob = await createSignedInTeacher(ctx, centre.id, { firstName: 'Bob', lastName: 'Baker' });
  const course = await createCourse(ctx.prisma, centre.id, 'Mathematics');
  const physics = await createCourse(ctx.prisma, centre.id, 'Physics');
  const students = [
    await createStudent(ctx.prisma, centre.id, { firstName: 'Cleo', lastName: 'Chen' }),
    await createStudent(ctx.prisma, centre.id, { firstName: 'Dan', lastName: 'Diaz' }),
    await createStudent(ctx.prisma, centre.id, { firstName: 'Eve', lastName: 'Evans' }),
  ];
  return {
    users: { admin: staff.admin, operator: staff.operator, teacher: staff.teacher, system: staff.system },
    tokens: staff.tokens,
    centre,
    ann,
    bob,
    course,
    physics,
    students,
    admin: scheduleCaller(ctx.app, staff.tokens.admin),
    operator: scheduleCaller(ctx.app, staff.tokens.operator),
    system: scheduleCaller(ctx.app, staff.tokens.system),
    /** The user with ROLE_TEACHER but no Teacher record. */
    teacherLogin: scheduleCaller(ctx.app, staff.tokens.teacher),
  };
}
export type ScheduleCentre = Awaited<ReturnType<typeof createScheduleCentre>>;

/** A valid one-on-one class body for the centre; override what a test is about. */
export function classBody(
  centre: Pick<ScheduleCentre, 'ann' | 'course' | 'students'>,
  overrides: Partial<TScheduleCreateBody> = {},
): TScheduleCreateBody {
  return {
    courseType: 'ONE_ON_ONE',
    courseId: centre.course.id,
    teacherId: centre.ann.id,
    startAt: '2026-03-02T21:00:00Z',
    endAt: '2026-03-02T22:00:00Z',
    paymentType: 'VOUCHER',
    students: [{ studentId: centre.students[0].id }],
    ...overrides,
  };
}

/** An ISO instant `hours` from now, rounded to the minute. */
export function hoursFromNow(hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}

/** The schedule rows of a series in time order. */
export function seriesRows(prisma: PrismaClient, seriesId: number) {
  return prisma.schedule.findMany({
    where: { seriesId },
    orderBy: { startAt: 'asc' },
    include: { students: true },
  });
}

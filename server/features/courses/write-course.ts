import type { z } from 'zod';
import { COURSE_IN_USE_MESSAGE, COURSE_NUMBER_TAKEN_MESSAGE, type ZCourseBody } from '../../../src/contracts/courses';
import { recordAudit } from '../../audit/record-audit';
import { courseSnapshot } from '../../audit/snapshots';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { courseSelect, toCourse } from './course-view';
import { assertTeachersUsable } from './references';
import { refuseDuplicate } from './unique-refusal';

// The (organisation, school, course number) unique index is the guard, also against two saves at once.
const numberTaken = refuseDuplicate(
  ['school', 'courseNumber'],
  'courseNumber',
  COURSE_NUMBER_TAKEN_MESSAGE,
  'coursenumberexists',
);

type CourseBody = z.output<typeof ZCourseBody>;

const courseAudit = (row: Parameters<typeof toCourse>[0]) => courseSnapshot(toCourse(row));

export async function getCourse(prisma: PrismaClient, auth: AuthContext, id: number) {
  const course = await prisma.course.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: courseSelect,
  });
  if (!course) throw notFound('Course', id);
  return toCourse(course);
}

export async function createCourse(prisma: PrismaClient, auth: AuthContext, body: CourseBody) {
  const organisationId = organisationOf(auth);
  const { teacherIds, ...fields } = body;
  const course = await prisma
    .$transaction(async (tx) => {
      await assertTeachersUsable(tx, organisationId, teacherIds, 'teacherIds');
      const created = await tx.course.create({
        data: { ...fields, organisationId, teachers: { connect: teacherIds.map((id) => ({ id })) } },
        select: courseSelect,
      });
      await recordAudit(tx, auth, [
        { entity: 'COURSE', entityId: created.id, action: 'CREATE', before: null, after: courseAudit(created) },
      ]);
      return created;
    })
    .catch(numberTaken);
  return toCourse(course);
}

export async function updateCourse(prisma: PrismaClient, auth: AuthContext, id: number, body: CourseBody) {
  const organisationId = organisationOf(auth);
  const { teacherIds, ...fields } = body;
  const course = await prisma
    .$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "Course" WHERE "id" = ${id} AND "organisationId" = ${organisationId} FOR NO KEY UPDATE`;
      const current = await tx.course.findFirst({ where: { id, organisationId }, select: courseSelect });
      if (!current) throw notFound('Course', id);
      const linked = current.teachers.map((t) => t.id);
      await assertTeachersUsable(tx, organisationId, teacherIds, 'teacherIds', linked);
      const updated = await tx.course.update({
        where: { id },
        data: { ...fields, teachers: { set: [...new Set(teacherIds)].map((teacherId) => ({ id: teacherId })) } },
        select: courseSelect,
      });
      await recordAudit(tx, auth, [
        { entity: 'COURSE', entityId: id, action: 'UPDATE', before: courseAudit(current), after: courseAudit(updated) },
      ]);
      return updated;
    })
    .catch(numberTaken);
  return toCourse(course);
}

export async function deleteCourse(prisma: PrismaClient, auth: AuthContext, id: number): Promise<undefined> {
  const organisationId = organisationOf(auth);
  await prisma.$transaction(async (tx) => {
    const course = await tx.course.findFirst({
      where: { id, organisationId },
      select: { ...courseSelect, _count: { select: { terms: true, termRegisters: true } } },
    });
    if (!course) throw notFound('Course', id);
    if (course._count.terms + course._count.termRegisters > 0) {
      throw new AppError('conflict', COURSE_IN_USE_MESSAGE, { errorKey: 'courseinuse' });
    }
    await tx.course.delete({ where: { id } });
    await recordAudit(tx, auth, [
      { entity: 'COURSE', entityId: id, action: 'DELETE', before: courseAudit(course), after: null },
    ]);
  });
  return undefined;
}

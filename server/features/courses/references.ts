import type { Prisma } from '../../generated/prisma/client';
import { fieldError } from '../../http/errors';
import { containsLiteral } from '../../http/search';

type Db = Prisma.TransactionClient;

/** What is read of a teacher to show its name. */
export const teacherNameSelect = {
  id: true,
  user: { select: { firstName: true, lastName: true, login: true } },
} as const satisfies Prisma.TeacherSelect;

type TeacherWithName = Prisma.TeacherGetPayload<{ select: typeof teacherNameSelect }>;

/** A teacher as selects and lists show it: {id, name}, the full name (as GET /api/teachers/options) or login. */
export function namedTeacher(teacher: TeacherWithName) {
  const fullName = [teacher.user.firstName, teacher.user.lastName].filter(Boolean).join(' ');
  return { id: teacher.id, name: fullName || teacher.user.login };
}

/**
 * Refuses (400 on `field`) any teacher that is not an active teacher of the centre. Teachers in
 * `alreadyLinked` pass even when deleted since, so editing an old record does not fail on them.
 */
export async function assertTeachersUsable(
  db: Db,
  organisationId: number,
  ids: readonly number[],
  field: string,
  alreadyLinked: readonly number[] = [],
) {
  const wanted = [...new Set(ids)].filter((id) => !alreadyLinked.includes(id));
  if (wanted.length === 0) return;
  const found = await db.teacher.count({ where: { id: { in: wanted }, organisationId, deletedAt: null } });
  if (found !== wanted.length) throw fieldError(field, 'Choose active teachers of this centre');
}

export async function courseOfCentre(db: Db, organisationId: number, id: number, field = 'courseId') {
  const course = await db.course.findFirst({ where: { id, organisationId }, select: { id: true } });
  if (!course) throw fieldError(field, 'Choose a course of this centre');
  return course;
}

export async function termOfCentre(db: Db, organisationId: number, id: number) {
  const term = await db.term.findFirst({
    where: { id, organisationId },
    select: { id: true, courseId: true, teacherId: true },
  });
  if (!term) throw fieldError('termId', 'Choose a term of this centre');
  return term;
}

export async function studentOfCentre(db: Db, organisationId: number, id: number) {
  const student = await db.student.findFirst({ where: { id, organisationId }, select: { id: true } });
  if (!student) throw fieldError('studentId', 'Choose a student of this centre');
  return student;
}

/** Case-insensitive literal "contains" for a text filter (`%` and `_` match themselves), or nothing when empty. */
export const containsText = containsLiteral;

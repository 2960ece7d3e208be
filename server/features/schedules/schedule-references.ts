import type { Prisma } from '../../generated/prisma/client';
import { fieldError } from '../../http/errors';
import { t } from '../../i18n/text';
import { assertTeachersUsable, courseOfCentre, termOfCentre } from '../courses/references';

type Db = Prisma.TransactionClient;

interface ClassReferences {
  courseId: number;
  teacherId: number;
  termId: number | null;
  students: { studentId: number }[];
}

/**
 * Checks that the course, teacher, term and students of a class belong to the caller's centre (400
 * naming the field otherwise). The teacher must be active and each student active, except those the
 * class already has (`known`), so editing an old class does not fail on them. Returns the default
 * rates: each student's own hourly rate and the teacher's.
 */
export async function classReferences(
  db: Db,
  organisationId: number,
  body: ClassReferences,
  known: { teacherId?: number; studentIds?: number[] } = {},
) {
  await courseOfCentre(db, organisationId, body.courseId);
  await assertTeachersUsable(
    db,
    organisationId,
    [body.teacherId],
    'teacherId',
    known.teacherId ? [known.teacherId] : [],
  );
  if (body.termId !== null) await termOfCentre(db, organisationId, body.termId);
  const ids = body.students.map((s) => s.studentId);
  const found = await db.student.findMany({
    where: { id: { in: ids }, organisationId },
    select: { id: true, active: true, firstName: true, lastName: true, hourlyRate: true },
  });
  const byId = new Map(found.map((s) => [s.id, s]));
  ids.forEach((id, i) => {
    const student = byId.get(id);
    if (!student) throw fieldError(`students.${i}.studentId`, 'Choose a student of this centre');
    if (!student.active && !known.studentIds?.includes(id))
      throw fieldError(
        `students.${i}.studentId`,
        t('{name} is inactive: activate the student first', { name: `${student.firstName} ${student.lastName}` }),
      );
  });
  const teacher = await db.teacher.findUniqueOrThrow({ where: { id: body.teacherId }, select: { hourlyRate: true } });
  return {
    studentRates: new Map(found.map((s) => [s.id, s.hourlyRate?.toFixed(2) ?? null])),
    teacherRate: teacher.hourlyRate?.toFixed(2) ?? null,
  };
}

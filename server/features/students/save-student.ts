import type { z } from 'zod';
import { STUDENT_ID_EXISTS, type ZStudentBody } from '../../../src/contracts/students';
import { recordAudit } from '../../audit/record-audit';
import { studentSnapshot } from '../../audit/snapshots';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { feedbackRecipient, resyncStudentFeedback } from '../feedback/feedback-status';
import { studentLocationFor } from '../locations/site-checks';
import { studentSelect, toStudent } from './student-view';

type StudentInput = z.output<typeof ZStudentBody>;

export const studentIdExists = () =>
  new AppError('conflict', STUDENT_ID_EXISTS, {
    errorKey: 'studentidexists',
    fieldErrors: [{ field: 'studentId', message: STUDENT_ID_EXISTS }],
  });

/** A referrer id must name one of the caller's centre's referrers. */
export async function assertReferrerInCentre(prisma: PrismaClient, organisationId: number, referrerId: number | null) {
  if (referrerId === null) return;
  if (!(await prisma.referrer.count({ where: { id: referrerId, organisationId } }))) {
    throw fieldError('referrerId', 'Choose a referrer of this centre');
  }
}

async function assertStudentIdFree(prisma: PrismaClient, organisationId: number, studentId: string, exceptId?: number) {
  const clash = await prisma.student.count({
    where: { organisationId, studentId, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw studentIdExists();
}

function studentData(input: StudentInput) {
  return { ...input, startDate: toDbDate(input.startDate) };
}

/** The unique index is the real guard when two saves race; same refusal as the check. */
function uniqueRace(error: unknown): unknown {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' ? studentIdExists() : error;
}

export async function createStudent(prisma: PrismaClient, auth: AuthContext, input: StudentInput) {
  const organisationId = organisationOf(auth);
  await assertReferrerInCentre(prisma, organisationId, input.referrerId);
  await assertStudentIdFree(prisma, organisationId, input.studentId);
  try {
    return await prisma.$transaction(async (tx) => {
      const locationId = await studentLocationFor(tx, auth, organisationId, input.locationId);
      const row = await tx.student.create({
        data: { ...studentData(input), locationId, organisationId },
        select: studentSelect,
      });
      const student = toStudent(row);
      await recordAudit(tx, auth, [
        { entity: 'STUDENT', entityId: row.id, action: 'CREATE', before: null, after: studentSnapshot(student) },
      ]);
      return student;
    });
  } catch (error) {
    throw uniqueRace(error);
  }
}

export async function getStudent(prisma: PrismaClient, auth: AuthContext, id: number) {
  const row = await prisma.student.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: studentSelect,
  });
  if (!row) throw notFound('Student', id);
  return toStudent(row);
}

export async function updateStudent(prisma: PrismaClient, auth: AuthContext, id: number, input: StudentInput) {
  const organisationId = organisationOf(auth);
  if (!(await prisma.student.count({ where: { id, organisationId } }))) throw notFound('Student', id);
  await assertReferrerInCentre(prisma, organisationId, input.referrerId);
  await assertStudentIdFree(prisma, organisationId, input.studentId, id);
  // A student moves between locations of the centre, a site-limited operator's own only; left out,
  // the student stays where they are.
  if (input.locationId !== undefined) await studentLocationFor(prisma, auth, organisationId, input.locationId);
  try {
    return await prisma.$transaction(async (tx) => {
      // Read under the row lock: the audit's "before" is what this update replaced.
      await tx.$queryRaw`SELECT 1 FROM "Student" WHERE id = ${id} FOR NO KEY UPDATE`;
      const before = toStudent(await tx.student.findUniqueOrThrow({ where: { id }, select: studentSelect }));
      const row = await tx.student.update({ where: { id }, data: studentData(input), select: studentSelect });
      const student = toStudent(row);
      if (feedbackRecipient(before) !== feedbackRecipient(student)) await resyncStudentFeedback(tx, id);
      await recordAudit(tx, auth, [
        {
          entity: 'STUDENT',
          entityId: id,
          action: 'UPDATE',
          before: studentSnapshot(before),
          after: studentSnapshot(student),
        },
      ]);
      return student;
    });
  } catch (error) {
    throw uniqueRace(error);
  }
}

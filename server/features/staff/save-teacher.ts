import {
  ONLY_ADMIN_SETS_PASSWORD,
  type TCreateTeacherBody,
  type TUpdateTeacherBody,
} from '../../../src/contracts/teachers';
import { recordAudit } from '../../audit/record-audit';
import { SECRET_SET, secretChange, teacherSnapshot } from '../../audit/snapshots';
import { hashPassword } from '../../auth/passwords';
import { decryptSin, sinColumns } from '../../auth/sin-cipher';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { assertLoginAndEmailFree, uniqueViolation } from '../account/uniqueness';
import { type SinView, type TeacherRow, teacherInclude, teacherScope, toTeacher } from './teacher-view';

export const EMPLOYEE_ID_TAKEN = 'Employee ID already used by another teacher';

/** A teacher of the caller's centre (deleted ones too), or 404. */
export async function findTeacher(prisma: PrismaClient, auth: AuthContext, id: number) {
  const row = await prisma.teacher.findFirst({ where: { id, ...teacherScope(auth) }, include: teacherInclude });
  if (!row) throw notFound('Teacher', id);
  return row;
}

async function assertCoursesOfCentre(prisma: PrismaClient, organisationId: number, courseIds: number[]) {
  const ids = [...new Set(courseIds)];
  if (!ids.length) return ids;
  const found = await prisma.course.findMany({ where: { id: { in: ids }, organisationId }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((course) => course.id === id));
  if (missing.length) throw fieldError('courseIds', t('Unknown course: {ids}', { ids: missing.join(', ') }));
  return ids;
}

async function assertEmployeeIdFree(
  prisma: PrismaClient,
  organisationId: number,
  employeeId: string | null,
  exceptId?: number,
) {
  if (!employeeId) return;
  const taken = await prisma.teacher.count({
    where: { organisationId, employeeId, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (taken) throw fieldError('employeeId', EMPLOYEE_ID_TAKEN, { errorKey: 'employeeidexists' });
}

/** The unique indexes stay the real guard: a race ends in the same refusals as the checks. */
function refuseDuplicates(error: unknown): never {
  const known = error as { code?: string; meta?: unknown };
  if (known.code === 'P2002' && JSON.stringify(known.meta ?? {}).includes('employeeId')) {
    throw fieldError('employeeId', EMPLOYEE_ID_TAKEN, { errorKey: 'employeeidexists' });
  }
  throw uniqueViolation(error) ?? error;
}

/** The audit's view of a teacher: never the SIN (masked or not). */
export const teacherAudit = (row: TeacherRow) => teacherSnapshot(toTeacher(row, { reveal: false, key: undefined }));

/** Whether `sin` (the update's: undefined keeps it) differs from the stored one; compared in memory only. */
function sinChanged(key: Buffer | undefined, stored: string | null, sin: string | null | undefined): boolean {
  if (sin === undefined) return false;
  if (stored === null || sin === null) return stored !== sin;
  try {
    return decryptSin(key, stored) !== sin;
  } catch {
    return true;
  }
}

/** What create, update and import have in common. */
type TeacherFieldsInput = Omit<TUpdateTeacherBody, 'password' | 'sin'>;

export function userFields(body: TeacherFieldsInput) {
  return {
    login: body.login.toLowerCase(),
    email: body.email.toLowerCase(),
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
    activated: body.activated,
  };
}

export function teacherFields(body: TeacherFieldsInput) {
  return {
    employeeId: body.employeeId,
    preferredName: body.preferredName,
    birthday: toDbDate(body.birthday),
    wechat: body.wechat,
    payrollContact: body.payrollContact,
    hourlyRate: body.hourlyRate,
    operatingArea: body.operatingArea,
    advantage: body.advantage,
    disadvantage: body.disadvantage,
    feedback: body.feedback,
    colour: body.colour,
  };
}

interface SaveOptions {
  prisma: PrismaClient;
  auth: AuthContext;
  view: SinView;
}

/** The user and the teacher record, both or neither. */
export async function createTeacher({ prisma, auth, view }: SaveOptions, body: TCreateTeacherBody) {
  const organisationId = organisationOf(auth);
  const user = userFields(body);
  await assertLoginAndEmailFree(prisma, { login: user.login, email: user.email, asker: auth });
  await assertEmployeeIdFree(prisma, organisationId, body.employeeId);
  const courseIds = await assertCoursesOfCentre(prisma, organisationId, body.courseIds);
  const passwordHash = await hashPassword(body.password);
  const created = await prisma
    .$transaction(async (tx: Prisma.TransactionClient) => {
      const { id: userId } = await tx.user.create({
        data: { ...user, passwordHash, roles: ['ROLE_TEACHER'], organisationId },
        select: { id: true },
      });
      const teacher = await tx.teacher.create({
        data: {
          ...teacherFields(body),
          ...sinColumns(view.key, body.sin),
          organisationId,
          userId,
          courses: { connect: courseIds.map((id) => ({ id })) },
        },
        include: teacherInclude,
      });
      const after = { ...teacherAudit(teacher), ...(body.sin ? { sin: SECRET_SET } : {}) };
      await recordAudit(tx, auth, [{ entity: 'TEACHER', entityId: teacher.id, action: 'CREATE', before: null, after }]);
      return teacher;
    })
    .catch(refuseDuplicates);
  return toTeacher(created, view);
}

export async function updateTeacher({ prisma, auth, view }: SaveOptions, id: number, body: TUpdateTeacherBody) {
  const organisationId = organisationOf(auth);
  const current = await findTeacher(prisma, auth, id);
  if (current.deletedAt) throw new AppError('conflict', 'This teacher was deleted and cannot be changed');
  const user = userFields(body);
  await assertLoginAndEmailFree(prisma, {
    login: user.login,
    email: user.email,
    exceptUserId: current.userId,
    asker: auth,
  });
  await assertEmployeeIdFree(prisma, organisationId, body.employeeId, id);
  const courseIds = await assertCoursesOfCentre(prisma, organisationId, body.courseIds);
  // Setting a password (an admin's right only) or deactivating ends the teacher's current sessions.
  if (body.password && !auth.authorities.includes('ROLE_ADMIN')) {
    throw new AppError('forbidden', ONLY_ADMIN_SETS_PASSWORD, {
      fieldErrors: [{ field: 'password', message: ONLY_ADMIN_SETS_PASSWORD }],
    });
  }
  const password = body.password ? { passwordHash: await hashPassword(body.password) } : {};
  const revoke = body.password || (current.user.activated && !user.activated) ? { tokenVersion: { increment: 1 } } : {};
  const updated = await prisma
    .$transaction(async (tx: Prisma.TransactionClient) => {
      // Under the row lock, so that the audit's "before" is what this update replaced.
      await tx.$queryRaw`SELECT "id" FROM "Teacher" WHERE "id" = ${id} FOR NO KEY UPDATE`;
      const before = await tx.teacher.findUniqueOrThrow({ where: { id }, include: teacherInclude });
      await tx.user.update({ where: { id: current.userId }, data: { ...user, ...password, ...revoke } });
      const updated = await tx.teacher.update({
        where: { id },
        data: {
          ...teacherFields(body),
          ...(body.sin === undefined ? {} : sinColumns(view.key, body.sin)),
          courses: { set: courseIds.map((courseId) => ({ id: courseId })) },
        },
        include: teacherInclude,
      });
      const had = before.sinEncrypted !== null;
      const sin = secretChange('sin', sinChanged(view.key, before.sinEncrypted, body.sin), had, body.sin !== null);
      const pass = secretChange('password', !!body.password, before.user.passwordHash !== null, true);
      await recordAudit(tx, auth, [
        {
          entity: 'TEACHER',
          entityId: id,
          action: 'UPDATE',
          before: { ...teacherAudit(before), ...sin.before, ...pass.before },
          after: { ...teacherAudit(updated), ...sin.after, ...pass.after },
        },
      ]);
      return updated;
    })
    .catch(refuseDuplicates);
  return toTeacher(updated, view);
}

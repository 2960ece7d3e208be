import type { Request, Response } from 'express';
import {
  SIN_MASK_PATTERN,
  type TImportReply,
  type TImportRowError,
  teacherImportHeaders,
  teacherRequiredHeaders,
  ZCreateTeacherBody,
} from '../../../src/contracts/teachers';
import { recordAudit } from '../../audit/record-audit';
import { SECRET_SET } from '../../audit/snapshots';
import { sinColumns } from '../../auth/sin-cipher';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import {
  eachInTurns,
  findInBatches,
  importRefused,
  importReport,
  nextTurn,
  readSpreadsheet,
  sendXlsx,
} from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { noticeImportFinished } from '../../notices/create-notices';
import { EMPLOYEE_ID_TAKEN, teacherAudit, teacherFields, userFields } from './save-teacher';
import { teacherInclude } from './teacher-view';

type Header = (typeof teacherImportHeaders)[number];
// Imported teachers get no password: hashing one per row cost 0.35 s each. They sign in once invited
// or once an admin sets a password on the teacher form.
export const ZImportedTeacher = ZCreateTeacherBody.omit({ password: true });
type ImportedTeacher = ReturnType<typeof ZImportedTeacher.parse>;

const fieldOfHeader: Partial<Record<Header, keyof ImportedTeacher>> = {
  Login: 'login',
  Email: 'email',
  'First Name': 'firstName',
  'Last Name': 'lastName',
  'Preferred Name': 'preferredName',
  'Employee ID': 'employeeId',
  Phone: 'phone',
  'Hourly Rate': 'hourlyRate',
  SIN: 'sin',
  Colour: 'colour',
  Activated: 'activated',
};
const headerOfField = (field: string) =>
  teacherImportHeaders.find((header) => fieldOfHeader[header] === field) ?? field;
const NOUN = { one: 'teacher', many: 'teachers' };

/** "Yes/No", "true/false", "1/0"; empty means active; anything else stays text (refused by the contract). */
function yesNo(text: string): boolean | string | undefined {
  const value = text.toLowerCase();
  if (value === '') return undefined;
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  return text;
}

interface ValidRow {
  row: number;
  body: ImportedTeacher;
}

/**
 * Each row checked on its own, then against the other rows and the database (duplicates), taking
 * turns with other requests (eachInTurns, findInBatches): an import never holds the API.
 */
async function checkRows(prisma: PrismaClient, organisationId: number, req: Request) {
  const rows = await readSpreadsheet(req.body, req.headers['content-type']);
  const missing = teacherRequiredHeaders.filter((header) => rows.length && !(header in rows[0].values));
  if (missing.length) {
    throw fieldError('file', t('Missing columns: {columns}', { columns: missing.join(', ') }));
  }
  const courses = await prisma.course.findMany({ where: { organisationId }, select: { id: true, name: true } });
  const courseIdsOf = new Map<string, number[]>();
  for (const course of courses) {
    const key = course.name.trim().toLowerCase();
    courseIdsOf.set(key, [...(courseIdsOf.get(key) ?? []), course.id]);
  }
  const errors: TImportRowError[] = [];
  const valid: ValidRow[] = [];
  await eachInTurns(rows, ({ rowNumber, values }) => {
    const input: Record<string, unknown> = {};
    for (const [header, field] of Object.entries(fieldOfHeader)) input[field] = values[header] || undefined;
    // The export masks SINs: a masked one says nothing to import.
    if (typeof input.sin === 'string' && SIN_MASK_PATTERN.test(input.sin)) input.sin = undefined;
    input.activated = yesNo(values.Activated ?? '');
    const courseIds: number[] = [];
    let courseErrors = 0;
    for (const name of (values.Courses ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)) {
      const ids = courseIdsOf.get(name.toLowerCase()) ?? [];
      if (ids.length === 1) courseIds.push(ids[0]);
      else {
        const message = ids.length ? `Several courses are named "${name}"` : `No course is named "${name}"`;
        errors.push({ row: rowNumber, field: 'Courses', message });
        courseErrors++;
      }
    }
    input.courseIds = courseIds;
    const parsed = ZImportedTeacher.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        const message = field === 'activated' ? 'Enter Yes or No' : issue.message;
        errors.push({ row: rowNumber, field: headerOfField(field), message });
      }
    } else if (courseErrors === 0) valid.push({ row: rowNumber, body: parsed.data });
  });
  const seen = {
    login: new Map<string, number>(),
    email: new Map<string, number>(),
    employeeId: new Map<string, number>(),
  };
  await eachInTurns(valid, ({ row, body }) => {
    const keys = { login: body.login.toLowerCase(), email: body.email.toLowerCase(), employeeId: body.employeeId };
    for (const field of ['login', 'email', 'employeeId'] as const) {
      const key = keys[field];
      if (!key) continue;
      const first = seen[field].get(key);
      if (first) errors.push({ row, field: headerOfField(field), message: `Same as row ${first}` });
      else seen[field].set(key, row);
    }
  });
  // Logins and emails are unique across centres: users of any centre count.
  const byLogin = await findInBatches([...seen.login.keys()], (logins) =>
    prisma.user.findMany({ where: { login: { in: logins } }, select: { login: true } }),
  );
  for (const user of byLogin) {
    const loginRow = seen.login.get(user.login);
    if (loginRow) errors.push({ row: loginRow, field: 'Login', message: 'User already exists!' });
  }
  const byEmail = await findInBatches([...seen.email.keys()], (emails) =>
    prisma.user.findMany({ where: { email: { in: emails } }, select: { email: true } }),
  );
  for (const user of byEmail) {
    const emailRow = seen.email.get(user.email);
    if (emailRow) errors.push({ row: emailRow, field: 'Email', message: 'Email already exists!' });
  }
  const teachers = await findInBatches([...seen.employeeId.keys()], (employeeIds) =>
    prisma.teacher.findMany({
      where: { organisationId, employeeId: { in: employeeIds } },
      select: { employeeId: true },
    }),
  );
  for (const { employeeId } of teachers) {
    const row = employeeId ? seen.employeeId.get(employeeId) : undefined;
    if (row) errors.push({ row, field: 'Employee ID', message: EMPLOYEE_ID_TAKEN });
  }
  return { total: rows.length, valid, errors };
}

/** Rows inserted per statement, a turn of the event loop between (the whole import is one transaction). */
const INSERT_BATCH = 1000;

/**
 * Users in bulk (no password), then their teacher records in bulk, INSERT_BATCH rows at a time; course
 * links per course; audit records per batch.
 */
async function insertTeachers(
  tx: Prisma.TransactionClient,
  auth: AuthContext,
  organisationId: number,
  sinKey: Buffer | undefined,
  valid: ValidRow[],
) {
  const teachersOfCourse = new Map<number, number[]>();
  const created: number[] = [];
  for (let at = 0; at < valid.length; at += INSERT_BATCH) {
    if (at > 0) await nextTurn();
    const part = valid.slice(at, at + INSERT_BATCH);
    const users = await tx.user.createManyAndReturn({
      data: part.map(({ body }) => ({
        ...userFields(body),
        passwordHash: null,
        roles: ['ROLE_TEACHER'],
        organisationId,
      })),
      select: { id: true, login: true },
    });
    const userIdOf = new Map(users.map((user) => [user.login, user.id]));
    const teachers = await tx.teacher.createManyAndReturn({
      data: part.map(({ body }) => ({
        ...teacherFields(body),
        ...sinColumns(sinKey, body.sin),
        organisationId,
        userId: userIdOf.get(body.login.toLowerCase()) as number,
      })),
      select: { id: true, userId: true },
    });
    const teacherOfUser = new Map(teachers.map((teacher) => [teacher.userId, teacher.id]));
    for (const { body } of part) {
      const teacherId = teacherOfUser.get(userIdOf.get(body.login.toLowerCase()) as number) as number;
      for (const courseId of new Set(body.courseIds)) {
        teachersOfCourse.set(courseId, [...(teachersOfCourse.get(courseId) ?? []), teacherId]);
      }
    }
    created.push(...teachers.map((teacher) => teacher.id));
  }
  for (const [courseId, teacherIds] of teachersOfCourse) {
    await tx.course.update({
      where: { id: courseId },
      data: { teachers: { connect: teacherIds.map((id) => ({ id })) } },
    });
  }
  for (let at = 0; at < created.length; at += INSERT_BATCH) {
    await nextTurn();
    const ids = created.slice(at, at + INSERT_BATCH);
    const rows = await tx.teacher.findMany({ where: { id: { in: ids } }, include: teacherInclude });
    await recordAudit(
      tx,
      auth,
      rows.map((row) => ({
        entity: 'TEACHER' as const,
        entityId: row.id,
        action: 'CREATE' as const,
        before: null,
        after: { ...teacherAudit(row), ...(row.sinEncrypted ? { sin: SECRET_SET } : {}) },
      })),
    );
  }
}

/**
 * POST /api/teachers/import: a dry run reports every row's errors; a real run imports all rows in
 * one transaction, or none when any row has an error.
 */
export async function importTeachers(
  { prisma, auth, sinKey }: { prisma: PrismaClient; auth: AuthContext; sinKey: Buffer | undefined },
  req: Request,
  dryRun: boolean,
): Promise<TImportReply> {
  const organisationId = organisationOf(auth);
  const { total, valid, errors } = await checkRows(prisma, organisationId, req);
  const checked = await importReport(NOUN, teacherImportHeaders, { dryRun, total, errors, imported: 0 });
  if (dryRun) return checked;
  if (checked.errors.length) {
    throw importRefused(checked.errors);
  }
  await prisma.$transaction(
    async (tx) => {
      await insertTeachers(tx, auth, organisationId, sinKey, valid);
      await noticeImportFinished(tx, auth, organisationId, 'TEACHER', valid.length);
    },
    {
      timeout: 120_000,
      maxWait: 10_000,
    },
  );
  return await importReport(NOUN, teacherImportHeaders, { dryRun, total, errors: [], imported: valid.length });
}

/** An empty import file: the header row only (the export's columns). */
export async function sendImportTemplate(res: Response): Promise<undefined> {
  const columns = teacherImportHeaders.map((header) => ({ header, value: () => null }));
  await sendXlsx(res, 'teachers-import', columns, []);
  return undefined;
}

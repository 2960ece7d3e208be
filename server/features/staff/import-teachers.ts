import type { Request, Response } from 'express';
import {
  type TCreateTeacherBody,
  type TImportReply,
  type TImportRowError,
  teacherImportHeaders,
  ZCreateTeacherBody,
} from '../../../src/contracts/teachers';
import { hashPassword } from '../../auth/passwords';
import { sinColumns } from '../../auth/sin-cipher';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { readSpreadsheet, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { EMPLOYEE_ID_TAKEN, teacherFields, userFields } from './save-teacher';

type Header = (typeof teacherImportHeaders)[number];
const fieldOfHeader: Record<Header, keyof TCreateTeacherBody> = {
  Login: 'login',
  Email: 'email',
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Password: 'password',
  'Employee ID': 'employeeId',
  Phone: 'phone',
  'Hourly Rate': 'hourlyRate',
  SIN: 'sin',
  'Preferred Name': 'preferredName',
};
const headerOfField = (field: string) =>
  teacherImportHeaders.find((header) => fieldOfHeader[header] === field) ?? field;

interface ValidRow {
  row: number;
  body: TCreateTeacherBody;
}

/** Each row checked on its own, then against the other rows and the database (duplicates). */
async function checkRows(prisma: PrismaClient, organisationId: number, req: Request) {
  const rows = await readSpreadsheet(req.body, req.headers['content-type']);
  const missing = ['Login', 'Email', 'First Name', 'Last Name', 'Password'].filter(
    (header) => rows.length && !(header in rows[0].values),
  );
  if (missing.length) {
    const message = `Missing columns: ${missing.join(', ')}`;
    throw new AppError('validation', `file: ${message}`, { fieldErrors: [{ field: 'file', message }] });
  }
  const errors: TImportRowError[] = [];
  const valid: ValidRow[] = [];
  for (const { rowNumber, values } of rows) {
    const input = Object.fromEntries(teacherImportHeaders.map((h) => [fieldOfHeader[h], values[h] || undefined]));
    const parsed = ZCreateTeacherBody.safeParse(input);
    if (parsed.success) valid.push({ row: rowNumber, body: parsed.data });
    else {
      for (const issue of parsed.error.issues) {
        errors.push({ row: rowNumber, field: headerOfField(String(issue.path[0])), message: issue.message });
      }
    }
  }
  const seen = {
    login: new Map<string, number>(),
    email: new Map<string, number>(),
    employeeId: new Map<string, number>(),
  };
  for (const { row, body } of valid) {
    const keys = { login: body.login.toLowerCase(), email: body.email.toLowerCase(), employeeId: body.employeeId };
    for (const field of ['login', 'email', 'employeeId'] as const) {
      const key = keys[field];
      if (!key) continue;
      const first = seen[field].get(key);
      if (first) errors.push({ row, field: headerOfField(field), message: `Same as row ${first}` });
      else seen[field].set(key, row);
    }
  }
  const [users, teachers] = await Promise.all([
    prisma.user.findMany({
      where: { OR: [{ login: { in: [...seen.login.keys()] } }, { email: { in: [...seen.email.keys()] } }] },
      select: { login: true, email: true },
    }),
    prisma.teacher.findMany({
      where: { organisationId, employeeId: { in: [...seen.employeeId.keys()] } },
      select: { employeeId: true },
    }),
  ]);
  for (const user of users) {
    const loginRow = seen.login.get(user.login);
    if (loginRow) errors.push({ row: loginRow, field: 'Login', message: 'User already exists!' });
    const emailRow = seen.email.get(user.email);
    if (emailRow) errors.push({ row: emailRow, field: 'Email', message: 'Email already exists!' });
  }
  for (const { employeeId } of teachers) {
    const row = employeeId ? seen.employeeId.get(employeeId) : undefined;
    if (row) errors.push({ row, field: 'Employee ID', message: EMPLOYEE_ID_TAKEN });
  }
  errors.sort((a, b) => a.row - b.row);
  return { total: rows.length, valid, errors };
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
  if (dryRun) return { dryRun, total, imported: 0, errors };
  if (errors.length) {
    throw new AppError('validation', `Nothing was imported: ${errors.length} errors in the file (run a dry run)`, {
      fieldErrors: errors.map((e) => ({ field: `row ${e.row} ${e.field}`, message: e.message })),
    });
  }
  const hashes: string[] = [];
  for (const { body } of valid) hashes.push(await hashPassword(body.password));
  await prisma.$transaction(
    async (tx: Prisma.TransactionClient) => {
      for (const [index, { body }] of valid.entries()) {
        const { id: userId } = await tx.user.create({
          data: { ...userFields(body), passwordHash: hashes[index], roles: ['ROLE_TEACHER'], organisationId },
          select: { id: true },
        });
        await tx.teacher.create({
          data: { ...teacherFields(body), ...sinColumns(sinKey, body.sin), organisationId, userId },
        });
      }
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  return { dryRun, total, imported: valid.length, errors: [] };
}

/** An empty import file: the header row only. */
export async function sendImportTemplate(res: Response): Promise<undefined> {
  const columns = teacherImportHeaders.map((header) => ({ header, value: () => null }));
  await sendXlsx(res, 'teachers-import', columns, []);
  return undefined;
}

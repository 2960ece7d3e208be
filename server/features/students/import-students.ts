import type { Request, Response } from 'express';
import {
  STUDENT_ID_EXISTS,
  STUDENT_IMPORT_HEADERS,
  type TImportReply,
  ZStudentBody,
} from '../../../src/contracts/students';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { toDbDate } from '../../http/list';
import { readSpreadsheet, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';

type ImportError = TImportReply['errors'][number];

// File header -> body field; the zod contract of a single student checks every row.
const FIELD_OF_HEADER: Record<(typeof STUDENT_IMPORT_HEADERS)[number], string> = {
  'Student ID': 'studentId',
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  Phone: 'phone',
  Wechat: 'wechat',
  'Start Date': 'startDate',
  'Hourly Rate': 'hourlyRate',
  'Allow SMS': 'allowSms',
  'Allow Email': 'allowEmail',
  Comments: 'comments',
};
const HEADER_OF_FIELD = Object.fromEntries(Object.entries(FIELD_OF_HEADER).map(([h, f]) => [f, h]));
const BOOLEAN_FIELDS = new Set(['allowSms', 'allowEmail']);

/** "yes/no", "true/false", "1/0", "y/n"; empty means the default; anything else stays text (refused). */
function parseBoolean(text: string): boolean | string | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  return text;
}

export async function sendImportTemplate(res: Response) {
  await sendXlsx(
    res,
    'student-import-template',
    STUDENT_IMPORT_HEADERS.map((header) => ({ header, value: () => null })),
    [],
  );
  return undefined;
}

/**
 * Checks every row (the contract's rules, duplicates within the file and against the centre) and, unless
 * it is a dry run, imports all rows in one transaction — or none when any row is refused.
 */
export async function importStudents(
  prisma: PrismaClient,
  auth: AuthContext,
  req: Request,
  dryRun: boolean,
): Promise<TImportReply> {
  const organisationId = organisationOf(auth);
  const rows = await readSpreadsheet(req.body as Buffer, req.headers['content-type']);
  const errors: ImportError[] = [];
  if (rows.length > 0) {
    const missing = STUDENT_IMPORT_HEADERS.filter((h) => !(h in rows[0].values));
    for (const header of missing) errors.push({ row: 1, field: header, message: `Missing column "${header}"` });
    if (missing.length) return { total: rows.length, valid: 0, errors, imported: 0 };
  }
  const valid: { row: number; data: ReturnType<typeof ZStudentBody.parse> }[] = [];
  const seen = new Map<string, number>();
  for (const { rowNumber, values } of rows) {
    const input: Record<string, unknown> = {};
    for (const [header, field] of Object.entries(FIELD_OF_HEADER)) {
      const text = values[header] ?? '';
      input[field] = BOOLEAN_FIELDS.has(field) ? parseBoolean(text) : text;
    }
    const result = ZStudentBody.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        const message = BOOLEAN_FIELDS.has(field) ? 'Enter Yes or No' : issue.message;
        errors.push({ row: rowNumber, field: HEADER_OF_FIELD[field] ?? field, message });
      }
      continue;
    }
    const first = seen.get(result.data.studentId);
    if (first !== undefined) {
      errors.push({ row: rowNumber, field: 'Student ID', message: `Student ID repeats row ${first}` });
      continue;
    }
    seen.set(result.data.studentId, rowNumber);
    valid.push({ row: rowNumber, data: result.data });
  }
  const existing = await prisma.student.findMany({
    where: { organisationId, studentId: { in: valid.map((v) => v.data.studentId) } },
    select: { studentId: true },
  });
  const taken = new Set(existing.map((s) => s.studentId));
  const importable = valid.filter((v) => {
    if (!taken.has(v.data.studentId)) return true;
    errors.push({ row: v.row, field: 'Student ID', message: STUDENT_ID_EXISTS });
    return false;
  });
  const column = (field: string) => STUDENT_IMPORT_HEADERS.indexOf(field as (typeof STUDENT_IMPORT_HEADERS)[number]);
  errors.sort((a, b) => a.row - b.row || column(a.field) - column(b.field));
  const reply = { total: rows.length, valid: importable.length, errors, imported: 0 };
  if (dryRun || errors.length > 0 || importable.length === 0) return reply;
  await prisma.$transaction(async (tx) => {
    for (let i = 0; i < importable.length; i += 1000) {
      await tx.student.createMany({
        data: importable
          .slice(i, i + 1000)
          .map(({ data }) => ({ ...data, startDate: toDbDate(data.startDate), organisationId })),
      });
    }
  });
  return { ...reply, imported: importable.length };
}

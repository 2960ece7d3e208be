import type { Request, Response } from 'express';
import {
  STUDENT_ID_EXISTS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_REQUIRED_HEADERS,
  type TImportReply,
  ZStudentBody,
} from '../../../src/contracts/students';
import { recordAudit } from '../../audit/record-audit';
import { studentSnapshot } from '../../audit/snapshots';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { toDbDate } from '../../http/list';
import {
  eachInTurns,
  findInBatches,
  importReport,
  nextTurn,
  type RowError,
  readSpreadsheet,
  sendXlsx,
} from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { noticeImportFinished } from '../../notices/create-notices';
import { studentLocationFor } from '../locations/site-checks';
import { sitesOf } from '../locations/sites';
import { studentSelect, toStudent } from './student-view';

type Header = (typeof STUDENT_IMPORT_HEADERS)[number];
// File header -> body field; the zod contract of a single student checks every row. Referrer (a name)
// and Active are looked up and read apart.
const FIELD_OF_HEADER: Partial<Record<Header, string>> = {
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
const NOUN = { one: 'student', many: 'students' };

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

type StudentData = ReturnType<typeof ZStudentBody.parse> & { active: boolean; locationId?: number };

/** Referrers of the centre by name (case-insensitive); a name two referrers share is ambiguous. */
async function referrersByName(prisma: PrismaClient, organisationId: number) {
  const byName = new Map<string, number[]>();
  const referrers = await prisma.referrer.findMany({ where: { organisationId }, select: { id: true, name: true } });
  for (const { id, name } of referrers) {
    const key = name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), id]);
  }
  return byName;
}

/**
 * The centre's active locations by name (case-insensitive) for the Location column (issue 23); a name
 * two locations share cannot happen (names are unique in the centre, whatever their case).
 */
async function locationsByName(prisma: PrismaClient, organisationId: number) {
  const rows = await prisma.location.findMany({
    where: { organisationId, active: true },
    select: { id: true, name: true },
  });
  return new Map(rows.map((l) => [l.name.trim().toLowerCase(), l.id]));
}

/**
 * Checks every row (the contract's rules, duplicates within the file and against the centre) and, unless
 * it is a dry run, imports all rows in one transaction — or none when any row is refused. The checks
 * take turns with other requests (eachInTurns, findInBatches): an import never holds the API.
 */
export async function importStudents(
  prisma: PrismaClient,
  auth: AuthContext,
  req: Request,
  dryRun: boolean,
): Promise<TImportReply> {
  const organisationId = organisationOf(auth);
  const rows = await readSpreadsheet(req.body, req.headers['content-type']);
  const errors: RowError[] = [];
  const report = (imported: number) =>
    importReport(NOUN, STUDENT_IMPORT_HEADERS, { dryRun, total: rows.length, errors, imported });
  if (rows.length > 0) {
    const missing = STUDENT_REQUIRED_HEADERS.filter((h) => !(h in rows[0].values));
    for (const header of missing) errors.push({ row: 1, field: header, message: `Missing column "${header}"` });
    if (missing.length) return { ...(await report(0)), valid: 0 };
  }
  const [referrers, locations] = await Promise.all([
    referrersByName(prisma, organisationId),
    locationsByName(prisma, organisationId),
  ]);
  const sites = sitesOf(auth);
  const valid: { row: number; data: StudentData }[] = [];
  const seen = new Map<string, number>();
  await eachInTurns(rows, ({ rowNumber, values }) => {
    const input: Record<string, unknown> = {};
    for (const [header, field] of Object.entries(FIELD_OF_HEADER)) {
      const text = values[header] ?? '';
      input[field] = BOOLEAN_FIELDS.has(field) ? parseBoolean(text) : text;
    }
    const rowErrors: RowError[] = [];
    const referrer = values.Referrer ?? '';
    const referrerIds = referrer ? (referrers.get(referrer.toLowerCase()) ?? []) : [];
    if (referrer && referrerIds.length !== 1) {
      const message = referrerIds.length
        ? `Several referrers are named "${referrer}"`
        : `No referrer is named "${referrer}"`;
      rowErrors.push({ row: rowNumber, field: 'Referrer', message });
    }
    input.referrerId = referrerIds[0] ?? null;
    const location = (values.Location ?? '').trim();
    const locationId = location ? locations.get(location.toLowerCase()) : undefined;
    if (location && locationId === undefined)
      rowErrors.push({ row: rowNumber, field: 'Location', message: 'No active location of this centre has this name' });
    else if (locationId !== undefined && sites && !sites.includes(locationId))
      rowErrors.push({ row: rowNumber, field: 'Location', message: 'Choose one of your own locations' });
    const active = parseBoolean(values.Active ?? '') ?? true;
    if (typeof active !== 'boolean') rowErrors.push({ row: rowNumber, field: 'Active', message: 'Enter Yes or No' });
    const result = ZStudentBody.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        const message = BOOLEAN_FIELDS.has(field) ? 'Enter Yes or No' : issue.message;
        rowErrors.push({ row: rowNumber, field: HEADER_OF_FIELD[field] ?? field, message });
      }
    }
    errors.push(...rowErrors);
    if (!result.success || rowErrors.length) return;
    const first = seen.get(result.data.studentId);
    if (first !== undefined) {
      errors.push({ row: rowNumber, field: 'Student ID', message: `Student ID repeats row ${first}` });
      return;
    }
    seen.set(result.data.studentId, rowNumber);
    valid.push({ row: rowNumber, data: { ...result.data, active: active === true, locationId } });
  });
  const existing = await findInBatches(
    valid.map((v) => v.data.studentId),
    (studentIds) =>
      prisma.student.findMany({
        where: { organisationId, studentId: { in: studentIds } },
        select: { studentId: true },
      }),
  );
  const taken = new Set(existing.map((s) => s.studentId));
  for (const v of valid) {
    if (taken.has(v.data.studentId)) errors.push({ row: v.row, field: 'Student ID', message: STUDENT_ID_EXISTS });
  }
  const checked = await report(0);
  if (dryRun || checked.errors.length > 0 || valid.length === 0) return checked;
  await prisma.$transaction(
    async (tx) => {
      // A row without a Location is enrolled at the importing operator's first site, else the centre's
      // default location (issue 23).
      const fallbackLocationId = await studentLocationFor(tx, auth, organisationId, undefined);
      for (let i = 0; i < valid.length; i += 1000) {
        if (i > 0) await nextTurn(); // other requests go on between the parts (see eachInTurns)
        const created = await tx.student.createManyAndReturn({
          data: valid.slice(i, i + 1000).map(({ data }) => ({
            ...data,
            startDate: toDbDate(data.startDate),
            locationId: data.locationId ?? fallbackLocationId,
            organisationId,
          })),
          select: studentSelect,
        });
        await recordAudit(
          tx,
          auth,
          created.map((row) => ({
            entity: 'STUDENT' as const,
            entityId: row.id,
            action: 'CREATE' as const,
            before: null,
            after: studentSnapshot(toStudent(row)),
          })),
        );
      }
      await noticeImportFinished(tx, auth, organisationId, 'STUDENT', valid.length);
    },
    // 20,000 students took longer than Prisma's default 5 s on PostgreSQL: the import failed (500).
    { timeout: 120_000, maxWait: 10_000 },
  );
  return await report(valid.length);
}

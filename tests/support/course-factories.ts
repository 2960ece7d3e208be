import ExcelJS from 'exceljs';
import request from 'supertest';
import type { PrismaClient } from '../../server/generated/prisma/client';

let sequence = 0;

/** A teacher of the centre: a ROLE_TEACHER user plus its Teacher record (created directly). */
export async function createTeacher(
  prisma: PrismaClient,
  organisationId: number,
  { firstName = 'Tina', lastName = `Teacher${++sequence}`, deleted = false } = {},
) {
  const login = `courseteacher${++sequence}${Date.now().toString(36)}`;
  const user = await prisma.user.create({
    data: {
      login,
      email: `${login}@example.test`,
      passwordHash: 'not-a-real-hash',
      firstName,
      lastName,
      roles: ['ROLE_TEACHER'],
      organisationId,
      activated: !deleted,
    },
  });
  const teacher = await prisma.teacher.create({
    data: { organisationId, userId: user.id, deletedAt: deleted ? new Date() : null },
  });
  return { ...teacher, name: `${firstName} ${lastName}` };
}

/** A student of the centre (created directly). */
export async function createStudent(
  prisma: PrismaClient,
  organisationId: number,
  { firstName = 'Sam', lastName = `Student${++sequence}`, studentId = `S${++sequence}` } = {},
) {
  return prisma.student.create({ data: { organisationId, studentId, firstName, lastName } });
}

/** The rows of the first sheet of an .xlsx reply, as arrays of cell values (header first), empty cells as null. */
export async function xlsxRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, c) => row.getCell(c + 1).value ?? null));
  });
  return rows;
}

type App = Parameters<typeof request>[0];
/** Requests to `app` with `token` as the bearer. */
export function callerWith(app: App, token: string) {
  const auth = `Bearer ${token}`;
  return {
    get: (url: string, query: Record<string, string | number | boolean> = {}) =>
      request(app).get(url).query(query).set('Authorization', auth),
    download: (url: string, query: Record<string, string | number | boolean> = {}) =>
      request(app).get(url).query(query).set('Authorization', auth).responseType('blob'),
    post: (url: string, body: object) => request(app).post(url).send(body).set('Authorization', auth),
    put: (url: string, body: object) => request(app).put(url).send(body).set('Authorization', auth),
    delete: (url: string) => request(app).delete(url).set('Authorization', auth),
  };
}

/** The fields a refusal names. */
export const fieldsOf = (body: { fieldErrors?: { field: string }[] }) =>
  (body.fieldErrors ?? []).map((f) => f.field).sort();

import ExcelJS from 'exceljs';
import request from 'supertest';
import type { TCreateStaffRequest } from '../../src/contracts/staff';
import type { TCreateTeacherRequest } from '../../src/contracts/teachers';
import type { TestContext } from './test-app';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${++sequence}`;

/** A valid new operator; override what a test is about. */
export function staffBody(overrides: Partial<TCreateStaffRequest> = {}): TCreateStaffRequest {
  const login = `staff${unique()}`;
  return {
    login,
    password: 'staff-password-1',
    firstName: 'Stella',
    lastName: 'Staff',
    birthday: '1990-04-05',
    role: 'ROLE_OPERATOR',
    email: `${login}@example.test`,
    phone: '416-555-0100',
    activated: true,
    gmail: `${login}@gmail.com`,
    ...overrides,
  };
}

/** A valid new teacher; override what a test is about. */
export function teacherBody(overrides: Partial<TCreateTeacherRequest> = {}): TCreateTeacherRequest {
  const login = `teach${unique()}`;
  return {
    login,
    password: 'teacher-password-1',
    firstName: 'Terry',
    lastName: 'Tutor',
    email: `${login}@example.test`,
    phone: '416-555-0199',
    activated: true,
    employeeId: `E-${unique()}`,
    preferredName: 'Tee',
    birthday: '1985-01-31',
    wechat: 'terry_wx',
    sin: '046454286',
    payrollContact: 'payroll@example.test',
    hourlyRate: '35.5',
    operatingArea: 'Downtown',
    advantage: 'Patient',
    disadvantage: 'Busy on Fridays',
    feedback: 'Great with kids',
    colour: '#1890FF',
    courseIds: [],
    ...overrides,
  };
}

export async function createCourse(ctx: TestContext, organisationId: number, name: string) {
  return ctx.prisma.course.create({ data: { organisationId, name } });
}

type App = TestContext['app'];
/** Requests to `app` as the holder of `token`. */
export function as(app: App, token: string) {
  const auth = `Bearer ${token}`;
  return {
    get: (url: string, query: Record<string, string | number | boolean> = {}) =>
      request(app).get(url).query(query).set('Authorization', auth),
    download: (url: string, query: Record<string, string | number | boolean> = {}) =>
      request(app)
        .get(url)
        .query(query)
        .set('Authorization', auth)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        }),
    post: (url: string, body: object = {}) => request(app).post(url).send(body).set('Authorization', auth),
    put: (url: string, body: object) => request(app).put(url).send(body).set('Authorization', auth),
    delete: (url: string) => request(app).delete(url).set('Authorization', auth),
    upload: (url: string, file: Buffer | string, contentType: string, query: Record<string, string> = {}) =>
      request(app).post(url).query(query).set('Authorization', auth).set('Content-Type', contentType).send(file),
  };
}

/** The rows of the first sheet of an .xlsx file, as text. */
export async function readXlsx(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(String(row.getCell(c).value ?? ''));
    rows.push(cells);
  });
  return rows;
}

/** An .xlsx file made of `rows` (the first row is the header). */
export async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Teachers');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The fields a refusal names, sorted. */
export const fieldsOf = (body: { fieldErrors?: { field: string }[] }) =>
  (body.fieldErrors ?? []).map((f) => f.field).sort();

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teacherImportHeaders } from '../../src/contracts/teachers';
import { createCentreWithStaff } from '../support/factories';
import { as, createCourse, readXlsx, teacherBody, xlsxOf } from '../support/staff-factories';
import { createTestContext, type TestContext } from '../support/test-app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let operator: ReturnType<typeof as>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  operator = as(ctx.app, first.tokens.operator);
});
afterAll(() => ctx.close());

const header = [...teacherImportHeaders];
const row = (login: string, overrides: Partial<Record<(typeof header)[number], string>> = {}) => {
  const values: Record<string, string> = {
    Login: login,
    Email: `${login}@example.test`,
    'First Name': 'Ima',
    'Last Name': 'Port',
    'Employee ID': `EMP-${login}`,
    Phone: '416 555 0123',
    'Hourly Rate': '40',
    SIN: '046454286',
    'Preferred Name': 'Imo',
    Colour: '',
    Courses: '',
    Activated: '',
    ...overrides,
  };
  return header.map((h) => values[h]);
};
const csvOf = (rows: string[][]) => rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
const countImported = () => ctx.prisma.teacher.count({ where: { organisationId: first.centre.id } });

describe('GET /api/teachers/import-template', () => {
  it('is an .xlsx file with the import columns', async () => {
    const res = await operator.download('/api/teachers/import-template');
    expect(res.status).toBe(200);
    expect(await readXlsx(res.body as Buffer)).toEqual([header]);
  });
});

describe('POST /api/teachers/import', () => {
  it('a dry run reports each row error with row, field and message, and imports nothing', async () => {
    const file = await xlsxOf([
      header,
      row('good.one'),
      row('bad.sin', { SIN: '12345678' }),
      row('good.one', { Email: 'other@example.test', 'Employee ID': 'X-9' }),
      row('bad.mail', { Email: 'nope', Activated: 'maybe' }),
      row(first.operator.login),
    ]);
    const res = await operator.upload('/api/teachers/import', file, XLSX, { dryRun: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: true,
      total: 5,
      valid: 1,
      imported: 0,
      message: '6 errors in 4 rows: correct them, then import',
    });
    expect(res.body.errors).toEqual([
      { row: 3, field: 'SIN', message: 'SIN must be exactly 9 digits' },
      { row: 4, field: 'Login', message: 'Same as row 2' },
      { row: 5, field: 'Email', message: 'Input a valid email address' },
      { row: 5, field: 'Activated', message: 'Enter Yes or No' },
      { row: 6, field: 'Login', message: 'User already exists!' },
      { row: 6, field: 'Email', message: 'Email already exists!' },
    ]);
    expect(await countImported()).toBe(0);
  });

  it('a real run with any invalid row imports none of them', async () => {
    const file = csvOf([header, row('fine.row'), row('broken.row', { 'Hourly Rate': '12.345' })]);
    const res = await operator.upload('/api/teachers/import', file, 'text/csv', { dryRun: 'false' });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('1 error in 1 row: nothing was imported');
    expect(res.body.fieldErrors).toEqual([
      { field: 'row 3 Hourly Rate', message: 'Enter an amount of at least 0 with at most 2 decimals' },
    ]);
    expect(await countImported()).toBe(0);
    expect(await ctx.prisma.user.count({ where: { login: 'fine.row' } })).toBe(0);
  });

  it('a real run of valid rows imports all of them in one go, SINs encrypted', async () => {
    const file = csvOf([header, row('csv.one'), row('csv.two', { SIN: '', 'Employee ID': '' })]);
    const dry = await operator.upload('/api/teachers/import', file, 'text/csv');
    expect(dry.body).toMatchObject({ dryRun: true, total: 2, errors: [] });
    const res = await operator.upload('/api/teachers/import', file, 'text/csv', { dryRun: 'false' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dryRun: false,
      total: 2,
      valid: 2,
      imported: 2,
      errors: [],
      message: 'Imported 2 teachers',
    });
    const list = await operator.get('/api/teachers', { q: 'csv.' });
    expect(list.body.data.map((t: { login: string; sin: string | null }) => [t.login, t.sin])).toEqual([
      ['csv.one', '******286'],
      ['csv.two', null],
    ]);
    const stored = await ctx.prisma.teacher.findMany({ where: { user: { login: { startsWith: 'csv.' } } } });
    expect(JSON.stringify(stored)).not.toContain('046454286');
    // Importing the same file again: every row is now a duplicate in the database.
    const again = await operator.upload('/api/teachers/import', file, 'text/csv');
    expect(again.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'Login',
      'Email',
      'Employee ID',
      'Login',
      'Email',
    ]);
  });

  it('refuses files that are not .xlsx or .csv, unreadable ones, and missing columns', async () => {
    const other = await operator.upload('/api/teachers/import', 'hello', 'text/plain');
    expect(other.status).toBe(400);
    const broken = await operator.upload('/api/teachers/import', Buffer.from('not a zip'), XLSX);
    expect(broken.body.fieldErrors).toEqual([{ field: 'file', message: 'The file is not a readable .xlsx workbook' }]);
    const missing = await operator.upload('/api/teachers/import', 'Login,Email\r\na.b.c,a@b.test', 'text/csv');
    expect(missing.body.fieldErrors).toEqual([{ field: 'file', message: 'Missing columns: First Name, Last Name' }]);
  });

  it('imports teachers without a password: they cannot sign in until an admin sets one', async () => {
    const file = csvOf([header, row('no.pass')]);
    expect((await operator.upload('/api/teachers/import', file, 'text/csv', { dryRun: 'false' })).status).toBe(200);
    const user = await ctx.prisma.user.findUniqueOrThrow({ where: { login: 'no.pass' } });
    expect(user.passwordHash).toBeNull();
    const signIn = (password: string) =>
      request(ctx.app).post('/api/authenticate').send({ username: 'no.pass', password });
    expect((await signIn('')).status).toBe(400);
    expect((await signIn('anything-at-all')).status).toBe(401);
    const teacher = await ctx.prisma.teacher.findUniqueOrThrow({ where: { userId: user.id } });
    const shown = await operator.get(`/api/teachers/${teacher.id}`);
    expect(shown.body).toMatchObject({ awaitingInvitation: true, login: 'no.pass' });
    const { password: _, sin: __, ...body } = teacherBody({ login: 'no.pass', email: 'no.pass@example.test' });
    // An operator may not set it; an admin may, and then the teacher signs in.
    const refused = await operator.put(`/api/teachers/${teacher.id}`, { ...body, password: 'chosen-by-admin' });
    expect(refused.status).toBe(403);
    expect(refused.body.fieldErrors).toEqual([
      { field: 'password', message: "Only an admin can set a teacher's password" },
    ]);
    const admin = as(ctx.app, first.tokens.admin);
    const set = await admin.put(`/api/teachers/${teacher.id}`, { ...body, password: 'chosen-by-admin' });
    expect(set.status).toBe(200);
    expect(set.body.awaitingInvitation).toBe(false);
    expect((await signIn('chosen-by-admin')).status).toBe(200);
  });

  it('takes its own export back: masked SINs are left out, courses by name, activation as Yes/No', async () => {
    const course = await createCourse(ctx, first.centre.id, 'Piano');
    const csv = csvOf([
      header,
      row('round.trip', { SIN: '******286', Courses: 'piano', Activated: 'No', 'Hourly Rate': '1200.5' }),
      row('bad.course', { Courses: 'Piano, Harp' }),
    ]);
    const dry = await operator.upload('/api/teachers/import', csv, 'text/csv');
    expect(dry.body.errors).toEqual([{ row: 3, field: 'Courses', message: 'No course is named "Harp"' }]);
    const one = csvOf([header, row('round.trip', { SIN: '******286', Courses: 'piano', Activated: 'No' })]);
    expect((await operator.upload('/api/teachers/import', one, 'text/csv', { dryRun: 'false' })).status).toBe(200);
    const res = await operator.download('/api/teachers/export', { q: 'round.trip' });
    const rows = await readXlsx(res.body as Buffer);
    expect(rows[0]).toEqual(header);
    const values = Object.fromEntries(header.map((h, i) => [h, rows[1][i]]));
    expect(values).toMatchObject({ Login: 'round.trip', SIN: '', Courses: 'Piano', Activated: 'No' });
    const teacher = await ctx.prisma.teacher.findFirstOrThrow({
      where: { user: { login: 'round.trip' } },
      include: { courses: true, user: true },
    });
    expect(teacher.sinLast3).toBeNull();
    expect(teacher.courses.map((c) => c.id)).toEqual([course.id]);
    expect(teacher.user.activated).toBe(false);
  });

  it('is refused to teachers', async () => {
    const res = await as(ctx.app, first.tokens.teacher).upload('/api/teachers/import', 'x', 'text/csv');
    expect(res.status).toBe(403);
  });
});

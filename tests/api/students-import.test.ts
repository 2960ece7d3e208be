import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff } from '../support/factories';
import { createLocation, createSiteOperator } from '../support/location-factories';
import { createStudentRecord, readBinary } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  await createStudentRecord(ctx.prisma, first.centre.id, { studentId: 'TAKEN-1' });
});
afterAll(() => ctx.close());

const HEADER =
  'Student ID,First Name,Last Name,Email,Phone,Wechat,Start Date,Hourly Rate,Allow SMS,Allow Email,Referrer,Active,Comments,Location';
const upload = (body: string | Buffer, dryRun: boolean, type = 'text/csv', token = first.tokens.operator) =>
  request(ctx.app)
    .post('/api/students/import')
    .query({ dryRun: String(dryRun) })
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', type)
    .send(body);
const countOf = () => ctx.prisma.student.count({ where: { organisationId: first.centre.id } });

describe('POST /api/students/import', () => {
  const good = [
    HEADER,
    'IMP-1,Ann,Smith,ann@example.test,416-555-0101,annwx,2026-09-01,40,yes,no,,,"Likes maths, chess"',
    'IMP-2,Ben,Jones,,,,,,,,,,',
  ].join('\n');

  it('a dry run reports the rows and writes nothing', async () => {
    const before = await countOf();
    const res = await upload(good, true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dryRun: true,
      total: 2,
      valid: 2,
      errors: [],
      imported: 0,
      message: '2 students ready to import',
    });
    expect(await countOf()).toBe(before);
  });

  it('refuses every row when one is invalid, naming row, column and rule', async () => {
    const before = await countOf();
    const bad = [
      HEADER,
      'NEW-1,Cat,Lee,cat@example.test,,,,,,,,,',
      'NEW-2,Dan,,dan@,,,,12.345,maybe,,,,',
      'NEW-1,Eve,Kim,,,,,,,,,,',
      'TAKEN-1,Fay,Ng,,,,,,,,,,',
    ].join('\n');
    const res = await upload(bad, false);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(0);
    expect(res.body.total).toBe(4);
    expect(res.body.valid).toBe(1);
    // Four errors in row 3 count that row once: 6 errors in 3 rows.
    expect(res.body.message).toBe('6 errors in 3 rows: nothing was imported');
    expect(res.body.errors).toEqual([
      { row: 3, field: 'Last Name', message: 'Last name is required' },
      { row: 3, field: 'Email', message: 'Input a valid email address' },
      { row: 3, field: 'Hourly Rate', message: expect.stringContaining('2 decimals') },
      { row: 3, field: 'Allow SMS', message: 'Enter Yes or No' },
      { row: 4, field: 'Student ID', message: 'Student ID repeats row 2' },
      { row: 5, field: 'Student ID', message: 'Student ID already exists!' },
    ]);
    expect(await countOf()).toBe(before);
  });

  it('imports all valid rows in one go', async () => {
    const before = await countOf();
    const res = await upload(good, false);
    expect(res.body).toMatchObject({ total: 2, valid: 2, errors: [], imported: 2, message: 'Imported 2 students' });
    expect(await countOf()).toBe(before + 2);
    const ann = await ctx.prisma.student.findFirstOrThrow({ where: { studentId: 'IMP-1' } });
    expect(ann).toMatchObject({ firstName: 'Ann', allowSms: true, allowEmail: false, comments: 'Likes maths, chess' });
    expect(ann.hourlyRate?.toFixed(2)).toBe('40.00');
    // The sender is told in the bell; a refused import below adds no notice.
    const notices = () => ctx.prisma.notice.findMany({ where: { userId: first.operator.id, type: 'IMPORT_FINISHED' } });
    expect((await notices()).map((n) => n.data)).toEqual([{ list: 'STUDENT', count: 2 }]);
    const again = await upload(good, false);
    expect(again.body.imported).toBe(0);
    expect(again.body.errors).toHaveLength(2);
    expect(await notices()).toHaveLength(1);
  });

  it('reads .xlsx files, starting from the template', async () => {
    const template = await request(ctx.app)
      .get('/api/students/import-template')
      .set('Authorization', `Bearer ${first.tokens.admin}`)
      .buffer(true)
      .parse(readBinary as never); // supertest's parser type does not admit the stream it passes;
    expect(template.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.body);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER.split(','));
    expect(sheet.rowCount).toBe(1);
    sheet.addRow([
      'XL-1',
      'Gus',
      'Hill',
      null,
      null,
      null,
      new Date('2026-03-02'),
      35.5,
      true,
      false,
      null,
      'No',
      null,
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(file, false, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.body).toMatchObject({ total: 1, valid: 1, errors: [], imported: 1, message: 'Imported 1 student' });
    const gus = await ctx.prisma.student.findFirstOrThrow({ where: { studentId: 'XL-1' } });
    expect(gus.startDate?.toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(gus).toMatchObject({ allowSms: true, allowEmail: false, active: false });
  });

  it('exports typed cells, quotes formula-like text, and the export edited imports back', async () => {
    const referrer = await ctx.prisma.referrer.create({ data: { organisationId: first.centre.id, name: 'Mrs Wu' } });
    await ctx.prisma.student.create({
      data: {
        organisationId: first.centre.id,
        studentId: 'RT-1',
        firstName: '=HYPERLINK("http://evil.test","x")',
        lastName: '+SUM(1+1)',
        comments: '@SUM(1)',
        phone: '+1 416 555 0101',
        hourlyRate: '1200.5',
        startDate: new Date('2026-09-01T00:00:00Z'),
        allowSms: true,
        referrerId: referrer.id,
      },
    });
    const exported = await request(ctx.app)
      .get('/api/students/export')
      .query({ q: 'RT-1' })
      .set('Authorization', `Bearer ${first.tokens.admin}`)
      .buffer(true)
      .parse(readBinary as never);
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER.split(','));
    const row = sheet.getRow(2);
    const cell = (header: string) => row.getCell(HEADER.split(',').indexOf(header) + 1);
    // Formula-like text is a quoted string, never a formula; a phone number stays as it is.
    expect(cell('First Name').type).toBe(ExcelJS.ValueType.String);
    expect(cell('First Name').value).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(cell('Last Name').value).toBe("'+SUM(1+1)");
    expect(cell('Comments').value).toBe("'@SUM(1)");
    expect(cell('Phone').value).toBe('+1 416 555 0101');
    // Money a number in the centre's currency, a date a date, booleans and links as labels.
    expect(cell('Hourly Rate').value).toBe(1200.5);
    expect(cell('Hourly Rate').numFmt).toContain('CAD');
    expect(cell('Start Date').value).toEqual(new Date('2026-09-01T00:00:00Z'));
    expect(cell('Allow SMS').value).toBe('Yes');
    expect(cell('Referrer').value).toBe('Mrs Wu');
    expect(cell('Active').value).toBe('Yes');
    // Edited (a new student ID) and imported back: every typed cell is read as it was written.
    cell('Student ID').value = 'RT-2';
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(file, false, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.body).toMatchObject({ errors: [], imported: 1, message: 'Imported 1 student' });
    const copy = await ctx.prisma.student.findFirstOrThrow({ where: { studentId: 'RT-2' } });
    expect(copy).toMatchObject({
      firstName: '=HYPERLINK("http://evil.test","x")',
      lastName: '+SUM(1+1)',
      comments: '@SUM(1)',
      phone: '+1 416 555 0101',
      allowSms: true,
      referrerId: referrer.id,
      active: true,
    });
    expect(copy.hourlyRate?.toFixed(2)).toBe('1200.50');
    expect(copy.startDate?.toISOString().slice(0, 10)).toBe('2026-09-01');
  });

  it('enrols each row at the location its Location names, blank at the default; refuses unknown and foreign sites', async () => {
    const org = first.centre.id;
    const north = (await createLocation(ctx.prisma, org, { name: 'North site' })).location;
    const closed = (await createLocation(ctx.prisma, org, { name: 'Old site' })).location;
    await ctx.prisma.location.update({ where: { id: closed.id }, data: { active: false } });
    const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
    const res = await upload(csv('LOC-1,Lia,Park,,,,,,,,,,,north SITE', 'LOC-2,Leo,Park,,,,,,,,,,,'), false);
    expect(res.body).toMatchObject({ errors: [], imported: 2 });
    const at = async (studentId: string) =>
      (await ctx.prisma.student.findFirstOrThrow({ where: { organisationId: org, studentId } })).locationId;
    expect(await at('LOC-1')).toBe(north.id);
    const fallback = await at('LOC-2');
    expect(fallback).not.toBe(north.id);
    expect(await ctx.prisma.location.count({ where: { id: fallback ?? 0, organisationId: org, active: true } })).toBe(
      1,
    );

    // An unknown or inactive location's name refuses the file, in the reader's language too.
    const before = await countOf();
    const bad = csv('LOC-3,Max,Park,,,,,,,,,,,Nowhere', 'LOC-4,Mia,Park,,,,,,,,,,,Old site');
    const refused = await upload(bad, false);
    expect(refused.body.imported).toBe(0);
    expect(refused.body.errors).toEqual([
      { row: 2, field: 'Location', message: 'No active location of this centre has this name' },
      { row: 3, field: 'Location', message: 'No active location of this centre has this name' },
    ]);
    const inChinese = await upload(bad, true).set('Accept-Language', 'zh-CN');
    expect(inChinese.body.errors[0].message).toBe('本中心没有这个名称的启用中校区');
    expect(await countOf()).toBe(before);

    // An operator limited to the north site may name it (or leave it blank), never another site.
    const northOnly = await createSiteOperator(ctx, org, [north.id]);
    const defaultName = (await ctx.prisma.location.findUniqueOrThrow({ where: { id: fallback ?? 0 } })).name;
    const foreign = await upload(csv(`LOC-5,Ned,Park,,,,,,,,,,,${defaultName}`), false, 'text/csv', northOnly.token);
    expect(foreign.body.errors).toEqual([{ row: 2, field: 'Location', message: 'Choose one of your own locations' }]);
    const own = await upload(
      csv('LOC-6,Ola,Park,,,,,,,,,,,', 'LOC-7,Pia,Park,,,,,,,,,,,North site'),
      false,
      'text/csv',
      northOnly.token,
    );
    expect(own.body).toMatchObject({ errors: [], imported: 2 });
    expect([await at('LOC-6'), await at('LOC-7')]).toEqual([north.id, north.id]);

    // The export names each student's location, so an export imports back to the same places.
    const exported = await request(ctx.app)
      .get('/api/students/export')
      .query({ q: 'LOC-' })
      .set('Authorization', `Bearer ${first.tokens.admin}`)
      .buffer(true)
      .parse(readBinary as never);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body);
    const sheet = workbook.worksheets[0];
    const column = HEADER.split(',').indexOf('Location') + 1;
    const byId = new Map<string, unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) byId.set(String(row.getCell(1).value), row.getCell(column).value);
    });
    expect(Object.fromEntries(byId)).toEqual({
      'LOC-1': 'North site',
      'LOC-2': defaultName,
      'LOC-6': 'North site',
      'LOC-7': 'North site',
    });
  });

  it('refuses a file without the columns, of another type, or empty', async () => {
    const missing = await upload('Student ID,First Name\nA,B', true);
    expect(missing.body.errors).toEqual([{ row: 1, field: 'Last Name', message: 'Missing column "Last Name"' }]);
    expect((await upload('x', true, 'application/pdf')).status).toBe(400);
    expect((await upload('', true)).status).toBe(400);
  });

  it('is refused to teachers', async () => {
    expect((await upload(good, true, 'text/csv', first.tokens.teacher)).status).toBe(403);
  });
});

import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES, XLSX_TYPE } from '../../server/http/spreadsheet';
import { parseEvents } from '../../server/http/spreadsheet-import';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Files that once held the server: too big to upload, unpacking to gigabytes, a million rows.
let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
});
afterAll(() => ctx.close());

const HEADER =
  'Student ID,First Name,Last Name,Email,Phone,Wechat,Start Date,Hourly Rate,Allow SMS,Allow Email,Comments';
const upload = (path: string, body: string | Buffer, type: string) =>
  request(ctx.app)
    .post(path)
    .query({ dryRun: 'true' })
    .set('Authorization', `Bearer ${first.tokens.operator}`)
    .set('Content-Type', type)
    .send(body);

/** A zip of deflated entries, written by hand so that a test can make one that unpacks to far more. */
function zipOf(files: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize = data.length } of files) {
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An .xlsx of `rows` tiny rows under the import header, written as a stream (as Excel would hold it). */
async function bigWorkbook(rows: number): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream });
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(HEADER.split(',')).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow([`S${i}`, 'A', 'B']).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

describe('import files that would take the server down', () => {
  it(`refuses an upload over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB with 413, naming the limit`, async () => {
    const body = `${HEADER}\n${'x'.repeat(MAX_UPLOAD_BYTES)}`;
    for (const path of ['/api/students/import', '/api/teachers/import']) {
      const res = await upload(path, body, 'text/csv');
      expect(res.status).toBe(413);
      expect(res.body.errorMessage).toContain('larger than 5 MB');
      expect(res.body.fieldErrors).toEqual([{ field: 'file', message: expect.stringContaining('5 MB') }]);
    }
  });

  it('refuses an .xlsx that unpacks beyond the limit (400), before inflating it', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(80 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await upload('/api/students/import', bomb, XLSX_TYPE);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([
      { field: 'file', message: 'The workbook unpacks to more than 64 MB: import fewer rows' },
    ]);
  });

  it('refuses an .xlsx whose directory understates what an entry unpacks to', async () => {
    // A real workbook whose worksheet grows by 3 MB (an XML comment, hardly compressible, so that no
    // ratio or size limit applies) while the zip's directories declare it as 2 KB.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Students').addRow(HEADER.split(','));
    const real = Buffer.from(await workbook.xlsx.writeBuffer());
    const yauzl = await import('yauzl');
    const zip = await yauzl.fromBufferPromise(real, { lazyEntries: true });
    const files: { name: string; data: Buffer; declaredSize?: number }[] = [];
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      files.push({ name: entry.fileName, data: Buffer.concat(chunks) });
    }
    const sheet = files.find((f) => f.name === 'xl/worksheets/sheet1.xml');
    if (!sheet) throw new Error('no worksheet in the test workbook');
    const comment = `<!--${randomBytes(2_250_000).toString('base64')}-->`;
    sheet.data = Buffer.concat([sheet.data, Buffer.from(comment)]);
    // Declared honestly, the same file is read.
    expect((await upload('/api/students/import', zipOf(files), XLSX_TYPE)).status).toBe(200);
    sheet.declaredSize = 2048;
    const res = await upload('/api/students/import', zipOf(files), XLSX_TYPE);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'file', message: 'The file is not a readable .xlsx workbook' }]);
  });

  it('stops at the row limit, in CSV files and workbooks alike', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `S${i},A,B,,,,,,,,`);
    const csv = await upload('/api/students/import', [HEADER, ...rows].join('\n'), 'text/csv');
    expect(csv.status).toBe(400);
    expect(csv.body.fieldErrors).toEqual([{ field: 'file', message: 'At most 20000 rows can be imported at once' }]);
    const teachers = await upload('/api/teachers/import', [HEADER, ...rows].join('\n'), 'text/csv');
    expect(teachers.body.fieldErrors).toEqual(csv.body.fieldErrors);
  });

  it('keeps answering /api/health while a 100,000-row workbook is being read', async () => {
    const file = await bigWorkbook(100_000);
    const events: string[] = [];
    const started = () => events.push('parse started');
    const ended = () => events.push('parse ended');
    parseEvents.on('start', started).on('end', ended);
    let importing = true;
    const imported = upload('/api/students/import', file, XLSX_TYPE).then((res) => {
      importing = false;
      events.push('import answered');
      return res;
    });
    while (importing) {
      const health = await request(ctx.app).get('/api/health');
      if (importing) events.push(`health ${health.status}`);
    }
    const res = await imported;
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'file', message: 'At most 20000 rows can be imported at once' }]);
    parseEvents.off('start', started).off('end', ended);
    // Health answered (200) while the file was being parsed (off the main thread), not only while
    // the upload arrived or after the parse.
    const parsing = events.slice(events.indexOf('parse started'), events.indexOf('parse ended'));
    expect(events.indexOf('parse started')).toBeGreaterThanOrEqual(0);
    expect(parsing).toContain('health 200');
    expect(events.indexOf('parse ended')).toBeLessThan(events.indexOf('import answered'));
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CSV_TYPE, parseCsv, readSpreadsheet, XLSX_TYPE } from './spreadsheet';

describe('spreadsheet import', () => {
  it('parses quoted CSV fields with commas, quotes and CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n\r\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
  });

  it('keys CSV and xlsx rows by header with spreadsheet row numbers', async () => {
    const csv = await readSpreadsheet(Buffer.from('First Name,Last Name\nAda,Lovelace\n'), CSV_TYPE);
    expect(csv).toEqual([{ rowNumber: 2, values: { 'First Name': 'Ada', 'Last Name': 'Lovelace' } }]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['First Name', 'Start Date']);
    sheet.addRow(['Grace', new Date('2026-09-01T00:00:00Z')]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readSpreadsheet(buffer, XLSX_TYPE)).toEqual([
      { rowNumber: 2, values: { 'First Name': 'Grace', 'Start Date': '2026-09-01' } },
    ]);
  });

  it('refuses other file types and broken workbooks with a 400 naming the file', async () => {
    await expect(readSpreadsheet(Buffer.from('x'), 'application/pdf')).rejects.toMatchObject({ code: 'validation' });
    await expect(readSpreadsheet(Buffer.from('not a zip'), XLSX_TYPE)).rejects.toThrow(/not a readable .xlsx/);
    await expect(readSpreadsheet(Buffer.alloc(0), CSV_TYPE)).rejects.toThrow(/Upload an .xlsx or .csv file/);
  });
});

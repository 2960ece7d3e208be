import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CSV_TYPE, readSpreadsheet, safeText, XLSX_TYPE } from './spreadsheet';

describe('spreadsheet import', () => {
  it('parses quoted CSV fields with commas, quotes and CRLF, numbering rows as the file does', async () => {
    const rows = await readSpreadsheet(Buffer.from('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n1,\n'), CSV_TYPE);
    expect(rows).toEqual([
      { rowNumber: 2, values: { a: 'x, y', b: 'say "hi"' } },
      { rowNumber: 4, values: { a: '1', b: '' } },
    ]);
  });

  it('keys CSV and xlsx rows by header with spreadsheet row numbers', async () => {
    const csv = await readSpreadsheet(Buffer.from('First Name,Last Name\nAda,Lovelace\n'), CSV_TYPE);
    expect(csv).toEqual([{ rowNumber: 2, values: { 'First Name': 'Ada', 'Last Name': 'Lovelace' } }]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['First Name', 'Start Date', 'Rate']);
    sheet.addRow(['Grace', new Date('2026-09-01T00:00:00Z'), 40.5]);
    sheet.getCell('B2').numFmt = 'yyyy-mm-dd';
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readSpreadsheet(buffer, XLSX_TYPE)).toEqual([
      { rowNumber: 2, values: { 'First Name': 'Grace', 'Start Date': '2026-09-01', Rate: '40.5' } },
    ]);
  });

  it('quotes exported text that could run as a formula, and the import takes the quote off', async () => {
    for (const text of ['=HYPERLINK("http://x")', '+SUM(1+1)', '@SUM(1)', "-2+3+cmd|' /C calc'!A0", '\t=1', '\r=1']) {
      expect(safeText(text)).toBe(`'${text}`);
    }
    for (const text of ['Ann', '+1 (416) 555-0101', '-12.50', "O'Neil"]) expect(safeText(text)).toBe(text);
    const rows = await readSpreadsheet(Buffer.from(`Comments\n"${safeText('=1+1')}"\n`), CSV_TYPE);
    expect(rows[0].values.Comments).toBe('=1+1');
  });

  it('reads a few files at once and turns away the rest (429) instead of queueing without end', async () => {
    const file = Buffer.from('a\n1\n');
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => readSpreadsheet(file, CSV_TYPE)));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(2); // 12 - (at most 2 parsing + 8 waiting)
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'rate_limited' });
    for (const o of outcomes.filter((o) => o.status === 'fulfilled')) {
      expect((o as PromiseFulfilledResult<unknown>).value).toEqual([{ rowNumber: 2, values: { a: '1' } }]);
    }
    expect(await readSpreadsheet(file, CSV_TYPE)).toHaveLength(1); // the slots were all given back
  });

  it('hands over a large file in parts, every row once and in order, even at the part size', async () => {
    for (const count of [999, 1000, 2500]) {
      const lines = Array.from({ length: count }, (_, i) => `r${i}`);
      const rows = await readSpreadsheet(Buffer.from(['a', ...lines].join('\n')), CSV_TYPE);
      expect(rows.map((r) => r.values.a)).toEqual(lines);
      expect(rows.at(-1)?.rowNumber).toBe(count + 1);
    }
  });

  it('refuses other file types and broken workbooks with a 400 naming the file', async () => {
    await expect(readSpreadsheet(Buffer.from('x'), 'application/pdf')).rejects.toMatchObject({ code: 'validation' });
    await expect(readSpreadsheet(Buffer.from('not a zip'), XLSX_TYPE)).rejects.toThrow(/not a readable .xlsx/);
    await expect(readSpreadsheet(Buffer.alloc(0), CSV_TYPE)).rejects.toThrow(/Upload an .xlsx or .csv file/);
  });
});

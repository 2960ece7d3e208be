// Spreadsheet files in and out: .xlsx downloads of list views, .xlsx/.csv uploads for imports.
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { AppError } from './errors';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';
export const MAX_IMPORT_ROWS = 20_000;

export interface Column<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/** Streams rows as an .xlsx download named `<filename>.xlsx`. */
export async function sendXlsx<Row>(res: Response, filename: string, columns: Column<Row>[], rows: Iterable<Row>) {
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}.xlsx"`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true });
  const sheet = workbook.addWorksheet(filename.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? null)).commit();
  sheet.commit();
  await workbook.commit();
}

/** Parses an RFC 4180 CSV text (quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // formula
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

/**
 * Rows of an uploaded .xlsx or .csv as objects keyed by the header row (headers trimmed). Row numbers
 * are the spreadsheet's own (the header is row 1), so error messages point at what the user sees.
 */
export async function readSpreadsheet(
  body: Buffer,
  contentType: string | undefined,
): Promise<{ rowNumber: number; values: Record<string, string> }[]> {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError('validation', 'file: Upload an .xlsx or .csv file', {
      fieldErrors: [{ field: 'file', message: 'Upload an .xlsx or .csv file' }],
    });
  }
  let table: string[][];
  if (contentType?.startsWith(CSV_TYPE)) {
    table = parseCsv(body.toString('utf8'));
  } else if (contentType?.startsWith(XLSX_TYPE)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
    } catch {
      throw new AppError('validation', 'file: The file is not a readable .xlsx workbook', {
        fieldErrors: [{ field: 'file', message: 'The file is not a readable .xlsx workbook' }],
      });
    }
    const sheet = workbook.worksheets[0];
    table = [];
    sheet?.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
      table.push(cells);
    });
  } else {
    throw new AppError('validation', 'file: Only .xlsx and .csv files can be imported', {
      fieldErrors: [{ field: 'file', message: 'Only .xlsx and .csv files can be imported' }],
    });
  }
  const [header, ...rows] = table;
  if (!header) return [];
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new AppError('validation', `file: At most ${MAX_IMPORT_ROWS} rows can be imported at once`);
  }
  const keys = header.map((h) => h.trim());
  return rows.map((cells, index) => ({
    rowNumber: index + 2,
    values: Object.fromEntries(keys.map((key, c) => [key, (cells[c] ?? '').trim()])),
  }));
}

// Spreadsheet files in and out: .xlsx downloads of list views with typed cells, and (re-exported from
// spreadsheet-import.ts) the parsing of .xlsx/.csv uploads for imports.
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { wallClockIn } from '../features/courses/zoned-dates';
import { moneyNumber } from '../features/money/money-text';
import type { PrismaClient } from '../generated/prisma/client';

export {
  CSV_TYPE,
  eachInTurns,
  findInBatches,
  importRefused,
  importReport,
  MAX_IMPORT_ROWS,
  MAX_UPLOAD_BYTES,
  nextTurn,
  type RowError,
  readSpreadsheet,
  sendInTurns,
  spreadsheetUpload,
  XLSX_TYPE,
} from './spreadsheet-import';

import { XLSX_TYPE } from './spreadsheet-import';

/**
 * How a column's cells are written. text: a string (neutralised, see safeText); number; money: a
 * number in the centre's currency format; date: a calendar day ('YYYY-MM-DD' or a @db.Date Date);
 * timestamp: an instant shown as the centre's wall-clock date and time; time: the same cell shown as
 * its wall-clock time of day only; yesNo: "Yes"/"No".
 */
export type CellKind = 'text' | 'number' | 'money' | 'date' | 'timestamp' | 'time' | 'yesNo';
type CellValue = string | number | boolean | Date | { toFixed(digits: number): string } | null | undefined;

export interface Column<Row> {
  header: string;
  width?: number;
  kind?: CellKind;
  value: (row: Row) => CellValue;
}

/** The centre's currency and time zone, which money and timestamp cells are written in. */
export interface CellFormat {
  currency: string;
  timeZone: string;
}

export async function cellFormatOf(prisma: PrismaClient, organisationId: number): Promise<CellFormat> {
  return prisma.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { currency: true, timeZone: true },
  });
}

// OWASP "CSV injection": a cell starting with one of these may run as a formula once the sheet is
// saved as CSV or the cell is edited. Numbers and phone numbers ("+1 416-555-0101", "-12.50") cannot
// call a function or reach another cell, so they stay as they are for the round trip through import.
const FORMULA_START = /^[=+\-@\t\r]/;
const HARMLESS = /^[+-]?[\d\s().,-]*$/;
/** Text as an .xlsx string cell that no spreadsheet evaluates: a leading quote when it could be a formula. */
export function safeText(text: string): string {
  return FORMULA_START.test(text) && !HARMLESS.test(text) ? `'${text}` : text;
}

function cellOf(kind: CellKind, value: CellValue, format: CellFormat | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
      // Never -0 (a spreadsheet shows it as "-CAD 0.00").
      if (!(value instanceof Date) && typeof value !== 'boolean') return moneyNumber(value);
      return Number(value);
    case 'number':
      if (typeof value === 'number') return value;
      return Number(typeof value === 'object' && !(value instanceof Date) ? value.toFixed(2) : value); // Decimal
    case 'date':
      return value instanceof Date ? value : new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
    case 'timestamp':
    case 'time': {
      const instant = value instanceof Date ? value : new Date(String(value));
      // Excel has no zones: the cell shows the centre's wall-clock time.
      return format ? wallClockIn(instant, format.timeZone) : instant;
    }
    case 'yesNo':
      return value ? 'Yes' : 'No';
    default:
      return safeText(String(value));
  }
}

const numFmtOf = (kind: CellKind, format: CellFormat | undefined): string | undefined =>
  ({
    money: `"${format?.currency ?? ''} "#,##0.00;-"${format?.currency ?? ''} "#,##0.00`,
    date: 'yyyy-mm-dd',
    timestamp: 'yyyy-mm-dd hh:mm',
    time: 'hh:mm',
    number: undefined,
    text: undefined,
    yesNo: undefined,
  })[kind];

/**
 * Streams rows as an .xlsx download named `<filename>.xlsx`, each cell typed by its column's kind
 * (money and timestamps need the centre's `format`). `rows` may be async, read in batches from the
 * database as the file is written.
 */
export async function sendXlsx<Row>(
  res: Response,
  filename: string,
  columns: Column<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  format?: CellFormat,
) {
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}.xlsx"`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true });
  const sheet = workbook.addWorksheet(filename.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const kinds = columns.map((c) => c.kind ?? 'text');
  const formats = kinds.map((kind) => numFmtOf(kind, format));
  for await (const row of rows) {
    const added = sheet.addRow(columns.map((c, i) => cellOf(kinds[i], c.value(row), format)));
    formats.forEach((numFmt, i) => {
      if (numFmt) added.getCell(i + 1).numFmt = numFmt;
    });
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
}

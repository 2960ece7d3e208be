// Parses one uploaded spreadsheet in a worker thread (node:worker_threads), so that a big or hostile
// file never holds the API's event loop. It streams: the row limit stops reading at the first row
// too many, and an .xlsx is opened with yauzl, which reads the zip's central directory first (total
// unpacked size and compression ratio are refused before anything is inflated) and checks while
// inflating that no entry unpacks beyond what the directory declared. .mts: always an ES module, so
// Node runs it with its own type stripping, under tsx and vitest alike, without a loader.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import type { Text } from '../i18n/text.ts';

export interface ParseJob {
  kind: 'csv' | 'xlsx';
  bytes: Uint8Array;
  maxRows: number;
  maxUnpackedBytes: number;
  maxRatio: number;
  /** Rows sent in one message; the next message goes when the main thread asks for it ('more'). */
  rowsPerMessage: number;
}
/** A non-blank row: its number in the file (as the user sees it) and its trimmed cells. */
export interface SheetRow {
  number: number;
  cells: string[];
}
/** The rows (header first, blank rows left out) or why the file is refused. */
export type ParseResult = { rows: SheetRow[] } | { refusal: Text };
/** What the worker posts: the refusal, or the rows in parts, `done` on the last. */
export type ParseMessage = { rows: SheetRow[]; done: boolean } | { refusal: Text };

/** Why a file is refused, as a catalog text (plain data: it crosses from the worker thread). */
class Refusal extends Error {
  readonly text: Text;
  constructor(text: Text) {
    super(text.text);
    this.text = text;
  }
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // formula
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return ''; // error cells (#N/A) read as empty
  }
  return String(value);
}

/** Collects non-blank rows; one row beyond header + maxRows is refused at once (reading stops). */
function tableOf(maxRows: number) {
  const table: SheetRow[] = [];
  return {
    table,
    add(number: number, cells: string[]) {
      if (!cells.some((cell) => cell !== '')) return;
      if (table.length > maxRows)
        throw new Refusal({ text: 'At most {max} rows can be imported at once', params: { max: maxRows } });
      table.push({ number, cells });
    },
  };
}

async function readCsv(job: ParseJob): Promise<SheetRow[]> {
  const { table, add } = tableOf(job.maxRows);
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  // Fed in 16 KB chunks so that the parser's backpressure holds: only what is read gets parsed, at
  // most one chunk past the row limit. (csv-parse builds an error object for every ragged row under
  // relax_column_count, about 50 µs each: a chunk of "1\n" rows costs 0.4 s, not 3 s as with 64 KB.)
  const chunks = function* () {
    for (let at = 0; at < bytes.length; at += 16_384) yield bytes.subarray(at, at + 16_384);
  };
  const parser = Readable.from(chunks()).pipe(
    parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true, max_record_size: 65_536 }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      add(
        info.lines,
        record.map((cell) => cell.trim()),
      );
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal({
      text: 'The file is not a readable CSV file ({reason})',
      params: { reason: error instanceof Error ? error.message : 'unknown' },
    });
  }
  return table;
}

// exceljs's streaming reader takes the zip as one sequential stream, which trusts each entry's local
// header and spools worksheets to temporary files when they come before the shared strings. Its
// entry parsers (stable in the pinned exceljs 4.4.0) are fed the entries yauzl opened instead.
interface ReaderParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

async function readXlsx(job: ParseJob): Promise<SheetRow[]> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const unreadable = () => new Refusal({ text: 'The file is not a readable .xlsx workbook' });
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true }).catch(() => {
    throw unreadable();
  });
  const entries = new Map<string, yauzl.Entry>();
  let unpacked = 0;
  for await (const entry of zip.eachEntry()) {
    unpacked += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (unpacked > job.maxUnpackedBytes) {
      throw new Refusal({
        text: 'The workbook unpacks to more than {megabytes} MB: import fewer rows',
        params: { megabytes: megabytes(job.maxUnpackedBytes) },
      });
    }
    if (entry.uncompressedSize > 1_048_576 && ratio > job.maxRatio) {
      throw new Refusal({
        text: 'The workbook unpacks to more than {ratio} times its size: it is refused',
        params: { ratio: job.maxRatio },
      });
    }
    entries.set(entry.fileName, entry);
  }
  const open = async (name: string) => {
    const entry = entries.get(name);
    return entry ? zip.openReadStreamPromise(entry) : undefined;
  };
  // A reader that never reads its own input: only its parsers are used (see ReaderParts). exceljs is
  // loaded here only: a CSV import does not pay for it.
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache', // number formats tell dates from numbers
    hyperlinks: 'ignore',
    worksheets: 'emit',
  }) as unknown as ReaderParts;
  const rels = await open('xl/_rels/workbook.xml.rels');
  const book = await open('xl/workbook.xml');
  if (!rels || !book) throw unreadable();
  await reader._parseRels(rels);
  await reader._parseWorkbook(book);
  const styles = await open('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  const strings = await open('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const firstSheet = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === firstSheet)?.Target ?? '';
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheet = await open(path);
  if (!sheet) throw unreadable();
  const { table, add } = tableOf(job.maxRows);
  const [{ value: rows }] = [...reader._parseWorksheet(sheet, /(\d+)\.xml$/.exec(path)?.[1] ?? '1')];
  for await (const row of rows) {
    const values = row.values as ExcelJS.CellValue[];
    const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, c) => cellText(values[c + 1]).trim());
    add(row.number, cells);
  }
  return table;
}

async function run(job: ParseJob): Promise<ParseResult> {
  try {
    return { rows: job.kind === 'csv' ? await readCsv(job) : await readXlsx(job) };
  } catch (error) {
    if (error instanceof Refusal) return { refusal: error.text };
    // Broken XML, a truncated entry, an entry larger than the directory said: all unreadable files.
    return { refusal: { text: 'The file is not a readable .xlsx workbook' } };
  }
}

// The rows go in parts, each once the main thread asks for it: taking in 20,000 rows at once (the
// structured clone is read on the main thread) would hold it for tens of milliseconds.
const job = workerData as ParseJob;
const result = await run(job);
const port = parentPort;
if (port && 'refusal' in result) port.postMessage(result satisfies ParseMessage);
else if (port && 'rows' in result) {
  for (let at = 0; ; at += job.rowsPerMessage) {
    const done = at + job.rowsPerMessage >= result.rows.length;
    port.postMessage({ rows: result.rows.slice(at, at + job.rowsPerMessage), done } satisfies ParseMessage);
    if (done) break;
    await once(port, 'message');
  }
}

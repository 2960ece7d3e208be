// Import uploads: the size cap on the raw body, and parsing in a worker thread with a concurrency cap
// (see spreadsheet-worker.mts for the streaming parse and the unpack limits).
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import express, { type RequestHandler, type Response } from 'express';
import type { Locale } from '../i18n/locale';
import { type Message, render, runtimeText, type ServerText, t } from '../i18n/text';
import { AppError, fieldError } from './errors';
import type { ParseJob, ParseMessage, ParseResult, SheetRow } from './spreadsheet-worker.mts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';
export const MAX_IMPORT_ROWS = 20_000;
/** 20,000 rows of the import templates take about 2.5 MB as CSV and far less as .xlsx. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What an .xlsx may unpack to (all its entries), and how much one large entry may be compressed. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
export const MAX_COMPRESSION_RATIO = 100;
/** A parse that has not finished by then is stopped: the worker is terminated. */
const PARSE_TIMEOUT_MS = 60_000;
/** Parses at once, across every centre; the others wait their turn. One core stays for the API. */
const MAX_PARSERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** The parser's own file: its TypeScript source beside this one, or its compiled twin in build/server/. */
const WORKER_FILE = path.join(
  import.meta.dirname,
  import.meta.url.endsWith('.ts') ? 'spreadsheet-worker.mts' : 'spreadsheet-worker.mjs',
);

const fileError = (message: Message, code: 'validation' | 'payload_too_large' = 'validation') =>
  fieldError('file', message, { code });

const TOO_LARGE_MESSAGE = t('The file is larger than {megabytes} MB, the most an import takes', {
  megabytes: MAX_UPLOAD_BYTES / 1024 / 1024,
});

/**
 * The raw body of an import (Content-Type .xlsx or .csv) as a Buffer, refused with 413 beyond
 * MAX_UPLOAD_BYTES before it is read (Content-Length) or as soon as it grows past it.
 */
export function spreadsheetUpload(): RequestHandler {
  const raw = express.raw({ type: [XLSX_TYPE, CSV_TYPE], limit: MAX_UPLOAD_BYTES });
  return (req, res, next) =>
    raw(req, res, (error?: unknown) => {
      const status = (error as { status?: unknown } | undefined)?.status;
      next(status === 413 ? fileError(TOO_LARGE_MESSAGE, 'payload_too_large') : error);
    });
}

// Checking rows runs on the main thread (the contracts' zod schemas, lookups through Prisma), so an
// import takes turns with every other request: ROWS_PER_TURN rows at a time, then it waits for a turn
// of the event loop (pending I/O, such as other centres' requests, is served first), and existing
// records are looked up LOOKUP_BATCH keys per query, a turn between queries. PGlite runs in this
// thread too: one query over 20,000 keys would hold it as long as the checks did. The imports under
// way share the turns: each turn of the event loop lets one of them go on (first come, first served),
// so twelve imports at once hold a turn no longer than one does.

/** Rows checked in one turn of the event loop: a few milliseconds of work. */
export const ROWS_PER_TURN = 100;
/** Rows the parsing worker sends at once (see spreadsheet-worker.mts). */
const ROWS_PER_MESSAGE = 1000;
/** Keys in one lookup of existing records (an IN list). */
export const LOOKUP_BATCH = 1000;

const waitingForTurn: (() => void)[] = [];
/** Once per turn of the event loop (setImmediate, after its I/O), the import that waited longest goes on. */
function nextInLine() {
  waitingForTurn.shift()?.();
  if (waitingForTurn.length) setImmediate(nextInLine);
}

/** Resolves on a later turn of the event loop, after the I/O waiting then, one import per turn. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waitingForTurn.push(resolve);
    if (waitingForTurn.length === 1) setImmediate(nextInLine);
  });
}

/** `work` on each item in order, `perTurn` items (ROWS_PER_TURN rows) per turn of the event loop. */
export async function eachInTurns<T>(
  items: readonly T[],
  work: (item: T) => void,
  perTurn = ROWS_PER_TURN,
): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % perTurn === 0) await nextTurn();
    work(items[i]);
  }
}

/** Row errors handled (sorted, written out) per turn: each is far less work than checking a row. */
const ERRORS_PER_TURN = 2000;

/**
 * The route's reply, sent as JSON (the same text as res.json) with its `errors` written
 * ERRORS_PER_TURN at a time, a turn between: 20,000 rows of errors are over 200,000 of them, some
 * 15 MB of JSON. Returns the reply it has sent (route() sends nothing more once headers are out).
 */
export async function sendInTurns<T extends { errors: { message: string }[] }>(
  res: Response,
  reply: T,
  locale: Locale = 'en-US',
): Promise<T> {
  // Each row's reason in the reader's language where the catalog has it ("Enter Yes or No").
  const said = <E extends { message: string }>(error: E): E =>
    locale === 'en-US' ? error : { ...error, message: render(runtimeText(error.message), locale) };
  if (reply.errors.length <= ERRORS_PER_TURN) return { ...reply, errors: reply.errors.map(said) }; // route() sends it
  res.status(200).type('application/json; charset=utf-8');
  const fields = Object.entries(reply).filter(([, value]) => value !== undefined);
  res.write('{');
  for (const [i, [key, value]] of fields.entries()) {
    res.write(`${i ? ',' : ''}${JSON.stringify(key)}:`);
    if (key !== 'errors') {
      res.write(JSON.stringify(value));
      continue;
    }
    res.write('[');
    for (let at = 0; at < reply.errors.length; at += ERRORS_PER_TURN) {
      if (at) await nextTurn();
      const part = reply.errors.slice(at, at + ERRORS_PER_TURN).map((error) => JSON.stringify(said(error)));
      res.write(`${at ? ',' : ''}${part.join(',')}`);
    }
    res.write(']');
  }
  res.end('}');
  return reply;
}

/** What `find` returns for `keys`, asked LOOKUP_BATCH keys at a time, each query on a turn of its own. */
export async function findInBatches<K, R>(keys: readonly K[], find: (batch: K[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
    await nextTurn();
    found.push(...(await find(keys.slice(i, i + LOOKUP_BATCH))));
  }
  return found;
}

let running = 0;
const waiting: (() => void)[] = [];
/** 'start' and 'end' of each parse in its worker: tests see what the API answers meanwhile. */
export const parseEvents = new EventEmitter();

/** Uploads waiting for a parser, each holding its file in memory: beyond this many, come back later. */
const MAX_WAITING = 8;

async function inParserSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_PARSERS) running++;
  else if (waiting.length >= MAX_WAITING) {
    throw new AppError('rate_limited', 'Too many imports are being read right now: try again in a minute', {
      headers: { 'Retry-After': '60' },
    });
  } else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing parse hands its slot over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** One worker per parse: its heap is capped, so even a file that defeats every check only ends it. */
function parseInWorker(job: ParseJob): Promise<ParseResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(fileError('The file took too long to read: import fewer rows at once'))),
      PARSE_TIMEOUT_MS,
    );
    const rows: SheetRow[] = [];
    worker.on('message', (message: ParseMessage) => {
      if ('refusal' in message) return finish(() => resolve(message));
      rows.push(...message.rows);
      if (message.done) return finish(() => resolve({ rows }));
      // The next part on a later turn: each part is read (deserialised) in a turn of its own.
      void nextTurn().then(() => {
        if (!settled) worker.postMessage('more');
      });
    });
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? reject(fileError('The file needs too much memory to read: import fewer rows at once'))
          : reject(error),
      ),
    );
    worker.once('exit', () => finish(() => reject(new Error('The spreadsheet worker stopped without a result'))));
  });
}

/** The uploaded file's non-blank rows with their numbers, cells trimmed (the header row first). */
export async function readTable(body: unknown, contentType: string | undefined): Promise<SheetRow[]> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw fileError('Upload an .xlsx or .csv file');
  const kind = contentType?.startsWith(CSV_TYPE) ? 'csv' : contentType?.startsWith(XLSX_TYPE) ? 'xlsx' : undefined;
  if (!kind) throw fileError('Only .xlsx and .csv files can be imported');
  const job: ParseJob = {
    kind,
    bytes: new Uint8Array(body),
    maxRows: MAX_IMPORT_ROWS,
    maxUnpackedBytes: MAX_UNPACKED_BYTES,
    maxRatio: MAX_COMPRESSION_RATIO,
    rowsPerMessage: ROWS_PER_MESSAGE,
  };
  const result = await inParserSlot(async () => {
    parseEvents.emit('start');
    try {
      return await parseInWorker(job);
    } finally {
      parseEvents.emit('end');
    }
  });
  if ('refusal' in result) throw fileError(result.refusal);
  // PostgreSQL text cannot hold U+0000: refuse it here for every import, like route() does for JSON.
  await eachInTurns(result.rows, (row) => {
    const column = row.cells.findIndex((cell) => cell.includes('\u0000'));
    if (column >= 0)
      throw fileError(
        t('Row {row}, column {column}: a cell must not contain a NUL character', {
          row: row.number,
          column: column + 1,
        }),
      );
  });
  return result.rows;
}

/** Undoes the quote an export puts before text that could read as a formula (see safeText). */
const unquoted = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Rows of an uploaded .xlsx or .csv as objects keyed by the header row (headers trimmed). Row numbers
 * are the spreadsheet's own (the header is row 1), so error messages point at what the user sees.
 */
export async function readSpreadsheet(
  body: unknown,
  contentType: string | undefined,
): Promise<{ rowNumber: number; values: Record<string, string> }[]> {
  const [header, ...rows] = await readTable(body, contentType);
  if (!header) return [];
  const read: { rowNumber: number; values: Record<string, string> }[] = [];
  await eachInTurns(rows, ({ number, cells }) =>
    read.push({
      rowNumber: number,
      values: Object.fromEntries(header.cells.map((key, c) => [key, unquoted(cells[c] ?? '')])),
    }),
  );
  return read;
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The import's reply: each error once, in file order (row, then the template's column order), and
 * the outcome in words with correct plurals ("Imported 1 student", "3 errors in 2 rows"). Put in
 * order row by row, ERRORS_PER_TURN errors per turn of the event loop.
 */
export async function importReport(
  noun: { one: string; many: string },
  columns: readonly string[],
  outcome: { dryRun: boolean; total: number; errors: RowError[]; imported: number },
) {
  const column = (field: string) => (columns.includes(field) ? columns.indexOf(field) : columns.length);
  const ofRow = new Map<number, { seen: Set<string>; errors: RowError[] }>();
  await eachInTurns(
    outcome.errors,
    (error) => {
      const row = ofRow.get(error.row) ?? { seen: new Set<string>(), errors: [] };
      ofRow.set(error.row, row);
      const key = `${error.field}\u0000${error.message}`;
      if (row.seen.has(key)) return;
      row.seen.add(key);
      row.errors.push(error);
    },
    ERRORS_PER_TURN,
  );
  const errors: RowError[] = [];
  await eachInTurns(
    [...ofRow.keys()].sort((a, b) => a - b),
    (row) => {
      // A stable sort: one column's errors stay in the order they were found.
      const inRow = ofRow.get(row)?.errors ?? [];
      errors.push(...inRow.sort((a, b) => column(a.field) - column(b.field)));
    },
    ERRORS_PER_TURN,
  );
  const badRows = ofRow.size;
  const valid = outcome.total - badRows;
  let message: string;
  if (errors.length) {
    const then = outcome.dryRun ? 'correct them, then import' : 'nothing was imported';
    message = `${counted(errors.length, 'error')} in ${counted(badRows, 'row')}: ${then}`;
  } else if (outcome.dryRun) {
    message = `${counted(valid, noun.one, noun.many)} ready to import`;
  } else {
    message = `Imported ${counted(outcome.imported, noun.one, noun.many)}`;
  }
  return { dryRun: outcome.dryRun, total: outcome.total, valid, imported: outcome.imported, errors, message };
}

/** 400 for an import with errors ("3 errors in 2 rows: nothing was imported"), a field error per cell. */
export function importRefused(errors: RowError[]): AppError {
  const count = (n: number, one: ServerText, many: ServerText) => (n === 1 ? t(one) : t(many, { count: n }));
  const rows = new Set(errors.map((e) => e.row)).size;
  const message = t('{errors} in {rows}: nothing was imported', {
    errors: count(errors.length, '1 error', '{count} errors'),
    rows: count(rows, '1 row', '{count} rows'),
  });
  return new AppError('validation', message, {
    fieldErrors: errors.map((e) => ({ field: `row ${e.row} ${e.field}`, message: runtimeText(e.message) })),
  });
}

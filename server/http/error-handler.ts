import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ShowType, type TErrorReply } from '../../src/contracts/errors';
import { t } from '../i18n/text';
import { AppError } from './errors';
import { BUSY_MESSAGE } from './lifecycle';
import { log, loggablePath } from './log';
import { wrongMethod } from './methods';

/** After every API router: 405 with `Allow` for a known path asked with another method, else 404. */
export const notFoundApi: RequestHandler = (req, _res, next) => {
  next(
    wrongMethod(req.method, req.path) ??
      new AppError('not_found', t('No API endpoint {method} {path}', { method: req.method, path: req.path })),
  );
};

// Errors Express and its body parsers raise for what the client sent (http-errors with a 4xx status:
// bad JSON, unknown charset or Content-Encoding, a broken gzip stream, an undecodable %-escape in the
// path). They are the client's fault: answer 4xx in the standard body, never 500.
function fromClientError(error: { type?: unknown; status?: unknown; expose?: unknown }): AppError | undefined {
  const status = error.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (error.expose !== true && !(error instanceof URIError)) return undefined;
  if (error.type === 'entity.parse.failed') return new AppError('validation', 'The request body is not valid JSON');
  if (status === 413) return new AppError('payload_too_large', 'The request body is too large');
  if (error.type === 'charset.unsupported') {
    return new AppError('unsupported_media_type', 'The request body must be UTF-8 (unsupported charset)');
  }
  if (status === 415) {
    return new AppError('unsupported_media_type', 'Unsupported Content-Encoding: send gzip, deflate, br or none');
  }
  return new AppError('validation', 'The request could not be read (malformed body or address)');
}

/**
 * PostgreSQL gave up on a transaction because another one touched the same rows at the same moment
 * (deadlock 40P01, serialization failure 40001; Prisma's P2034). Nothing was written: the client may
 * simply try again, so this is a 409, never a 500.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, meta } = error as { code?: unknown; meta?: unknown };
  if (code === 'P2034' || code === '40P01' || code === '40001') return true;
  const details = JSON.stringify(meta ?? {});
  return /"(?:code|originalCode)":"(?:40P01|40001)"|"kind":"TransactionWriteConflict"/.test(details);
}

/**
 * The database had no connection for this request in time, or its transaction ran past its limit
 * (issue 24, item 3): Prisma's P2024 (pool timeout) and P2028 (transaction API: "Unable to start a
 * transaction in the given time", "Transaction already closed ... expired"), node-postgres's own pool
 * timeout. The server is overloaded, not broken: a 503 with Retry-After, never a 500.
 */
export function isOverload(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'P2024' || code === 'P2028') return true;
  return (
    typeof message === 'string' &&
    /timeout exceeded when trying to connect|Unable to start a transaction in the given time|Transaction already closed/.test(
      message,
    )
  );
}

/**
 * A number too large for its column or type (PostgreSQL 22003, numeric_value_out_of_range): figures
 * saved before the money limits (issue 20, finding 4) can still make a sum overflow. Prisma says P2020
 * for its own queries and P2010/P2039 with the driver's code for raw ones; pg and PGlite throw 22003
 * themselves outside Prisma; an 'internal' AppError may carry any of these as its cause. Returns the
 * column when the error names one.
 */
export function outOfRange(error: unknown): { column?: string } | undefined {
  let found = false;
  let column: string | undefined;
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 4) return;
    const { code, originalCode, kind, column: named, meta, cause, options } = value as Record<string, unknown>;
    if (code === 'P2020' || code === '22003' || originalCode === '22003' || kind === 'ValueOutOfRange') found = true;
    if (typeof named === 'string' && named) column ??= named;
    visit((meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError, depth + 1);
    visit(cause, depth + 1);
    if (value instanceof AppError && code === 'internal') visit((options as AppError['options']).cause, depth + 1);
  };
  visit(error, 0);
  return found ? (column ? { column } : {}) : undefined;
}

/** The overflow as a 409: the request is valid, the stored figures it adds up are not. Nothing was saved. */
function outOfRangeError(column: string | undefined): AppError {
  return new AppError(
    'conflict',
    column
      ? t(
          'A number is out of range for {column}: an amount or a sum of amounts is too large to store (probably a rate or amount saved before the money limits). Nothing was saved.',
          { column },
        )
      : 'A number is out of range: an amount or a sum of amounts is too large to store (probably a rate or amount saved before the money limits). Nothing was saved.',
    { errorKey: 'numberOutOfRange' },
  );
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const overflow = (!(error instanceof AppError) || error.code === 'internal') && outOfRange(error);
  const known = overflow
    ? outOfRangeError(overflow.column)
    : error instanceof AppError
      ? error
      : isConcurrencyFailure(error)
        ? new AppError('conflict', 'Someone changed this at the same moment: nothing was saved. Try again.')
        : isOverload(error)
          ? new AppError('unavailable', t(BUSY_MESSAGE), { headers: { 'Retry-After': '2' } })
          : fromClientError(error ?? {});
  if (known?.code === 'unavailable' && isOverload(error)) {
    log('warn', 'overloaded: no database connection in time', { traceId: req.traceId, path: loggablePath(req.path) });
  }
  if (overflow) {
    // Not the client's fault alone: the figures that overflowed are in the database. Logged to find them.
    log('warn', 'number out of range', {
      traceId: req.traceId,
      method: req.method,
      path: loggablePath(req.path),
      error: String(error instanceof AppError ? error.options.cause : error),
    });
  }
  const traceId = req.traceId;
  // Unexpected: a plain error, or our own 'internal' refusal (its cause is what went wrong). Logged with
  // the trace id the reply carries; the reply itself only says that something failed, never why.
  const unexpected = !known
    ? error
    : known.status >= 500 && known.code === 'internal'
      ? known.options.cause
      : undefined;
  if (!known || unexpected !== undefined) {
    log('error', 'unexpected error', {
      traceId,
      method: req.method,
      path: loggablePath(req.path),
      ...(known ? { reply: known.message } : {}),
      error: unexpected instanceof Error ? `${unexpected.name}: ${unexpected.message}` : String(unexpected),
      stack: unexpected instanceof Error ? unexpected.stack : undefined,
    });
  }
  const appError = known ?? new AppError('internal', 'Internal server error');
  const body: TErrorReply = {
    success: false,
    errorCode: appError.code,
    ...appError.localized(req.locale ?? 'en-US'),
    showType: appError.options.showType ?? ShowType.ERROR_MESSAGE,
    traceId,
    ...(appError.options.title ? { title: appError.options.title } : {}),
    ...(appError.options.errorKey ? { errorKey: appError.options.errorKey } : {}),
    ...(appError.options.conflicts ? { conflicts: appError.options.conflicts } : {}),
  };
  // For the error metrics (server/metrics/http.ts): the reply's code and what was thrown.
  res.locals.errorCode = appError.code;
  res.locals.failure = error;
  for (const [name, value] of Object.entries(appError.options.headers ?? {})) res.setHeader(name, value);
  res.status(appError.status).json(body);
};

// Request durations and error replies of the API, per route PATTERN (`/api/students/:id`), never the
// path itself: no ids or personal data in a label, and a bounded number of series.
import type { RequestHandler } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';
import { SERVED_METHODS } from '../http/methods';

declare global {
  namespace Express {
    interface Locals {
      /** Set by the error handler: the reply's errorCode and what was thrown, for the error metrics. */
      errorCode?: string;
      failure?: unknown;
    }
  }
}

/** The route label of a request no route matched (404, 405, refused before routing). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The error and what caused it, outermost first (AppError keeps its cause in options.cause). */
function errorChain(error: unknown): object[] {
  const chain: object[] = [];
  let at = error;
  while (at && typeof at === 'object' && chain.length < 5) {
    chain.push(at);
    const { cause, options } = at as { cause?: unknown; options?: { cause?: unknown } };
    at = options?.cause ?? cause;
  }
  return chain;
}

/** Prisma's P2028 "Unable to start a transaction in the given time" (maxWait passed waiting for a connection). */
export function isTransactionStartTimeout(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    return code === 'P2028' && typeof message === 'string' && message.includes('Unable to start a transaction');
  });
}

/**
 * Why an error reply happened, for the error counter: 'client' for any 4xx; for a 5xx 'pool_timeout'
 * (no database connection in time), 'db' (any other database error), else the reply's errorCode
 * ('internal', 'bad_gateway', 'unavailable').
 */
export function errorCause(status: number, code: string | undefined, error: unknown): string {
  if (status < 500) return 'client';
  const chain = errorChain(error);
  const text = (e: unknown) => String((e as { message?: unknown }).message ?? '');
  if (isTransactionStartTimeout(error) || chain.some((e) => /timeout exceeded when trying to connect/i.test(text(e))))
    return 'pool_timeout';
  const fromDatabase = chain.some((e) => {
    const { code: c, name } = e as { code?: unknown; name?: unknown };
    return (typeof c === 'string' && /^P\d{4}$/.test(c)) || /^(PrismaClient|DriverAdapterError)/.test(String(name));
  });
  if (fromDatabase) return 'db';
  // Replied without the error handler (no errorCode, nothing thrown): 'none', like its code label.
  return code ?? (error === undefined ? 'none' : 'internal');
}

const served = new Set<string>(SERVED_METHODS);

/** Mounted at the top of the API router; measures from there to the reply's last byte handed to the OS. */
export function requestMetrics(registry: Registry): RequestHandler {
  const duration = new Histogram({
    name: 'levelup_http_request_duration_seconds',
    help: 'API request durations by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'levelup_http_errors_total',
    help: 'API error replies by status, errorCode and cause (5xx: pool_timeout, db, internal, ...; 4xx: client)',
    labelNames: ['status', 'code', 'cause'] as const,
    registers: [registry],
  });
  const transactionTimeouts = new Counter({
    name: 'levelup_db_transaction_start_timeouts_total',
    help: 'Prisma P2028: a transaction could not start within its maxWait (no free connection in time)',
    registers: [registry],
  });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const base = req.baseUrl; // '/api' here; the routers below are mounted without a path
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.statusCode;
      const routePath = req.route?.path;
      const route = typeof routePath === 'string' ? base + routePath : UNMATCHED_ROUTE;
      const method = served.has(req.method) ? req.method : 'OTHER';
      duration.observe({ method, route, status: String(status) }, seconds);
      if (status < 400) return;
      const { errorCode, failure } = res.locals;
      errors.inc({ status: String(status), code: errorCode ?? 'none', cause: errorCause(status, errorCode, failure) });
      if (isTransactionStartTimeout(failure)) transactionTimeouts.inc();
    });
    next();
  };
}

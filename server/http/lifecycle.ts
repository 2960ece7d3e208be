// A process's life as the load balancer sees it (issue 24): how many API requests are in flight, a
// bound past which new ones are refused at once with 503 and Retry-After (load shedding: the database
// is never swamped and nothing turns into a 500 after a long wait), and the drain that SIGTERM starts
// (new requests refused, readiness false, requests in flight finished).
import type { RequestHandler } from 'express';
import { t } from '../i18n/text';
import { AppError } from './errors';

export interface Lifecycle {
  /** SIGTERM was received: refuse new work, finish what is in flight. */
  readonly draining: boolean;
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Requests refused so far because the process was full or draining. */
  readonly shed: number;
  drain(): void;
  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void>;
}

/** MAX_IN_FLIGHT: API requests one process works on at once before it answers 503 (default 256). */
export function loadMaxInFlight(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.MAX_IN_FLIGHT;
  if (raw === undefined || raw === '') return 256;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new Error('MAX_IN_FLIGHT must be a whole number from 1 to 100000');
  return value;
}

/** Paths a load balancer or a scraper asks whatever the load: never shed. */
const ALWAYS = new Set(['/health', '/ready', '/metrics']);

export const BUSY_MESSAGE = 'The server is busy: try again in a moment';
export const DRAINING_MESSAGE = 'This server is restarting: try again in a moment';

export function createLifecycle(maxInFlight = 256): Lifecycle & { track: RequestHandler } {
  let draining = false;
  let inFlight = 0;
  let shed = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const track: RequestHandler = (req, res, next) => {
    if (ALWAYS.has(req.path)) return next();
    if (draining || inFlight >= maxInFlight) {
      shed++;
      // The client (umi-request, a proxy) retries after this; nothing was read or written.
      if (draining) res.setHeader('Connection', 'close');
      return next(
        new AppError('unavailable', t(draining ? DRAINING_MESSAGE : BUSY_MESSAGE), {
          headers: { 'Retry-After': '1' },
        }),
      );
    }
    inFlight++;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inFlight--;
      settle();
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    get shed() {
      return shed;
    },
    maxInFlight,
    drain() {
      draining = true;
    },
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
    track,
  };
}

// A reply that says "come back in a moment" is answered by coming back, not by an error on the screen
// (issue 24). The server sheds load with 503 and Retry-After before it reads or writes anything
// (server/http/lifecycle.ts, and a transaction that could not start: server/http/error-handler.ts), and
// answers 409 with Retry-After while the first try of the same Idempotency-Key still runs
// (server/http/idempotency.ts). The request layer sends such a request again after the wait the server
// asked for, at most twice, and only when that cannot write twice: reads, and writes that carry their
// form's Idempotency-Key. A longer wait (an import's minute) or a third refusal is shown as before.
import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { IDEMPOTENCY_HEADER } from '../contracts/idempotency';

/** Tries after the first. */
export const MAX_RETRIES = 2;
/** The longest wait the layer takes on itself; past it the person decides. */
export const MAX_WAIT_SECONDS = 5;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Refusal {
  status: number;
  /** The Retry-After header as sent: seconds, or an HTTP date. */
  retryAfter: string | null | undefined;
  method: string | undefined;
  /** The request carried an Idempotency-Key. */
  keyed: boolean;
  /** Tries already made after the first. */
  retries: number;
}

/** Retry-After in seconds from now (a number of seconds or an HTTP date), or undefined when unreadable. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** Milliseconds to wait before sending the request again, or undefined when it is not to be sent again. */
export function retryDelay(refusal: Refusal, now = Date.now()): number | undefined {
  if (refusal.retries >= MAX_RETRIES) return undefined;
  const safe = SAFE_METHODS.has((refusal.method ?? 'GET').toUpperCase());
  const retryable = (refusal.status === 503 && (safe || refusal.keyed)) || (refusal.status === 409 && refusal.keyed);
  if (!retryable) return undefined;
  const seconds = retryAfterSeconds(refusal.retryAfter, now);
  if (seconds === undefined || seconds > MAX_WAIT_SECONDS) return undefined;
  return Math.max(100, Math.round(seconds * 1000));
}

type RetriedConfig = AxiosRequestConfig & { retries?: number };

function headerOf(headers: AxiosRequestConfig['headers'], name: string): unknown {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  const found = Object.keys(headers).find((key) => key.toLowerCase() === wanted);
  return found === undefined ? undefined : (headers as Record<string, unknown>)[found];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The rejection half of a response interceptor: sends a refused request again through `instance()`
 * when the server asked for a short wait and a second try cannot write twice; rethrows otherwise.
 */
export function retryWhenAsked(
  instance: () => AxiosInstance,
  wait: (ms: number) => Promise<void> = pause,
): (error: Error) => Promise<AxiosResponse> {
  return async (error) => {
    const { response } = error as AxiosError;
    const config = (error as AxiosError).config as RetriedConfig | undefined;
    if (!config || !response) throw error;
    const retries = config.retries ?? 0;
    const delay = retryDelay({
      status: response.status,
      retryAfter: headerOf(response.headers, 'retry-after') as string | undefined,
      method: config.method,
      keyed: Boolean(headerOf(config.headers, IDEMPOTENCY_HEADER)),
      retries,
    });
    if (delay === undefined) throw error;
    await wait(delay);
    return instance().request({ ...config, retries: retries + 1 } as RetriedConfig);
  };
}

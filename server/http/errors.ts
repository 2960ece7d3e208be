import type { ShowType, TFieldError, TScheduleConflict } from '../../src/contracts/errors';

// One error type for everything the API refuses on purpose. Unexpected errors are plain Errors and
// become a 500 in the error handler.
export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  /** A card payment was refused (the provider's message says why). */
  payment_failed: 402,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** A service we call (Stripe) failed or could not be reached. */
  bad_gateway: 502,
  /** A service is not configured on this server (card payments without Stripe keys). */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export interface AppErrorOptions {
  title?: string;
  errorKey?: string;
  fieldErrors?: TFieldError[];
  conflicts?: TScheduleConflict[];
  showType?: (typeof ShowType)[keyof typeof ShowType];
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly options: AppErrorOptions;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.options = options;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function fieldError(field: string, message: string, options: AppErrorOptions = {}): AppError {
  return new AppError('validation', `${field}: ${message}`, { ...options, fieldErrors: [{ field, message }] });
}

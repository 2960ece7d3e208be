import type { ShowType, TFieldError, TScheduleConflict } from '../../src/contracts/errors';
import type { Locale } from '../i18n/locale';
import { type Message, render, t } from '../i18n/text';

// One error type for everything the API refuses on purpose. Unexpected errors are plain Errors and
// become a 500 in the error handler.
export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** A card payment was refused (the provider's message says why). */
  payment_failed: 402,
  conflict: 409,
  /** Well-formed but refused as a whole (an Idempotency-Key reused for other input). */
  unprocessable: 422,
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

/** A field error before it is put into the reader's language. */
export interface FieldErrorText {
  field: string;
  message: Message;
}

export interface AppErrorOptions {
  /** A machine value the client maps (e.g. 'Incorrect password'), never translated. */
  title?: string;
  errorKey?: string;
  fieldErrors?: FieldErrorText[];
  conflicts?: TScheduleConflict[];
  showType?: (typeof ShowType)[keyof typeof ShowType];
  headers?: Record<string, string>;
  /** What went wrong inside (an 'internal' error): logged with the trace id, never sent to the client. */
  cause?: unknown;
}

/** `message` is the English text (logs stay English); `text` renders it in the reader's language. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly options: AppErrorOptions;
  readonly text: Message;

  constructor(code: ErrorCode, message: Message, options: AppErrorOptions = {}) {
    super(render(message, 'en-US'));
    this.name = 'AppError';
    this.code = code;
    this.options = options;
    this.text = message;
  }

  /** The message and field errors as a reader of `locale` sees them. */
  localized(locale: Locale): { errorMessage: string; fieldErrors?: TFieldError[] } {
    const fieldErrors = this.options.fieldErrors?.map((f) => ({ field: f.field, message: render(f.message, locale) }));
    return { errorMessage: render(this.text, locale), ...(fieldErrors ? { fieldErrors } : {}) };
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** A refusal about one field: "field: message" (400 unless `code` says otherwise). */
export function fieldError(
  field: string,
  message: Message,
  { code = 'validation', ...options }: AppErrorOptions & { code?: ErrorCode } = {},
): AppError {
  return new AppError(code, t('{field}: {message}', { field, message: asParam(message) }), {
    ...options,
    fieldErrors: [{ field, message }],
  });
}

/** A message as a param of another (a bare catalog key becomes a translated text). */
export const asParam = (message: Message) => (typeof message === 'string' ? t(message) : message);

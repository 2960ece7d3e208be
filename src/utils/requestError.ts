import type { TErrorReply } from '../contracts/errors';

/**
 * Turns a failed request into what the user sees (spec section 8, DECISIONS.md "API shape").
 * Pure: src/requestErrorConfig.ts collects the facts from the axios error and performs the result
 * with antd's message / notification and Umi's history.
 */
export interface RequestFailure {
  /** HTTP status; undefined for a business error in a 2xx reply or a failure before any reply. */
  status?: number;
  statusText?: string;
  url?: string;
  /** The parsed reply body, whatever it is. */
  body?: unknown;
  /** The request was sent and no reply came back. */
  noResponse?: boolean;
  /** Message of an error raised in the client (timeout, bad JSON, ...). */
  message?: string;
}

export type ErrorDisplay =
  | { kind: 'silent' }
  | { kind: 'message'; level: 'warning' | 'error'; content: string }
  | { kind: 'notification'; message: string; description?: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'login' };

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** Statuses that have a standard text under `request.code.<status>` in src/locales. */
export const CODE_MESSAGE_STATUSES = [200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504];

export const ERROR_PAGE = '/500';

export function isErrorReply(body: unknown): body is TErrorReply {
  if (typeof body !== 'object' || body === null) return false;
  const reply = body as Record<string, unknown>;
  return reply.success === false && typeof reply.errorMessage === 'string';
}

/** The seed's own texts for a few well-known errors, else the server's message. */
export function errorText(reply: TErrorReply, t: Translate): string {
  if (reply.errorKey === 'userexists') return t('request.error.userexists');
  if (reply.errorKey === 'emailexists') return t('request.error.emailexists');
  if (reply.title === 'Incorrect password') return t('request.error.wrongPassword');
  return reply.errorMessage || t('request.error.retry');
}

function showByType(reply: TErrorReply, t: Translate): ErrorDisplay {
  const content = errorText(reply, t);
  switch (reply.showType) {
    case 0:
      return { kind: 'silent' };
    case 1:
      return { kind: 'message', level: 'warning', content };
    case 4:
      return { kind: 'notification', message: reply.errorCode, description: content };
    case 9: {
      const query = new URLSearchParams({ errorCode: reply.errorCode ?? '', errorMessage: content });
      return { kind: 'redirect', to: `${ERROR_PAGE}?${query.toString()}` };
    }
    default: // 2 and anything unknown
      return { kind: 'message', level: 'error', content };
  }
}

export function describeRequestError(failure: RequestFailure, t: Translate): ErrorDisplay {
  if (failure.status === 401) return { kind: 'login' };
  if (isErrorReply(failure.body)) return showByType(failure.body, t);
  if (failure.noResponse) return { kind: 'notification', message: t('request.error.network') };
  if (failure.status !== undefined) {
    const title = (failure.body as { title?: unknown } | undefined)?.title;
    const standard = CODE_MESSAGE_STATUSES.includes(failure.status) ? t(`request.code.${failure.status}`) : undefined;
    return {
      kind: 'notification',
      message: t('request.error.http', { status: failure.status, url: failure.url ?? '' }),
      description: typeof title === 'string' ? title : (standard ?? failure.statusText),
    };
  }
  return { kind: 'message', level: 'error', content: failure.message || t('request.error.retry') };
}

/** A business error: a 2xx reply whose body says `success: false` (our server uses 4xx/5xx instead). */
export class BizError extends Error {
  constructor(readonly info: unknown) {
    super('Business error');
    this.name = 'BizError';
  }
}

interface AxiosLikeError {
  response?: { status?: number; statusText?: string; data?: unknown };
  request?: unknown;
  config?: { url?: string };
  code?: string;
  message?: string;
}

/** Collects the facts about a failed request from whatever the axios layer threw. */
export function toRequestFailure(error: unknown): RequestFailure {
  if (error instanceof BizError) return { body: error.info };
  const failure = (error ?? {}) as AxiosLikeError;
  // A timeout is the client's own error ("timeout of 100ms exceeded"), not a network failure.
  if (failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT') return { message: failure.message };
  // axios 0.27 hands the bare XHR (status 0) as `response` when the network fails.
  if (failure.response?.status) {
    return {
      status: failure.response.status,
      statusText: failure.response.statusText,
      url: failure.config?.url,
      body: failure.response.data,
    };
  }
  if (failure.request) return { noResponse: true, url: failure.config?.url };
  return { message: failure.message };
}

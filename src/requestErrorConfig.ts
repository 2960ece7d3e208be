import { getIntl, getLocale, getRequestInstance, history, type RequestConfig, type RequestOptions } from '@umijs/max';
import { type FormInstance, message, notification } from 'antd';
import { IDEMPOTENCY_HEADER } from './contracts/idempotency';
import { formFieldErrors } from './utils/formErrors';
import { takeIdempotencyKey } from './utils/idempotency';
import { loginUrlFor } from './utils/redirect';
import { BizError, describeRequestError, type ErrorDisplay, toRequestFailure } from './utils/requestError';
import { retryWhenAsked } from './utils/retryAfter';
import { clearToken, getToken } from './utils/session';

function translate(id: string, values?: Record<string, string | number>): string {
  return getIntl().formatMessage({ id }, values);
}

/** Signs out on this device and goes to the login page, once: not from the login page itself. */
export function goToLogin(): void {
  clearToken();
  const target = loginUrlFor(window.location);
  if (!window.location.pathname.startsWith('/user/')) history.push(target);
}

export function showErrorDisplay(display: ErrorDisplay): void {
  switch (display.kind) {
    case 'silent':
      return;
    case 'message':
      if (display.level === 'warning') message.warning(display.content);
      else message.error(display.content);
      return;
    case 'notification':
      // Keyed by its text: the requests of one page failing together (network down) show one notice.
      notification.error({ key: display.message, message: display.message, description: display.description });
      return;
    case 'redirect':
      history.push(display.to);
      return;
    case 'login':
      goToLogin();
  }
}

/** Shows a failed request the standard way; pages that skipped the handler call it for the rest. */
export function showRequestError(error: unknown): void {
  const failure = toRequestFailure(error);
  // Offline, the offline notice already says why nothing loads: one notice at a time (issue 19),
  // not the network error stacked over it (on a phone the two cover the page).
  if (failure.noResponse && typeof navigator !== 'undefined' && navigator.onLine === false) return;
  showErrorDisplay(describeRequestError(failure, translate));
}

/**
 * After a failed form submit: the errors about the form's `fields` go onto those fields (duplicate
 * login or email, wrong current password, the server's field errors); anything else is shown the
 * standard way.
 */
export function showFormError<Values>(
  error: unknown,
  form: FormInstance<Values>,
  fields: readonly (keyof Values & string)[],
): void {
  const fieldErrors = formFieldErrors(toRequestFailure(error).body, translate, fields);
  // The names are keys of Values; antd's NamePath type cannot see that through the generic.
  if (fieldErrors.length > 0) form.setFields(fieldErrors as Parameters<FormInstance<Values>['setFields']>[0]);
  else showRequestError(error);
}

/** Umi Max request configuration (spec section 7): headers, then one place that shows errors. */
export const errorConfig: RequestConfig = {
  errorConfig: {
    errorThrower: (body: unknown) => {
      throw new BizError(body);
    },
    errorHandler: (error: unknown, opts: RequestOptions) => {
      if (opts?.skipErrorHandler) throw error;
      showRequestError(error);
    },
  },
  requestInterceptors: [
    (config: RequestOptions) => {
      const token = getToken();
      const isUpload = typeof FormData !== 'undefined' && config.data instanceof FormData;
      // Same-origin API: the browser sends cookies by itself, no `withCredentials` needed.
      // The first POST of a form's Save carries the form's key (src/utils/idempotency.ts).
      const key = config.headers?.[IDEMPOTENCY_HEADER] ? undefined : takeIdempotencyKey(config.method);
      config.headers = {
        ...config.headers,
        ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
        Accept: 'application/json',
        // The server words its refusals and validation messages in the UI's language.
        'Accept-Language': getLocale(),
        ...(isUpload ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      };
      return config;
    },
  ],
  // A 503 "busy, try again in a moment" (or a keyed Save still being processed) is tried again after the
  // wait the server asks for, before any error is shown (src/utils/retryAfter.ts).
  // (Umi's type says an error interceptor resolves with an Error; axios resolves the request with whatever
  // it returns, here the retried request's response.)
  responseInterceptors: [
    [(response) => response, retryWhenAsked(getRequestInstance) as unknown as (error: Error) => Promise<Error>],
  ],
};

import { CODE_MESSAGE_STATUSES, isErrorReply, type RequestFailure, type Translate } from '../../../utils/requestError';

/** What the login form says when signing in fails (spec section 8). */
export function loginFailureText(failure: RequestFailure, t: Translate): string {
  if (failure.status === 400 || failure.status === 401) return t('pages.login.failure');
  if (isErrorReply(failure.body) && failure.body.errorMessage) return failure.body.errorMessage;
  if (failure.noResponse) return t('request.error.network');
  // e.g. a proxy's 502/504 while the API is down: the standard status text says more than "retry".
  if (failure.status && CODE_MESSAGE_STATUSES.includes(failure.status)) return t(`request.code.${failure.status}`);
  return t('request.error.retry');
}

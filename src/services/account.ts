import { request } from '@umijs/max';
import type { TAccount } from '../contracts/account';
import type { TLanguageBody } from '../contracts/language';

/** GET /api/account: the signed-in user with authorities. Errors are left to the caller. */
export function fetchAccount(): Promise<TAccount> {
  return request<TAccount>('/api/account', { method: 'GET', skipErrorHandler: true });
}

/**
 * POST /api/logout: ends this device's session on the server, so the token stops working at once
 * (issue 20, finding 12). Sent with the token it ends (the caller clears it right after); a failure
 * (offline, already signed out) is nobody's business: the device forgets the token either way.
 */
export function endSession(token: string | null): Promise<void> {
  if (!token) return Promise.resolve();
  return request<void>('/api/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    skipErrorHandler: true,
    timeout: 5_000,
  }).catch(() => undefined);
}

/** PUT /api/account/language: the signed-in person's language, for every device and their messages (issue 37). */
export function saveLanguage(langKey: TLanguageBody['langKey']): Promise<{ langKey: string }> {
  return request<{ langKey: string }>('/api/account/language', {
    method: 'PUT',
    data: { langKey },
    skipErrorHandler: true,
  });
}

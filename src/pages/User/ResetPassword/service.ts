import { request } from '@umijs/max';

/** POST /api/account/reset-password/init: the same reply whether or not the account exists. */
export function requestPasswordReset(login: string): Promise<{ validMinutes: number }> {
  return request('/api/account/reset-password/init', { method: 'POST', data: { login }, skipErrorHandler: true });
}

/** POST /api/account/reset-password/finish (204); a used, expired or unknown key answers 400. */
export function finishPasswordReset(key: string, newPassword: string): Promise<void> {
  return request('/api/account/reset-password/finish', {
    method: 'POST',
    data: { key, newPassword },
    skipErrorHandler: true,
  });
}

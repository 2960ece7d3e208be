import { request } from '@umijs/max';
import type { TAccount, TUpdateAccountBody } from '@/contracts/account';

/** PUT /api/account: own names, email and language. Field errors are shown by the form. */
export function updateAccount(body: TUpdateAccountBody): Promise<TAccount> {
  return request('/api/account', { method: 'PUT', data: body, skipErrorHandler: true });
}

/** POST /api/account/change-password: revokes older tokens and returns a fresh one. */
export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<{ id_token: string }> {
  return request('/api/account/change-password', { method: 'POST', data: body, skipErrorHandler: true });
}

/** POST /api/account/logout-all (204): revokes every token of the user. */
export function logoutEverywhere(): Promise<void> {
  return request('/api/account/logout-all', { method: 'POST' });
}

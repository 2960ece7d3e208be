import { request } from '@umijs/max';
import type { TAccount, TSession, TUpdateAccountBody } from '@/contracts/account';

/** PUT /api/account: own names, email and language (a new email needs currentPassword). Field errors are shown by the form. */
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

/** GET /api/account/sessions: own signed-in devices, the current one marked. */
export function listSessions(): Promise<TSession[]> {
  return request('/api/account/sessions', { method: 'GET', skipErrorHandler: true });
}

/** DELETE /api/account/sessions/:sessionId (204): signs that device out. */
export function revokeSession(id: string): Promise<void> {
  return request(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

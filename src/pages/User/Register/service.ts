import { request } from '@umijs/max';
import type { TRegisterBody } from '@/contracts/account';

/**
 * POST /api/register (202): the same answer for every address (issue 37); a link to finish registering
 * goes to the email. The page shows field errors itself.
 */
export function register(body: TRegisterBody): Promise<{ email: string }> {
  return request('/api/register', { method: 'POST', data: body, skipErrorHandler: true });
}

/** POST /api/register/confirm: the emailed link's key makes the centre and its first admin (201), signed in. */
export function confirmRegistration(key: string): Promise<{ id: number; login: string; id_token: string }> {
  return request('/api/register/confirm', { method: 'POST', data: { key }, skipErrorHandler: true });
}

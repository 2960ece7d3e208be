import { request } from '@umijs/max';
import type { TRegisterBody } from '@/contracts/account';

/**
 * POST /api/register: a new centre and its first admin (201), with a token that signs the admin in.
 * The page shows field errors itself.
 */
export function register(body: TRegisterBody): Promise<{ id: number; login: string; id_token: string }> {
  return request('/api/register', { method: 'POST', data: body, skipErrorHandler: true });
}

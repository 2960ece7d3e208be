import { request } from '@umijs/max';
import type { TAccount } from '../contracts/account';

/** GET /api/account: the signed-in user with authorities. Errors are left to the caller. */
export function fetchAccount(): Promise<TAccount> {
  return request<TAccount>('/api/account', { method: 'GET', skipErrorHandler: true });
}

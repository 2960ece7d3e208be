import type { TAccount } from '../contracts/account';
import { fetchAccount } from '../services/account';
import { toRequestFailure } from './requestError';
import { clearAllStorage, getToken } from './session';

/**
 * Why the signed-in user could not be loaded although a token is kept: the server was not reached
 * ('network') or answered with an error other than 401 ('server').
 */
export type UserLoadFailure = 'network' | 'server';

export type UserLoad =
  | { currentUser?: TAccount; failure?: undefined }
  | { currentUser?: undefined; failure: UserLoadFailure; error: unknown };

/**
 * GET /api/account with the stored token. Only a 401 signs out (and, spec section 8, clears what
 * this app stored): an unreachable or failing server keeps the token, so the user is still signed
 * in once it answers again.
 */
export async function loadCurrentUser(): Promise<UserLoad> {
  if (!getToken()) return {};
  try {
    return { currentUser: await fetchAccount() };
  } catch (error) {
    const { status, noResponse } = toRequestFailure(error);
    if (status === 401) {
      clearAllStorage();
      return {};
    }
    return { failure: noResponse || status === undefined ? 'network' : 'server', error };
  }
}

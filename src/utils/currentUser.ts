import type { TAccount } from '../contracts/account';
import { fetchAccount } from '../services/account';
import { toRequestFailure } from './requestError';
import { clearAllStorage, getToken, keepAccount, readKeptAccount } from './session';

/**
 * Why the signed-in user could not be loaded although a token is kept: the server was not reached
 * ('network') or answered with an error other than 401 ('server').
 */
export type UserLoadFailure = 'network' | 'server';

export type UserLoad =
  | { currentUser?: TAccount; failure?: undefined; keptUser?: undefined }
  | { currentUser?: undefined; failure: UserLoadFailure; error: unknown; keptUser?: TAccount };

/** The account kept by the last successful load, or undefined (none, or not readable). */
export function keptAccount(): TAccount | undefined {
  const kept = readKeptAccount() as TAccount | null;
  return kept && typeof kept.id === 'number' && Array.isArray(kept.authorities) ? kept : undefined;
}

/**
 * GET /api/account with the stored token. Only a 401 signs out (and, spec section 8, clears what
 * this app stored): an unreachable or failing server keeps the token, so the user is still signed
 * in once it answers again. With no network, the account of the last load comes along (keptUser).
 */
export async function loadCurrentUser(): Promise<UserLoad> {
  if (!getToken()) return {};
  try {
    const currentUser = await fetchAccount();
    keepAccount(currentUser);
    return { currentUser };
  } catch (error) {
    const { status, noResponse } = toRequestFailure(error);
    if (status === 401) {
      clearAllStorage();
      return {};
    }
    const failure = noResponse || status === undefined ? 'network' : 'server';
    return { failure, error, keptUser: failure === 'network' ? keptAccount() : undefined };
  }
}

import { useModel } from '@umijs/max';
import { flushSync } from 'react-dom';
import type { TAccount } from '@/contracts/account';
import { authoritiesChanged } from '@/utils/authority';
import { followChosenLanguage } from '@/utils/personLanguage';
import { getStoredAuthorities, setToken, storeAuthorities } from '@/utils/session';

export interface SignedIn {
  currentUser: TAccount;
  /** Other rights than last time on this browser: start from the root path (spec section 6). */
  authoritiesChanged: boolean;
}

/**
 * Keeps a fresh token (login or register), loads the account and commits it to the initial state
 * before the caller navigates, so the layout and the access rules see the user at once; the screens
 * take the language the person chose, if they did.
 * Resolves undefined when the account cannot be loaded.
 */
export function useSignIn(): (token: string) => Promise<SignedIn | undefined> {
  const { initialState, setInitialState } = useModel('@@initialState');
  return async (token) => {
    setToken(token);
    const currentUser = await initialState?.fetchUserInfo();
    if (!currentUser) return undefined;
    const changed = authoritiesChanged(getStoredAuthorities(), currentUser.authorities);
    storeAuthorities(currentUser.authorities);
    // The person's own language, once chosen, on this device too (issue 37, finding 8).
    await followChosenLanguage(currentUser);
    flushSync(() => setInitialState((state) => state && { ...state, currentUser, loadFailure: undefined }));
    return { currentUser, authoritiesChanged: changed };
  };
}

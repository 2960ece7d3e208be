import { parseStoredAuthorities } from './authority';

/** Local storage keys (spec section 9). Umi's locale plugin keeps the language under `umi_locale`. */
export const TOKEN_KEY = 'levelup-access-token';
export const AUTHORITY_KEY = 'levelup-authority';
/**
 * The signed-in user as last loaded (issue 11): with no network the app still opens its pages (a
 * teacher's kept classes) instead of the "network error" page. Their own account only; goes on sign-out.
 */
export const KEPT_ACCOUNT_KEY = 'levelup-account';

/** The IndexedDB database the teacher's page keeps its classes in for offline reading (issue 11). */
export const KEPT_CLASSES_DB = 'levelup-teacher-classes';
/** The IndexedDB database the family portal keeps its pages in for offline reading (issue 21). */
export const KEPT_FAMILY_DB = 'levelup-family-pages';

/**
 * Every kept class list and family page on this device goes (unsent confirmations, in their own
 * database, stay with their teacher). Typed loosely: the benches compile this file for Node, which has no IndexedDB.
 */
function forgetKeptClasses(): void {
  const idb = (globalThis as { indexedDB?: { deleteDatabase: (name: string) => unknown } }).indexedDB;
  idb?.deleteDatabase(KEPT_CLASSES_DB);
  idb?.deleteDatabase(KEPT_FAMILY_DB);
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

/** Signs out on this device: the token goes, the authority copy stays for the next comparison. */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(KEPT_ACCOUNT_KEY);
  forgetKeptClasses();
}

/** Keeps the account of a successful load (KEPT_ACCOUNT_KEY). */
export function keepAccount(account: unknown): void {
  localStorage.setItem(KEPT_ACCOUNT_KEY, JSON.stringify(account));
}

/** The kept account as stored, unchecked (null when none or unreadable). */
export function readKeptAccount(): unknown {
  try {
    return JSON.parse(localStorage.getItem(KEPT_ACCOUNT_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function getStoredAuthorities(): string[] | undefined {
  return parseStoredAuthorities(localStorage.getItem(AUTHORITY_KEY));
}

export function storeAuthorities(authorities: readonly string[]): void {
  localStorage.setItem(AUTHORITY_KEY, JSON.stringify(authorities));
}

/** Spec section 8: when the current user cannot be fetched, everything this app stored goes. */
export function clearAllStorage(): void {
  localStorage.clear();
  forgetKeptClasses();
}

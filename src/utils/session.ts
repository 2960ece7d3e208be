import { parseStoredAuthorities } from './authority';

/** Local storage keys (spec section 9). Umi's locale plugin keeps the language under `umi_locale`. */
export const TOKEN_KEY = 'levelup-access-token';
export const AUTHORITY_KEY = 'levelup-authority';

/** The IndexedDB database the teacher's page keeps its classes in for offline reading (issue 11). */
export const KEPT_CLASSES_DB = 'levelup-teacher-classes';

/**
 * Every kept class list on this device goes (unsent confirmations, in their own database, stay with
 * their teacher). Typed loosely: the benches compile this file for Node, which has no IndexedDB.
 */
function forgetKeptClasses(): void {
  const idb = (globalThis as { indexedDB?: { deleteDatabase: (name: string) => unknown } }).indexedDB;
  idb?.deleteDatabase(KEPT_CLASSES_DB);
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
  forgetKeptClasses();
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

export const LOGIN_PATH = '/user/login';

/**
 * Where to go after signing in (spec section 9): the `redirect` query parameter only when it points
 * to this origin, as path + query + hash; anything else (another host, `javascript:`, `//evil.com`,
 * nonsense) goes to the root path.
 */
export function safeRedirectPath(redirect: string | null | undefined, origin: string): string {
  if (!redirect) return '/';
  let target: URL;
  try {
    target = new URL(redirect, origin);
  } catch {
    return '/';
  }
  if (target.origin !== origin) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}

/** The login page URL that brings the user back to where they are now (no loop from the login page). */
export function loginUrlFor(location: { pathname: string; search: string; hash: string }): string {
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (location.pathname.startsWith('/user/') || here === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`;
}

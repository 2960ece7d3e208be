// The service worker's rules (issue 11), pure so that a unit test can hold them: what goes into the
// precache, which navigations get the app shell, and that nothing under /api/ is ever cached.

/** Umi's hashed output (`umi.7df40cff.js`, `803.60ad0227.async.js`, `p__Login.e2ec6e92.chunk.css`). */
export const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:async\.|chunk\.)?(?:js|css)$/;

/** The app's own unhashed files worth having offline: the manifest and the icons it names. */
const INSTALL_FILES = /^(?:manifest\.webmanifest|favicon\.svg|logo\.svg|icons\/[\w-]+\.png)$/;

/** API paths: never precached, never answered from a cache, never given the shell. */
export function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Whether a file of the built SPA (a path relative to its folder, `/`-separated) is precached: the
 * shell (index.html), the hashed scripts and styles and the install files. Not the .br/.gz copies
 * (the server picks the encoding), the bundle report or stats, or the worker itself.
 */
export function shouldPrecache(file: string): boolean {
  const name = file.replace(/^\/+/, '');
  if (isApi(`/${name}`) || /\.(?:br|gz|map)$/.test(name)) return false;
  return name === 'index.html' || HASHED_ASSET.test(name) || INSTALL_FILES.test(name);
}

/** Navigations that are not the SPA's routes: the API (feeds, OpenAPI) and files (`/sw.js`). */
export const SHELL_DENYLIST: RegExp[] = [/^\/api(?:\/|$)/, /\/[^/]+\.[A-Za-z0-9]+$/];

/** Whether a navigation to this path is answered with the precached shell (index.html). */
export function servesShell(pathname: string): boolean {
  return !SHELL_DENYLIST.some((pattern) => pattern.test(pathname));
}

/** A message a page sends to the waiting worker to take over (workbox-window's messageSkipWaiting). */
export function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}

// "Loading chunk {n} failed" after a deploy (spec sections 8 and 9, issue 11): a page opened before a
// new release asks for a script or style chunk the server no longer has. Instead of a blank or broken
// screen the page reloads once, onto the new release. A guard in sessionStorage keeps it to one
// reload per minute, so a chunk that really is missing never makes a reload loop.

const KEY = 'levelup.chunkReloadAt';
export const RELOAD_GUARD_MS = 60_000;

/** Umi's async chunks and their styles: `803.60ad0227.async.js`, `p__Login.e2ec6e92.chunk.css`. */
const CHUNK_FILE = /\.[0-9a-f]{8}\.(?:async\.|chunk\.)?(?:js|css)(?:\?.*)?$/;

/** webpack's ChunkLoadError, its CSS twin, or the message either carries. */
export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return typeof reason === 'string' && CHUNK_MESSAGE.test(reason);
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_MESSAGE.test(message));
}
const CHUNK_MESSAGE = /Loading (?:CSS )?chunk \S+ failed/;

/** A <script> or stylesheet <link> of one of the app's chunks that failed to load. */
export function isChunkElement(target: unknown, origin: string): boolean {
  const element = target as { tagName?: unknown; src?: unknown; href?: unknown; rel?: unknown } | null;
  if (!element || typeof element.tagName !== 'string') return false;
  const url =
    element.tagName === 'SCRIPT'
      ? element.src
      : element.tagName === 'LINK' && element.rel === 'stylesheet'
        ? element.href
        : undefined;
  if (typeof url !== 'string' || !url.startsWith(`${origin}/`)) return false;
  return CHUNK_FILE.test(new URL(url).pathname);
}

/** Reloads unless the last reload for a chunk was less than RELOAD_GUARD_MS ago; says whether it did. */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (last && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Set while the page is being left: the loads it aborts are not failures (and a reload would undo the navigation). */
let leaving = false;

function reloadForChunk(): void {
  if (leaving) return;
  try {
    reloadOnce(window.sessionStorage, Date.now(), () => window.location.reload());
  } catch {
    // sessionStorage refused (private mode, quota): never reload without the guard.
  }
}

/** Watches for failed chunk loads from the start: call once, before the app renders. */
export function watchChunkLoadErrors(): void {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
  // Capture phase: a script's or link's load error does not bubble to window.
  window.addEventListener(
    'error',
    (event) => {
      if (isChunkElement(event.target, window.location.origin) || isChunkLoadError(event.error)) reloadForChunk();
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForChunk();
  });
}

/** For lazy() loaders: a failed chunk reloads the page (once), then the error goes on to React. */
export function reloadOnChunkError<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error)) reloadForChunk();
      throw error;
    });
}

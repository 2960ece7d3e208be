import { describe, expect, it } from 'vitest';
import { isChunkElement, isChunkLoadError, RELOAD_GUARD_MS, reloadOnce } from './chunkReload';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('chunk load failures (issue 11)', () => {
  it("recognises webpack's chunk errors and messages", () => {
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 803 failed.\n(missing: http://x/803.60ad0227.async.js)'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Loading CSS chunk p__Login failed.'))).toBe(true);
    expect(isChunkLoadError('Loading chunk 12 failed.')).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("recognises a failed chunk script or stylesheet of this origin, not others' or other files", () => {
    const origin = 'https://app.example';
    expect(isChunkElement({ tagName: 'SCRIPT', src: `${origin}/803.60ad0227.async.js` }, origin)).toBe(true);
    expect(
      isChunkElement({ tagName: 'LINK', rel: 'stylesheet', href: `${origin}/p__Login.e2ec6e92.chunk.css` }, origin),
    ).toBe(true);
    expect(isChunkElement({ tagName: 'SCRIPT', src: 'https://cdn.example/803.60ad0227.async.js' }, origin)).toBe(false);
    expect(isChunkElement({ tagName: 'IMG', src: `${origin}/803.60ad0227.async.js` }, origin)).toBe(false);
    expect(isChunkElement({ tagName: 'LINK', rel: 'icon', href: `${origin}/a.0123abcd.css` }, origin)).toBe(false);
    expect(isChunkElement(windowLike(), origin)).toBe(false);
  });

  it('reloads once, then not again within the guard window, then again after it', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadOnce(storage, 1_000_000, reload)).toBe(true);
    expect(reloadOnce(storage, 1_000_000 + 5_000, reload)).toBe(false);
    expect(reloadOnce(storage, 1_000_000 + RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadOnce(storage, 1_000_000 + RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});

function windowLike() {
  return { addEventListener() {} };
}

import { describe, expect, it } from 'vitest';
import {
  FormIdempotencyKey,
  newIdempotencyKey,
  runningIdempotencyKey,
  takeIdempotencyKey,
  withIdempotencyKey,
} from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the Idempotency-Key of a form', () => {
  it('makes v4 UUIDs, also where crypto.randomUUID is missing (a page that is not https)', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('keeps one key across Saves until renewed (after a success or a new opening)', () => {
    let n = 0;
    const form = new FormIdempotencyKey(() => `key-${++n}`);
    expect([form.current(), form.current()]).toEqual(['key-1', 'key-1']);
    form.renew();
    expect(form.current()).toBe('key-2');
  });

  it("puts the key on the save's first POST only, never on its reads, and not after the save", async () => {
    const seen: (string | undefined)[] = [];
    const reply = await withIdempotencyKey('k1', async () => {
      seen.push(takeIdempotencyKey('GET'));
      await Promise.resolve();
      seen.push(takeIdempotencyKey('post'));
      seen.push(takeIdempotencyKey('POST'));
      return 'saved';
    });
    expect(reply).toBe('saved');
    expect(seen).toEqual([undefined, 'k1', undefined]);
    // A save whose request failed before its POST: the key does not wait for a later, unrelated POST.
    await expect(
      withIdempotencyKey('k2', async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(takeIdempotencyKey('POST')).toBeUndefined();
  });

  it("names the running save's key after its first POST used it up, and none once the save settles", async () => {
    const seen: (string | undefined)[] = [];
    await withIdempotencyKey('k3', async () => {
      seen.push(runningIdempotencyKey());
      seen.push(takeIdempotencyKey('POST'));
      await Promise.resolve();
      seen.push(runningIdempotencyKey(), takeIdempotencyKey('POST'));
    });
    expect(seen).toEqual(['k3', 'k3', 'k3', undefined]);
    expect(runningIdempotencyKey()).toBeUndefined();
  });
});

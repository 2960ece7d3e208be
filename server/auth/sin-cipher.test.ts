import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSin, encryptSin, parseSinKey, resolveSinKey, sinColumns } from './sin-cipher';

const key = randomBytes(32);

describe('SIN cipher', () => {
  it('round-trips, with a fresh IV each time and no SIN digits in the ciphertext', () => {
    const a = encryptSin(key, '046454286');
    const b = encryptSin(key, '046454286');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('046454286');
    expect(a.length).toBeLessThanOrEqual(200); // the column's size
    expect(decryptSin(key, a)).toBe('046454286');
  });

  it('refuses another key and altered ciphertext', () => {
    const stored = encryptSin(key, '123456789');
    expect(() => decryptSin(randomBytes(32), stored)).toThrow();
    const bytes = Buffer.from(stored.slice(3), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptSin(key, `v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => decryptSin(key, 'plain')).toThrow(/format/);
  });

  it('refuses to work without a key', () => {
    expect(() => encryptSin(undefined, '123456789')).toThrow(/not configured/);
  });

  it('stores the ciphertext and the last three digits', () => {
    expect(sinColumns(key, null)).toEqual({ sinEncrypted: null, sinLast3: null });
    const columns = sinColumns(key, '123456789');
    expect(columns.sinLast3).toBe('789');
    expect(decryptSin(key, columns.sinEncrypted ?? '')).toBe('123456789');
  });
});

describe('SIN key', () => {
  it('is 32 bytes in base64', () => {
    expect(parseSinKey(key.toString('base64'))).toEqual(key);
    expect(() => parseSinKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('is required with PostgreSQL or in production', () => {
    const pgTarget = { kind: 'postgres' as const, url: 'postgresql://db/x' };
    expect(() => resolveSinKey(pgTarget, {})).toThrow(/SIN_ENCRYPTION_KEY is required/);
    expect(() => resolveSinKey({ kind: 'pglite', dataDir: '/tmp/y' }, { NODE_ENV: 'production' })).toThrow(
      /SIN_ENCRYPTION_KEY is required/,
    );
    expect(resolveSinKey(pgTarget, { SIN_ENCRYPTION_KEY: key.toString('base64') })).toEqual(key);
  });

  it('is generated once for the embedded database and kept beside its folder (mode 600)', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'levelup-sin-')), 'pglite');
    const first = resolveSinKey({ kind: 'pglite', dataDir }, {});
    expect(first).toHaveLength(32);
    expect(resolveSinKey({ kind: 'pglite', dataDir }, {})).toEqual(first);
    expect(readFileSync(`${dataDir}.sin-key`, 'utf8')).toBe(first.toString('base64'));
    expect(statSync(`${dataDir}.sin-key`).mode & 0o777).toBe(0o600);
  });
});

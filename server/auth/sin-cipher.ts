// Social insurance numbers are stored only encrypted (AES-256-GCM) plus their last 3 digits.
// Nothing here logs a SIN or a key; errors name what is wrong, never the value.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseTarget } from '../db/target';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** A 32-byte key from its base64 text (SIN_ENCRYPTION_KEY). */
export function parseSinKey(base64: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(`SIN_ENCRYPTION_KEY must be ${KEY_BYTES} bytes in base64 (e.g. openssl rand -base64 32)`);
  }
  return key;
}

/**
 * SIN_ENCRYPTION_KEY from the environment wherever it is set, and always with PostgreSQL or in
 * production (every instance must read what the others wrote). The embedded default makes one on
 * first start and keeps it beside its data folder, as it does the JWT secret.
 */
export function resolveSinKey(target: DatabaseTarget, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.SIN_ENCRYPTION_KEY) return parseSinKey(env.SIN_ENCRYPTION_KEY);
  if (target.kind === 'postgres' || env.NODE_ENV === 'production') {
    throw new Error(
      'SIN_ENCRYPTION_KEY is required with PostgreSQL or NODE_ENV=production (32 random bytes in base64)',
    );
  }
  if (target.dataDir.startsWith('memory://')) return randomBytes(KEY_BYTES);
  const file = `${target.dataDir.replace(/[\\/]+$/, '')}.sin-key`;
  if (existsSync(file)) return parseSinKey(readFileSync(file, 'utf8'));
  const key = randomBytes(KEY_BYTES);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

function requireKey(key: Buffer | undefined): Buffer {
  if (!key || key.length !== KEY_BYTES) throw new Error('SIN encryption is not configured (SIN_ENCRYPTION_KEY)');
  return key;
}

/** `v1:<base64 of iv | auth tag | ciphertext>`: a fresh random IV each time. */
export function encryptSin(key: Buffer | undefined, sin: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', requireKey(key), iv);
  const ciphertext = Buffer.concat([cipher.update(sin, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

/** The SIN in clear; throws when the text was not made with this key or was altered. */
export function decryptSin(key: Buffer | undefined, stored: string): string {
  const [version, payload] = stored.split(':');
  if (version !== VERSION || !payload) throw new Error('Unknown SIN ciphertext format');
  const bytes = Buffer.from(payload, 'base64');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', requireKey(key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The columns a SIN is stored in: ciphertext and last three digits (or both null). */
export function sinColumns(key: Buffer | undefined, sin: string | null) {
  return sin === null
    ? { sinEncrypted: null, sinLast3: null }
    : { sinEncrypted: encryptSin(key, sin), sinLast3: sin.slice(-3) };
}

import { describe, expect, it } from 'vitest';
import { normalisePhone } from '../../src/contracts/login';
import { hashLoginCode, hashResetKey, loginCodeMatches, newLoginCode, newResetKey } from './login-codes';

describe('sign-in codes and reset keys', () => {
  it('normalises a phone number to its digits with an optional leading +', () => {
    expect(normalisePhone(' (416) 555-0199 ')).toBe('4165550199');
    expect(normalisePhone('+1 416.555.0199')).toBe('+14165550199');
    expect(normalisePhone('416-555-CALL')).toBeUndefined();
    expect(normalisePhone('12345')).toBeUndefined(); // fewer than 7 digits
    expect(normalisePhone('+1234567890123456')).toBeUndefined(); // more than 15
    expect(normalisePhone('41+65550199')).toBeUndefined();
  });

  it('makes 6-digit codes, hashed per number with the secret', () => {
    for (let i = 0; i < 50; i++) expect(newLoginCode()).toMatch(/^\d{6}$/);
    const hash = hashLoginCode('secret', '4165550199', '012345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(loginCodeMatches('secret', '4165550199', '012345', hash)).toBe(true);
    expect(loginCodeMatches('secret', '4165550199', '012346', hash)).toBe(false);
    expect(loginCodeMatches('secret', '4165550100', '012345', hash)).toBe(false);
    expect(loginCodeMatches('other', '4165550199', '012345', hash)).toBe(false);
  });

  it('makes 43-character reset keys whose SHA-256 is stored', () => {
    const key = newResetKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashResetKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(newResetKey()).not.toBe(key);
  });
});

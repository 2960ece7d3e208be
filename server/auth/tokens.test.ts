import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens';

const secret = 'unit-test-secret-unit-test-secret';

describe('tokens', () => {
  it('round-trips the user id and token version', () => {
    const token = signToken(secret, { userId: 42, tokenVersion: 3 }, false);
    expect(verifyToken(secret, token)).toEqual({ userId: 42, tokenVersion: 3 });
    expect(jwt.decode(token, { complete: true })?.header.alg).toBe('HS256');
  });

  it('rejects another secret, another algorithm, alg none and a missing version', () => {
    const wrongKey = signToken('some-other-secret-some-other-secret', { userId: 1, tokenVersion: 0 }, false);
    const hs512 = jwt.sign({ ver: 0 }, secret, { algorithm: 'HS512', subject: '1', issuer: 'level-up' });
    const unsigned = jwt.sign({ ver: 0 }, '', { algorithm: 'none', subject: '1', issuer: 'level-up' });
    const noVersion = jwt.sign({}, secret, { subject: '1', issuer: 'level-up' });
    const foreignIssuer = jwt.sign({ ver: 0 }, secret, { subject: '1', issuer: 'someone-else' });
    const hugeSubject = signToken(secret, { userId: 2147483648, tokenVersion: 0 }, false);
    for (const token of [wrongKey, hs512, unsigned, noVersion, foreignIssuer, hugeSubject, 'not.a.token']) {
      expect(verifyToken(secret, token)).toBeUndefined();
    }
  });

  it('rejects a token without an expiry, and an expired one', () => {
    const forever = jwt.sign({ ver: 0 }, secret, { algorithm: 'HS256', subject: '1', issuer: 'level-up' });
    expect(jwt.verify(forever, secret)).toBeTruthy(); // the library alone would accept it
    expect(verifyToken(secret, forever)).toBeUndefined();
    const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 10 }, secret, {
      subject: '1',
      issuer: 'level-up',
    });
    expect(verifyToken(secret, expired)).toBeUndefined();
  });
});

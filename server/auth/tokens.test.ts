import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens';

const secret = 'unit-test-secret-unit-test-secret';

const sessionId = 'AAAAAAAAAAAAAAAAAAAAAA';

describe('tokens', () => {
  it('round-trips the user id, token version and session', () => {
    const token = signToken(secret, { userId: 42, tokenVersion: 3, sessionId }, false);
    expect(verifyToken(secret, token)).toEqual({ userId: 42, tokenVersion: 3, sessionId });
    expect(jwt.decode(token, { complete: true })?.header.alg).toBe('HS256');
  });

  it('rejects another secret, another algorithm, alg none, a missing version or session', () => {
    const wrongKey = signToken('some-other-secret-some-other-secret', { userId: 1, tokenVersion: 0, sessionId }, false);
    const hs512 = jwt.sign({ ver: 0 }, secret, { algorithm: 'HS512', subject: '1', issuer: 'level-up' });
    const unsigned = jwt.sign({ ver: 0 }, '', { algorithm: 'none', subject: '1', issuer: 'level-up' });
    const noVersion = jwt.sign({}, secret, { subject: '1', issuer: 'level-up' });
    const foreignIssuer = jwt.sign({ ver: 0 }, secret, { subject: '1', issuer: 'someone-else' });
    const hugeSubject = signToken(secret, { userId: 2147483648, tokenVersion: 0, sessionId }, false);
    const noSession = jwt.sign({ ver: 0 }, secret, { subject: '1', issuer: 'level-up', expiresIn: 60 });
    const badSession = jwt.sign({ ver: 0, sid: 'x' }, secret, { subject: '1', issuer: 'level-up', expiresIn: 60 });
    const tokens = [wrongKey, hs512, unsigned, noVersion, foreignIssuer, hugeSubject, noSession, badSession];
    for (const token of [...tokens, 'not.a.token']) {
      expect(verifyToken(secret, token)).toBeUndefined();
    }
  });

  it('rejects a token without an expiry, and an expired one', () => {
    const forever = jwt.sign({ ver: 0, sid: sessionId }, secret, {
      algorithm: 'HS256',
      subject: '1',
      issuer: 'level-up',
    });
    expect(jwt.verify(forever, secret)).toBeTruthy(); // the library alone would accept it
    expect(verifyToken(secret, forever)).toBeUndefined();
    const expired = jwt.sign({ ver: 0, sid: sessionId, exp: Math.floor(Date.now() / 1000) - 10 }, secret, {
      subject: '1',
      issuer: 'level-up',
    });
    expect(verifyToken(secret, expired)).toBeUndefined();
  });
});

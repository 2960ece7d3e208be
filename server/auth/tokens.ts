import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isId } from '../../src/contracts/common';

// HS256 only: verify() is told the one algorithm it may accept, so `alg: none` and key-confusion tokens fail.
const ALGORITHM = 'HS256' as const;
/** A session id as server/auth/sessions.ts makes them: 22 base64url characters (128 random bits). */
export const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;
export const TOKEN_TTL_SECONDS = 8 * 60 * 60; // a working day
export const REMEMBER_ME_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** The server-side session (server/auth/sessions.ts) the token belongs to. */
  sessionId: string;
}

export const tokenLifetimeSeconds = (rememberMe: boolean) => (rememberMe ? REMEMBER_ME_TTL_SECONDS : TOKEN_TTL_SECONDS);

export function signToken(secret: string, claims: TokenClaims, rememberMe: boolean): string {
  return jwt.sign({ ver: claims.tokenVersion, sid: claims.sessionId }, secret, {
    algorithm: ALGORITHM,
    subject: String(claims.userId),
    expiresIn: tokenLifetimeSeconds(rememberMe),
    issuer: 'level-up',
  });
}

// jsonwebtoken turns a string secret into a KeyObject (createSecretKey) on every call: 1.9% of the API's
// CPU under load (issue 24, item 5). The process has one secret (tests a few): made once per secret.
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    if (keys.size > 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** The claims of a valid, unexpired token signed with our secret; undefined for anything else. */
export function verifyToken(secret: string, token: string): TokenClaims | undefined {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM], issuer: 'level-up' });
    // jwt.verify() checks `exp` only when present: a token without one would never expire.
    if (typeof payload === 'string' || typeof payload.exp !== 'number') return undefined;
    const userId = Number(payload.sub);
    const tokenVersion = payload.ver;
    const sessionId = payload.sid;
    // Ids are int4: anything else could only make the user lookup fail. A token without a session
    // (issued before sessions existed) is refused: its holder signs in again.
    if (!isId(payload.sub) || !Number.isInteger(tokenVersion)) return undefined;
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return undefined;
    return { userId, tokenVersion, sessionId };
  } catch {
    return undefined;
  }
}

// Server-side sessions (issue 20, finding 12). Every token names a Session row (`sid`); authenticate
// refuses a token whose session is missing, revoked, expired or from an older tokenVersion, so signing
// out (one device, or every device) takes effect at once on every instance: the check is one
// primary-key lookup joined to the user, which authenticate made anyway.
import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { signToken, tokenLifetimeSeconds } from './tokens';

type Db = PrismaClient | Prisma.TransactionClient;

/** lastSeenAt is written at most this often per session: most requests only read. */
export const SESSION_TOUCH_MS = 5 * 60_000;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Browser and OS names from a User-Agent header (nothing else of it is kept); null when unknown. */
export function describeDevice(userAgent: string | undefined): { browser: string | null; os: string | null } {
  const ua = (userAgent ?? '').slice(0, 1000);
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}

export interface SessionUser {
  id: number;
  tokenVersion: number;
}

/** Opens a session for this user on this device and returns its signed token. */
export async function startSession(
  db: Db,
  jwtSecret: string,
  user: SessionUser,
  { rememberMe, userAgent }: { rememberMe: boolean; userAgent: string | undefined },
): Promise<{ id_token: string }> {
  const id = randomBytes(16).toString('base64url');
  await db.session.create({
    data: {
      id,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      ...describeDevice(userAgent),
      expiresAt: new Date(Date.now() + tokenLifetimeSeconds(rememberMe) * 1000),
    },
  });
  const id_token = signToken(
    jwtSecret,
    { userId: user.id, tokenVersion: user.tokenVersion, sessionId: id },
    rememberMe,
  );
  return { id_token };
}

/** The sessions that still sign in: not revoked, not expired, of the user's present tokenVersion. */
export function liveSessions(userId: number, tokenVersion: number, now = new Date()): Prisma.SessionWhereInput {
  return { userId, tokenVersion, revokedAt: null, expiresAt: { gt: now } };
}

/** Ends the user's open sessions (all, or all but `except`); returns how many. */
export async function revokeSessions(db: Db, userId: number, except?: string): Promise<number> {
  const { count } = await db.session.updateMany({
    where: { userId, revokedAt: null, ...(except ? { id: { not: except } } : {}) },
    data: { revokedAt: new Date() },
  });
  return count;
}

/** Records that the session was used now, unless it was within SESSION_TOUCH_MS. */
export async function touchSession(prisma: PrismaClient, id: string, lastSeenAt: Date, now = new Date()) {
  if (now.getTime() - lastSeenAt.getTime() < SESSION_TOUCH_MS) return;
  await prisma.session.updateMany({
    where: { id, lastSeenAt: { lt: new Date(now.getTime() - SESSION_TOUCH_MS) } },
    data: { lastSeenAt: now },
  });
}

import type { RequestHandler } from 'express';
import { authoritiesOf } from '../../src/contracts/permissions';
import type { PrismaClient, Role } from '../generated/prisma/client';
import { touchSession } from './sessions';
import { verifyToken } from './tokens';

/**
 * Sets req.auth when the bearer token is valid AND still current: its session (server/auth/sessions.ts)
 * exists, belongs to the token's user, is neither revoked (sign-out) nor expired, and the user exists, is
 * activated and still has the token's tokenVersion (a password change, deactivation or logout-all bumps
 * it). One statement: the session by its primary key joined to its user and the user's site limits
 * (issue 24, item 5: Prisma ran the sites as a second query). Anything else leaves req.auth unset;
 * requireRight() then answers 401 where it matters.
 */
export function authenticate(prisma: PrismaClient, secret: string): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return next();
    const claims = verifyToken(secret, header.slice('Bearer '.length).trim());
    if (!claims) return next();
    const session = await sessionWithUser(prisma, claims.sessionId);
    const now = new Date();
    const user = session?.user;
    if (
      session &&
      user?.activated &&
      session.userId === claims.userId &&
      !session.revokedAt &&
      session.expiresAt > now &&
      session.tokenVersion === claims.tokenVersion &&
      user.tokenVersion === claims.tokenVersion
    ) {
      await touchSession(prisma, claims.sessionId, session.lastSeenAt, now);
      req.auth = {
        userId: user.id,
        login: user.login,
        organisationId: user.organisationId,
        authorities: authoritiesOf(user.roles),
        sessionId: claims.sessionId,
        address: req.ip,
        // Site limits bind operators only: an admin sees every location whatever rows they have.
        sites: user.roles.includes('ROLE_ADMIN') ? undefined : user.sites,
      };
    }
    next();
  };
}

interface SessionRow {
  userId: number;
  tokenVersion: number;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
  user: {
    id: number;
    login: string;
    activated: boolean;
    tokenVersion: number;
    roles: Role[];
    organisationId: number | null;
    sites: number[];
  };
}

async function sessionWithUser(prisma: PrismaClient, id: string): Promise<SessionRow | undefined> {
  const rows = await prisma.$queryRaw<
    {
      userId: number;
      sessionVersion: number;
      expiresAt: Date;
      revokedAt: Date | null;
      lastSeenAt: Date;
      login: string;
      activated: boolean;
      tokenVersion: number;
      roles: string[];
      organisationId: number | null;
      sites: number[] | null;
    }[]
  >`
    SELECT s."userId", s."tokenVersion" AS "sessionVersion", s."expiresAt", s."revokedAt", s."lastSeenAt",
           u."login", u."activated", u."tokenVersion", u."roles"::text[] AS "roles", u."organisationId",
           (SELECT array_agg(ul."locationId" ORDER BY ul."locationId") FROM "UserLocation" ul
             WHERE ul."userId" = u."id") AS "sites"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ${id}`;
  const row = rows[0];
  if (!row) return undefined;
  return {
    userId: row.userId,
    tokenVersion: row.sessionVersion,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastSeenAt: row.lastSeenAt,
    user: {
      id: row.userId,
      login: row.login,
      activated: row.activated,
      tokenVersion: row.tokenVersion,
      roles: row.roles as Role[],
      organisationId: row.organisationId,
      sites: row.sites ?? [],
    },
  };
}

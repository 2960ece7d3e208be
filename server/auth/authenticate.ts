import type { RequestHandler } from 'express';
import { authoritiesOf } from '../../src/contracts/permissions';
import type { PrismaClient } from '../generated/prisma/client';
import { touchSession } from './sessions';
import { verifyToken } from './tokens';

/**
 * Sets req.auth when the bearer token is valid AND still current: its session (server/auth/sessions.ts)
 * exists, belongs to the token's user, is neither revoked (sign-out) nor expired, and the user exists, is
 * activated and still has the token's tokenVersion (a password change, deactivation or logout-all bumps
 * it). One primary-key lookup of the session joined to its user. Anything else leaves req.auth unset;
 * requireRight() then answers 401 where it matters.
 */
export function authenticate(prisma: PrismaClient, secret: string): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return next();
    const claims = verifyToken(secret, header.slice('Bearer '.length).trim());
    if (!claims) return next();
    const session = await prisma.session.findUnique({
      where: { id: claims.sessionId },
      select: {
        userId: true,
        tokenVersion: true,
        expiresAt: true,
        revokedAt: true,
        lastSeenAt: true,
        user: {
          select: { id: true, login: true, activated: true, tokenVersion: true, roles: true, organisationId: true },
        },
      },
    });
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
      };
    }
    next();
  };
}

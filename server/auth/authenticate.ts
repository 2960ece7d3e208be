import type { RequestHandler } from 'express';
import { authoritiesOf } from '../../src/contracts/permissions';
import type { PrismaClient } from '../generated/prisma/client';
import { verifyToken } from './tokens';

/**
 * Sets req.auth when the bearer token is valid AND still current: the user exists, is activated, and
 * the token carries the user's present tokenVersion (a password change, deactivation or logout-all
 * bumps it). Anything else leaves req.auth unset; requireRight() then answers 401 where it matters.
 */
export function authenticate(prisma: PrismaClient, secret: string): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return next();
    const claims = verifyToken(secret, header.slice('Bearer '.length).trim());
    if (!claims) return next();
    const user = await prisma.user.findUnique({
      where: { id: claims.userId },
      select: { id: true, login: true, activated: true, tokenVersion: true, roles: true, organisationId: true },
    });
    if (user?.activated && user.tokenVersion === claims.tokenVersion) {
      req.auth = {
        userId: user.id,
        login: user.login,
        organisationId: user.organisationId,
        authorities: authoritiesOf(user.roles),
      };
    }
    next();
  };
}

import { Router } from 'express';
import { accountEndpoints as endpoints } from '../../../src/contracts/account';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { changeOwnPassword, getOwnAccount, revokeAllTokens, updateOwnAccount } from './own-account';
import { registerOrganisation } from './register';
import { signIn } from './sign-in';

export function accountRouter({ prisma, jwtSecret }: AppDeps): Router {
  const router = Router();

  route(router, endpoints.authenticate, ({ req, body }) =>
    signIn({ prisma, jwtSecret, ...body, address: req.ip ?? 'unknown' }),
  );
  route(router, endpoints.register, ({ body }) => registerOrganisation(prisma, jwtSecret, body));
  route(router, endpoints.getAccount, ({ auth }) => getOwnAccount(prisma, auth.userId));
  route(router, endpoints.updateAccount, ({ auth, body }) => updateOwnAccount(prisma, auth.userId, body));
  route(router, endpoints.changePassword, ({ auth, body }) =>
    changeOwnPassword({ prisma, jwtSecret, userId: auth.userId, ...body }),
  );
  route(router, endpoints.logoutAll, ({ auth }) => revokeAllTokens(prisma, auth.userId));

  return router;
}

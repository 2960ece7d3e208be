import { Router } from 'express';
import { accountEndpoints as endpoints } from '../../../src/contracts/account';
import { createLoginThrottle } from '../../auth/login-throttle';
import { createRegisterThrottle } from '../../auth/register-throttle';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { changeOwnPassword, getOwnAccount, revokeAllTokens, updateOwnAccount } from './own-account';
import { registerOrganisation } from './register';
import { signIn } from './sign-in';

export function accountRouter({ prisma, jwtSecret }: AppDeps): Router {
  const router = Router();
  const loginThrottle = createLoginThrottle(prisma);
  const registerThrottle = createRegisterThrottle(prisma);

  route(router, endpoints.authenticate, ({ req, body }) =>
    signIn({ prisma, jwtSecret, throttle: loginThrottle, ...body, address: req.ip ?? 'unknown' }),
  );
  route(router, endpoints.register, async ({ req, body }) => {
    await registerThrottle.consume(req.ip ?? 'unknown');
    return registerOrganisation(prisma, jwtSecret, body);
  });
  route(router, endpoints.getAccount, ({ auth }) => getOwnAccount(prisma, auth.userId));
  route(router, endpoints.updateAccount, ({ auth, body }) => updateOwnAccount(prisma, auth.userId, body));
  route(router, endpoints.changePassword, ({ auth, body }) =>
    changeOwnPassword({ prisma, jwtSecret, userId: auth.userId, ...body }),
  );
  route(router, endpoints.logoutAll, ({ auth }) => revokeAllTokens(prisma, auth.userId));

  return router;
}

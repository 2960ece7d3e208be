import { Router } from 'express';
import { accountEndpoints as endpoints } from '../../../src/contracts/account';
import { languageEndpoints } from '../../../src/contracts/language';
import { loginEndpoints } from '../../../src/contracts/login';
import { createSendThrottle } from '../../auth/code-throttle';
import { createLoginThrottle } from '../../auth/login-throttle';
import { createRegisterThrottle } from '../../auth/register-throttle';
import type { AppDeps } from '../../deps';
import { createAfterReply } from '../../http/after-reply';
import { route } from '../../http/route';
import {
  changeOwnPassword,
  getOwnAccount,
  listOwnSessions,
  revokeAllTokens,
  revokeOwnSession,
  signOut,
  updateOwnAccount,
} from './own-account';
import { setOwnLanguage } from './own-language';
import { finishPasswordReset, requestPasswordReset } from './password-reset';
import { sendLoginCode, signInWithPhone } from './phone-sign-in';
import { confirmRegistration, requestRegistration } from './register';
import { signIn } from './sign-in';

export function accountRouter({ prisma, jwtSecret, queue, afterReply = createAfterReply() }: AppDeps): Router {
  const router = Router();
  const loginThrottle = createLoginThrottle(prisma);
  const registerThrottle = createRegisterThrottle(prisma);
  const sendThrottle = createSendThrottle(prisma);

  route(router, endpoints.authenticate, ({ req, body }) =>
    signIn({
      prisma,
      jwtSecret,
      throttle: loginThrottle,
      ...body,
      address: req.ip ?? 'unknown',
      userAgent: req.get('user-agent'),
    }),
  );
  route(router, endpoints.register, ({ req, body }) =>
    requestRegistration({
      prisma,
      queue,
      throttle: registerThrottle,
      afterReply,
      body,
      address: req.ip ?? 'unknown',
    }),
  );
  route(router, endpoints.confirmRegistration, ({ req, body }) =>
    confirmRegistration(prisma, jwtSecret, registerThrottle, {
      key: body.key,
      address: req.ip ?? 'unknown',
      userAgent: req.get('user-agent'),
    }),
  );
  route(router, loginEndpoints.captcha, ({ req, query }) =>
    sendLoginCode({
      prisma,
      jwtSecret,
      queue,
      throttle: sendThrottle,
      afterReply,
      phone: query.mobile,
      address: req.ip ?? 'unknown',
    }),
  );
  route(router, loginEndpoints.authenticatePhone, ({ req, body }) =>
    signInWithPhone({
      prisma,
      jwtSecret,
      throttle: loginThrottle,
      phone: body.mobile,
      captcha: body.captcha,
      rememberMe: body.rememberMe,
      address: req.ip ?? 'unknown',
      userAgent: req.get('user-agent'),
    }),
  );
  route(router, loginEndpoints.resetPasswordInit, ({ req, body }) =>
    requestPasswordReset({
      prisma,
      queue,
      throttle: sendThrottle,
      afterReply,
      login: body.login,
      address: req.ip ?? 'unknown',
    }),
  );
  route(router, loginEndpoints.resetPasswordFinish, ({ body }) => finishPasswordReset({ prisma, ...body }));
  route(router, endpoints.getAccount, ({ auth }) => getOwnAccount(prisma, auth.userId));
  route(router, languageEndpoints.set, ({ auth, body }) => setOwnLanguage(prisma, auth, body));
  route(router, endpoints.updateAccount, ({ auth, body }) =>
    updateOwnAccount({ prisma, queue, userId: auth.userId, sessionId: auth.sessionId, body, asker: auth }),
  );
  route(router, endpoints.changePassword, ({ req, auth, body }) =>
    changeOwnPassword({ prisma, jwtSecret, userId: auth.userId, ...body, userAgent: req.get('user-agent') }),
  );
  route(router, endpoints.logout, ({ auth }) => signOut(prisma, auth.userId, auth.sessionId));
  route(router, endpoints.listSessions, ({ auth }) => listOwnSessions(prisma, auth.userId, auth.sessionId));
  route(router, endpoints.revokeSession, ({ auth, params }) => revokeOwnSession(prisma, auth.userId, params.sessionId));
  route(router, endpoints.logoutAll, ({ auth }) => revokeAllTokens(prisma, auth.userId));

  return router;
}

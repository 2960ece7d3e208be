import { Router } from 'express';
import { messageEndpoints as endpoints } from '../../src/contracts/message-history';
import type { AppDeps } from '../deps';
import { route } from '../http/route';
import { organisationOf } from '../http/tenancy';
import { listMessages, resendMessage } from './history';

/** The email and SMS history and resending a failed message (right 'email:send'). */
export function messagesRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listMessages(prisma, auth, query));
  route(router, endpoints.resend, ({ auth, params }) => resendMessage(prisma, queue, organisationOf(auth), params.id));
  return router;
}

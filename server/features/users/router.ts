import { Router } from 'express';
import { accountEndpoints as endpoints } from '../../../src/contracts/account';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { listUsers } from './list-users';

export function usersRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.listUsers, ({ auth, query }) => listUsers(prisma, auth, query));
  return router;
}

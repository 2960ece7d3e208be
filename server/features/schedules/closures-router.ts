import { Router } from 'express';
import { closureEndpoints as endpoints } from '../../../src/contracts/closures';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { closureClasses, deleteClosure, listClosures, saveClosure } from './closures';

export function closuresRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listClosures(prisma, auth, query));
  route(router, endpoints.create, ({ auth, body }) => saveClosure(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => saveClosure(prisma, auth, body, params.id));
  route(router, endpoints.remove, ({ auth, params }) => deleteClosure(prisma, auth, params.id));
  route(router, endpoints.classes, ({ auth, params }) => closureClasses(prisma, auth, params.id));
  return router;
}

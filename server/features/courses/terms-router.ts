import { Router } from 'express';
import { termEndpoints as endpoints } from '../../../src/contracts/terms';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { exportTerms, listTerms, termOptions } from './list-terms';
import { createTerm, deleteTerm, getTerm, updateTerm } from './write-term';

export function termsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  // The fixed paths come before /terms/:id.
  route(router, endpoints.options, ({ auth, query }) => termOptions(prisma, auth, query.courseId));
  route(router, endpoints.export, ({ auth, query, res }) => exportTerms(prisma, auth, query, res));
  route(router, endpoints.list, ({ auth, query }) => listTerms(prisma, auth, query));
  route(router, endpoints.get, ({ auth, params }) => getTerm(prisma, auth, params.id));
  route(router, endpoints.create, ({ auth, body }) => createTerm(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => updateTerm(prisma, auth, params.id, body));
  route(router, endpoints.remove, ({ auth, params }) => deleteTerm(prisma, auth, params.id));
  return router;
}

import { Router } from 'express';
import { statementEndpoints as endpoints } from '../../../src/contracts/statements';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { portalStatementMonths, portalStatementPdf } from './portal-statements';

/** The family portal's monthly statements (right portal:own): the guardian's own household only. */
export function statementsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.months, ({ auth }) => portalStatementMonths(prisma, auth));
  route(router, endpoints.pdf, ({ auth, params, req, res }) =>
    portalStatementPdf(prisma, auth, params.month, req.locale ?? 'en-US', res),
  );
  return router;
}

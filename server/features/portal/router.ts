import { Router } from 'express';
import { portalEndpoints as endpoints } from '../../../src/contracts/portal';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { portalFeedback, portalFeedbackPdf } from './portal-feedback';
import { portalHome } from './portal-home';
import { portalLedger } from './portal-ledger';
import { portalLessons } from './portal-lessons';
import { portalReceipt } from './portal-receipt';

/** The family portal (right portal:own): a guardian's own household only. */
export function portalRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.home, ({ auth }) => portalHome(prisma, auth));
  route(router, endpoints.lessons, ({ auth, params, query }) => portalLessons(prisma, auth, params.id, query));
  route(router, endpoints.ledger, ({ auth, params, query }) => portalLedger(prisma, auth, params.id, query));
  route(router, endpoints.feedback, ({ auth, query }) => portalFeedback(prisma, auth, query));
  route(router, endpoints.feedbackPdf, ({ auth, params, req, res }) =>
    portalFeedbackPdf(prisma, auth, params.id, res, req.locale ?? 'en-US'),
  );
  route(router, endpoints.receipt, ({ auth, params, req, res }) =>
    portalReceipt(prisma, auth, params.id, req.locale ?? 'en-US', res),
  );
  return router;
}

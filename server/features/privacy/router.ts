import { Router } from 'express';
import { privacyEndpoints as endpoints } from '../../../src/contracts/privacy';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { completeErasure } from './complete-erasure';
import { cancelErasure, listErasureRequests, portalPrivacy, requestErasure } from './erasure-requests';
import { sendHouseholdExport } from './export-zip';

/** A family's data (issue 21): the portal's export and erasure request, the admins' erasure list. */
export function privacyRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.exportZip, ({ auth, req, res }) =>
    sendHouseholdExport(prisma, auth, req.locale ?? 'en-US', res),
  );
  route(router, endpoints.privacy, ({ auth }) => portalPrivacy(prisma, auth));
  route(router, endpoints.requestErasure, ({ auth, body }) => requestErasure(prisma, queue, auth, body));
  route(router, endpoints.cancelErasure, ({ auth }) => cancelErasure(prisma, auth));
  route(router, endpoints.list, ({ auth, query }) => listErasureRequests(prisma, auth, query));
  route(router, endpoints.complete, ({ auth, params }) => completeErasure(prisma, queue, auth, params.id));
  return router;
}

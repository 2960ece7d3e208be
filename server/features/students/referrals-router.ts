import { Router } from 'express';
import { referralEndpoints, referrerEndpoints } from '../../../src/contracts/referrals';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { assertStudentsAtSites } from '../locations/site-checks';
import {
  createReferral,
  deleteReferral,
  exportReferrals,
  getReferral,
  listReferrals,
  updateReferral,
} from './referrals';
import { createReferrer, getReferrer, listReferrers, updateReferrer } from './referrers';

export function referralsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  const rr = referrerEndpoints;
  route(router, rr.list, ({ auth, query }) => listReferrers(prisma, auth, query));
  route(router, rr.get, ({ auth, params }) => getReferrer(prisma, auth, params.id));
  route(router, rr.create, ({ auth, body }) => createReferrer(prisma, auth, body));
  route(router, rr.update, ({ auth, params, body }) => updateReferrer(prisma, auth, params.id, body));
  const rl = referralEndpoints;
  // Fixed paths first: '/referrals/export' must not be taken for '/referrals/:id'.
  route(router, rl.exportXlsx, ({ auth, query, res }) => exportReferrals(prisma, auth, query, res));
  route(router, rl.list, ({ auth, query }) => listReferrals(prisma, auth, query));
  route(router, rl.get, ({ auth, params }) => getReferral(prisma, auth, params.id));
  // Another site's student is not found for a site-limited operator (issue 23).
  route(router, rl.create, async ({ auth, body }) => {
    await assertStudentsAtSites(prisma, auth, [body.studentId]);
    return createReferral(prisma, auth, body);
  });
  route(router, rl.update, async ({ auth, params, body }) => {
    await assertStudentsAtSites(prisma, auth, [body.studentId]);
    return updateReferral(prisma, auth, params.id, body);
  });
  route(router, rl.remove, ({ auth, params }) => deleteReferral(prisma, auth, params.id));
  return router;
}

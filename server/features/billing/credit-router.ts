import { Router } from 'express';
import { billingEndpoints as endpoints } from '../../../src/contracts/billing';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { updateCredit } from './credit-ledger';
import { listCredit } from './platform-ops';

/** Billing — the credit ledger: list and platform updates (helper A). */
export function creditRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.listCredit, ({ auth, query }) => listCredit(prisma, auth, query));
  route(router, endpoints.updateCredit, ({ auth, body }) => updateCredit(prisma, body, auth));
  return router;
}

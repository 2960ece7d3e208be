import { Router } from 'express';
import { billingEndpoints as endpoints } from '../../../src/contracts/billing';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { getSettings, listCentres, putSettings, setTaxRate } from './platform-ops';

/** Billing — the platform's centres (tax rate) and price list (helper A). */
export function platformRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.listCentres, ({ query }) => listCentres(prisma, query));
  route(router, endpoints.setTaxRate, ({ auth, params, body }) => setTaxRate(prisma, auth, params.id, body.taxRate));
  route(router, endpoints.getSettings, () => getSettings(prisma));
  route(router, endpoints.putSettings, ({ body }) => putSettings(prisma, body));
  return router;
}

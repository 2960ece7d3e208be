import { Router } from 'express';
import { topUpEndpoints as endpoints } from '../../../src/contracts/topups';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { appOrigin } from '../billing/card';
import { confirmCardSetup, removeSavedCard, startCardSetup, updateAutoTopUp } from './auto-top-up';
import { confirmTopUp, createTopUpCheckout, familyPayments } from './top-up-checkout';

/** Family card payments (right portal:own): top-ups on Checkout and auto top-up, the caller's household only. */
export function topUpsRouter({ prisma, billing, queue, appUrl }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.payments, ({ auth }) => familyPayments(prisma, billing, auth));
  route(router, endpoints.checkout, ({ auth, body, req }) =>
    createTopUpCheckout(prisma, billing, auth, body, appOrigin(appUrl, req), req.locale ?? 'en-US'),
  );
  route(router, endpoints.confirm, ({ auth, query }) => confirmTopUp(prisma, billing, queue, auth, query.session_id));
  route(router, endpoints.autoTopUp, ({ auth, body }) => updateAutoTopUp(prisma, billing, auth, body));
  route(router, endpoints.saveCard, ({ auth, req }) => startCardSetup(prisma, billing, auth, appOrigin(appUrl, req)));
  route(router, endpoints.confirmCard, ({ auth, body }) => confirmCardSetup(prisma, billing, auth, body.session_id));
  route(router, endpoints.removeCard, ({ auth }) => removeSavedCard(prisma, billing, auth));
  return router;
}

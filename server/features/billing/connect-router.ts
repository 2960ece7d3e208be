import { Router } from 'express';
import { connectEndpoints as endpoints } from '../../../src/contracts/connect';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { billingOrganisationId } from './billing-scope';
import { appOrigin } from './card';
import { connectStatus, createAccountLink, refreshConnect } from './connect';
import { processConnectEvent, verifyConnectEvent } from './connect-webhook';

/** Family card payments: the centre's connected Stripe account (its admin) and the Connect webhook. */
export function connectRouter({ prisma, billing, appUrl, queue }: AppDeps): Router {
  const router = Router();
  // payments:connect is an admin's own centre only (billingOrganisationId refuses a centre-less account).
  route(router, endpoints.status, async ({ auth }) =>
    connectStatus(prisma, billing, await billingOrganisationId(prisma, auth, undefined)),
  );
  route(router, endpoints.accountLink, async ({ auth, req }) =>
    createAccountLink(prisma, billing, await billingOrganisationId(prisma, auth, undefined), appOrigin(appUrl, req)),
  );
  route(router, endpoints.refresh, async ({ auth }) =>
    refreshConnect(prisma, billing, await billingOrganisationId(prisma, auth, undefined)),
  );
  // Public: Stripe calls it; the signature on the raw body (express.raw in app.ts) is the check.
  route(router, endpoints.connectWebhook, async ({ req }) => {
    const event = verifyConnectEvent(billing, req.body, req.headers['stripe-signature']);
    await processConnectEvent(prisma, event, queue);
    return { received: true as const };
  });
  return router;
}

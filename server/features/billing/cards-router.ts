import { Router } from 'express';
import { billingEndpoints as endpoints } from '../../../src/contracts/billing';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { billingOrganisationId } from './billing-scope';
import { appOrigin, confirmCheckoutSession, createCheckoutSession, paymentInfo, removeCard } from './card';
import { overdueInvoices } from './overdue';

/** Billing — status, payment info, Checkout setup sessions, card removal, the overdue alert (helper B). */
export function cardsRouter({ prisma, billing, appUrl }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.status, async () => ({
    configured: billing !== undefined,
    publishableKey: billing?.config.publishableKey ?? null,
  }));
  route(router, endpoints.paymentInfo, async ({ auth, query }) =>
    paymentInfo(prisma, billing, await billingOrganisationId(prisma, auth, query.organisationId)),
  );
  // Before /checkout-sessions/confirm is matched by nothing else: both are fixed paths.
  route(router, endpoints.createCheckoutSession, async ({ auth, body, req }) =>
    createCheckoutSession(
      prisma,
      billing,
      await billingOrganisationId(prisma, auth, body.organisationId),
      appOrigin(appUrl, req),
    ),
  );
  route(router, endpoints.confirmCheckoutSession, async ({ auth, body, req }) =>
    confirmCheckoutSession(
      prisma,
      billing,
      await billingOrganisationId(prisma, auth, organisationIdOf(req.body)),
      body.sessionId,
    ),
  );
  route(router, endpoints.removeCard, async ({ auth, query }) =>
    removeCard(prisma, billing, await billingOrganisationId(prisma, auth, query.organisationId)),
  );
  route(router, endpoints.overdue, ({ auth }) => overdueInvoices(prisma, auth));
  return router;
}

/** The confirm body names only the session; the platform may add organisationId (the centre it acts for). */
function organisationIdOf(body: unknown): number | undefined {
  const value = (body as { organisationId?: unknown } | undefined)?.organisationId;
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

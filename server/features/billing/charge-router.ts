import { Router } from 'express';
import { billingEndpoints as endpoints } from '../../../src/contracts/billing';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { visibleInvoice } from './billing-scope';
import { chargeInvoice } from './charge-invoice';
import { toInvoice } from './invoice-view';
import { processStripeEvent, verifyStripeEvent } from './webhook';

/** Billing — charging an invoice and the Stripe webhook (helper B). */
export function chargeRouter({ prisma, billing }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.chargeInvoice, async ({ auth, params }) => {
    // A centre's admin pays their own invoice (another centre's is a 404), the platform any.
    await visibleInvoice(prisma, auth, params.id);
    return toInvoice(await chargeInvoice(prisma, billing, params.id));
  });
  // Public: Stripe calls it; the signature on the raw body (express.raw in app.ts) is the check.
  route(router, endpoints.stripeWebhook, async ({ req }) => {
    const event = verifyStripeEvent(billing, req.body, req.headers['stripe-signature']);
    await processStripeEvent(prisma, event);
    return { received: true as const };
  });
  return router;
}

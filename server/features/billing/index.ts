import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { cardsRouter } from './cards-router';
import { chargeRouter } from './charge-router';
import { connectRouter } from './connect-router';
import { creditRouter } from './credit-router';
import { cyclesRouter } from './cycles-router';
import { invoicesRouter } from './invoices-router';
import { platformRouter } from './platform-router';

/**
 * Platform billing (issue 10): cards, invoices, credit, cycles, the Stripe webhook; the centre's
 * connected Stripe account and the Connect webhook (issue 21). The webhooks' raw bodies are kept by
 * app.ts (express.raw before express.json).
 */
export function billingRouters(deps: AppDeps): Router[] {
  return [
    cardsRouter(deps),
    chargeRouter(deps),
    connectRouter(deps),
    creditRouter(deps),
    cyclesRouter(deps),
    invoicesRouter(deps),
    platformRouter(deps),
  ];
}

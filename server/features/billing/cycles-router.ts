import { Router } from 'express';
import { billingEndpoints as endpoints } from '../../../src/contracts/billing';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { activeCycle, cancelCycle, cycleCentres, cycleView, listCycles, startCycle } from './cycles';
import { invoicedPeriods } from './invoiced-periods';
import { sendCycleRun } from './jobs';
import { markRunning, runCycleInBackground } from './run-cycle';

/** Billing — billing cycles: start, run, cancel, progress per centre (helper C). */
export function cyclesRouter({ prisma, queue, billing }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.listCycles, ({ query }) => listCycles(prisma, query));
  route(router, endpoints.invoicedPeriods, ({ query }) => invoicedPeriods(prisma, query));
  route(router, endpoints.activeCycle, () => activeCycle(prisma));
  route(router, endpoints.startCycle, ({ auth, body }) => startCycle(prisma, body, auth.userId));
  route(router, endpoints.runCycle, async ({ params }) => {
    await markRunning(prisma, params.id);
    if (queue) await sendCycleRun(queue, params.id);
    else runCycleInBackground(prisma, billing, params.id);
    return cycleView(prisma, params.id);
  });
  route(router, endpoints.cancelCycle, ({ params }) => cancelCycle(prisma, params.id));
  route(router, endpoints.getCycle, ({ params }) => cycleView(prisma, params.id));
  route(router, endpoints.cycleCentres, ({ params, query }) => cycleCentres(prisma, params.id, query));
  return router;
}

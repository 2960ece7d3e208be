import { Router } from 'express';
import { dashboardEndpoints as endpoints } from '../../../src/contracts/dashboard';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { dashboardCharts } from './dashboard-charts';
import { lowBalanceStudents, unpaidTermRegisters } from './dashboard-lists';
import { dashboardSummary } from './dashboard-summary';
import { setLowBalanceThreshold } from './low-balance-threshold';

export function dashboardRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.summary, ({ auth, query }) => dashboardSummary(prisma, auth, query.locationId));
  route(router, endpoints.lowBalance, ({ auth, query }) => lowBalanceStudents(prisma, auth, query));
  route(router, endpoints.unpaidTermRegisters, ({ auth, query }) => unpaidTermRegisters(prisma, auth, query));
  route(router, endpoints.charts, ({ auth, query }) => dashboardCharts(prisma, auth, query.locationId));
  route(router, endpoints.setLowBalanceThreshold, ({ auth, body }) =>
    setLowBalanceThreshold(prisma, auth, body.lowBalanceThreshold),
  );
  return router;
}

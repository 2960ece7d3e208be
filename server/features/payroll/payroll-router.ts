import { Router } from 'express';
import { payrollEndpoints as endpoints } from '../../../src/contracts/payroll';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { closePeriod } from './close-period';
import { listAdjustments, listPeriods } from './list-payroll';
import { reviewMonth } from './payroll-review';

export function payrollRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.review, ({ auth, query }) => reviewMonth(prisma, auth, query.month));
  route(router, endpoints.close, ({ auth, body }) => closePeriod(prisma, auth, body));
  route(router, endpoints.periods, ({ auth }) => listPeriods(prisma, auth));
  route(router, endpoints.adjustments, ({ auth, query }) => listAdjustments(prisma, auth, query.month));
  return router;
}

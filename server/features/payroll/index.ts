import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { payrollRouter } from './payroll-router';

/** Routers of the payroll close: a month's review, its close, closed periods and adjustments. */
export function payrollRouters(deps: AppDeps): Router[] {
  return [payrollRouter(deps)];
}

import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { dashboardRouter } from './dashboard-router';

/** Routers of the dashboard (figures of the centre) and its one setting, the low-balance threshold. */
export function dashboardRouters(deps: AppDeps): Router[] {
  return [dashboardRouter(deps)];
}

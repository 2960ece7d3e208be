import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { reportsRouter } from './reports-router';

/** Routers of /report: student purchase history and teacher salary history (screen and .xlsx). */
export function reportRouters(deps: AppDeps): Router[] {
  return [reportsRouter(deps)];
}

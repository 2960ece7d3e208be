import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { auditRouter } from './audit-router';

/** The audit history: the centre's list and each record's History tab. */
export function auditRouters(deps: AppDeps): Router[] {
  return [auditRouter(deps)];
}

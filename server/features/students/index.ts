import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { referralsRouter } from './referrals-router';
import { studentsRouter } from './students-router';

/** Routers of students, referrers and referrals. */
export function studentRouters(deps: AppDeps): Router[] {
  return [studentsRouter(deps), referralsRouter(deps)];
}

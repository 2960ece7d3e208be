import type { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Routers of students, referrers and referrals. */
export function studentRouters(_deps: AppDeps): Router[] {
  return [];
}

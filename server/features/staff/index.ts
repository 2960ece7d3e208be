import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { staffRouter } from './staff-router';
import { teachersRouter } from './teachers-router';

/** Routers of staff and teachers. */
export function staffRouters(deps: AppDeps): Router[] {
  return [staffRouter(deps), teachersRouter(deps)];
}

import type { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Routers of staff and teachers. */
export function staffRouters(_deps: AppDeps): Router[] {
  return [];
}

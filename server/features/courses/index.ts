import type { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Routers of courses, terms and term registers. */
export function courseRouters(_deps: AppDeps): Router[] {
  return [];
}

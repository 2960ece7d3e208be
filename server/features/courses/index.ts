import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { coursesRouter } from './courses-router';
import { termRegistersRouter } from './term-registers-router';
import { termsRouter } from './terms-router';

/** Routers of courses, terms and term registers. */
export function courseRouters(deps: AppDeps): Router[] {
  return [coursesRouter(deps), termsRouter(deps), termRegistersRouter(deps)];
}

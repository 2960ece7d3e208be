import { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Billing — billing cycles: start, run, cancel, progress per centre (helper C). */
export function cyclesRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}

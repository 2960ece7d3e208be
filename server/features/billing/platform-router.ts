import { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Billing — the platform's centres (tax rate) and price list (helper A). */
export function platformRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}

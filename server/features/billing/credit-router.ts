import { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Billing — the credit ledger: list and platform updates (helper A). */
export function creditRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}

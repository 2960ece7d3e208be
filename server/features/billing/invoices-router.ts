import { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Billing — invoices: list, get, PDF, create by hand, mark paid, void (helper A). */
export function invoicesRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}

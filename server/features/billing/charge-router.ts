import { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Billing — charging an invoice and the Stripe webhook (helper B). */
export function chargeRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}

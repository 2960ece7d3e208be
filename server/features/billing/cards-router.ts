import { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Billing — status, payment info, Checkout setup sessions, card removal, the overdue alert (helper B). */
export function cardsRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}

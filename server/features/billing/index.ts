import type { Router } from 'express';
import type { AppDeps } from '../../deps';

/**
 * Platform billing (issue 10): cards, invoices, credit, cycles, the Stripe webhook. Each router is
 * its own file; the webhook's raw body is kept by app.ts (express.raw before express.json).
 */
export function billingRouters(_deps: AppDeps): Router[] {
  return [];
}

import type { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Class and student feedback: write, preview, submit (queues the emails), PDF, retry. */
export function feedbackRouters(_deps: AppDeps): Router[] {
  return [];
}

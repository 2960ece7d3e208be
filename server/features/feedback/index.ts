import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { feedbackRouter } from './feedback-router';

/** Class and student feedback: write, preview, submit (queues the emails), PDF, retry. */
export function feedbackRouters(deps: AppDeps): Router[] {
  return [feedbackRouter(deps)];
}

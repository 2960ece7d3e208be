import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { emailRouter } from './email-router';

/** Bulk email (/email): templates, audience and recipient count, preview, send, batches and their progress. */
export function emailRouters(deps: AppDeps): Router[] {
  return [emailRouter(deps)];
}

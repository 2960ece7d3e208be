import type { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Bulk email (/email): templates, audience and recipient count, preview, send, batches and their progress. */
export function emailRouters(_deps: AppDeps): Router[] {
  return [];
}

import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { noticesRouter } from './notices-router';

/** In-app notices (GET /api/notices), notification settings, feedback reminders. */
export function noticeRouters(deps: AppDeps): Router[] {
  return [noticesRouter(deps)];
}

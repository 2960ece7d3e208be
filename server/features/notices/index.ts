import type { Router } from 'express';
import type { AppDeps } from '../../deps';

/** In-app notices (GET /api/notices), notification settings, feedback reminders. */
export function noticeRouters(_deps: AppDeps): Router[] {
  return [];
}

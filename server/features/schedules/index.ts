import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { availabilityRouter } from './availability-router';
import { closuresRouter } from './closures-router';
import { scheduleDownloadsRouter } from './downloads-router';
import { schedulesRouter } from './schedules-router';

/** The schedules feature's routers, in order: the fixed paths (downloads) before /schedules/:id. */
export const scheduleRouters = (deps: AppDeps): Router[] => [
  scheduleDownloadsRouter(deps),
  availabilityRouter(deps),
  closuresRouter(deps),
  schedulesRouter(deps),
];

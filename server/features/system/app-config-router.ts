// GET /api/app-config: the server's settings the web app reads before anyone signs in (issue 11).
// Like every API reply it is `no-store` (http/api-replies.ts), so a switch flipped on the server is
// seen on the next visit.
import { Router } from 'express';
import { appConfigEndpoints as endpoints } from '../../../src/contracts/app-config';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';

export function appConfigRouter({ offlineApp = true }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.get, async () => ({ offlineApp }));
  return router;
}

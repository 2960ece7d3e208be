import { Router } from 'express';
import { systemEndpoints as endpoints } from '../../../src/contracts/system';
import type { AppDeps } from '../../deps';
import { registeredEndpoints, route } from '../../http/route';
import { buildOpenApi } from './openapi';

export function systemRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.health, async () => {
    await prisma.$queryRaw`SELECT 1`;
    return { status: 'ok' as const };
  });
  let document: ReturnType<typeof buildOpenApi> | undefined;
  route(router, endpoints.openapi, async () => {
    document ??= buildOpenApi(registeredEndpoints());
    return document;
  });
  return router;
}

import { Router } from 'express';
import { systemEndpoints as endpoints } from '../../../src/contracts/system';
import { pendingMigrations } from '../../db/migrator';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { registeredEndpoints, route } from '../../http/route';
import { type Message, t, textList } from '../../i18n/text';
import { buildOpenApi } from './openapi';

export function systemRouter({ prisma, lifecycle }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.health, async () => {
    await prisma.$queryRaw`SELECT 1`;
    return { status: 'ok' as const };
  });
  // Migrations only ever become current while this code runs: once they are, they stay so.
  let migrationsCurrent = false;
  route(router, endpoints.ready, async () => {
    const reasons: Message[] = [];
    if (lifecycle?.draining) reasons.push(t('shutting down'));
    try {
      await prisma.$queryRaw`SELECT 1`;
      if (!migrationsCurrent) {
        const pending = await pendingMigrations(prisma);
        migrationsCurrent = pending.length === 0;
        if (pending.length) reasons.push(t('{count} migrations not applied yet', { count: pending.length }));
      }
    } catch {
      reasons.push(t('the database cannot be reached'));
    }
    if (reasons.length) {
      throw new AppError('unavailable', t('Not ready: {reasons}', { reasons: textList(reasons, ', ') }), {
        headers: { 'Retry-After': '1' },
      });
    }
    return { status: 'ready' as const };
  });
  let document: ReturnType<typeof buildOpenApi> | undefined;
  route(router, endpoints.openapi, async () => {
    document ??= buildOpenApi(registeredEndpoints());
    return document;
  });
  return router;
}

import { Router } from 'express';
import { auditEndpoints as endpoints } from '../../../src/contracts/audit';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { auditRecords } from './audit-records';
import { listAudit, recordHistory } from './list-audit';

export function auditRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listAudit(prisma, auth, query));
  route(router, endpoints.records, ({ auth, query }) => auditRecords(prisma, auth, query));
  route(router, endpoints.history, ({ auth, params, query }) =>
    recordHistory(prisma, auth, params.entity, params.id, query),
  );
  return router;
}

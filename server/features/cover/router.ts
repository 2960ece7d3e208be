import { Router } from 'express';
import { coverEndpoints as endpoints, lessonReportEndpoints } from '../../../src/contracts/cover';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { lessonReport } from './lesson-report';
import { substituteClass, substituteRange } from './substitute';

/** Substitutes, reminder replies and lesson-policy reports (issue 22). */
export function coverRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.substituteClass, ({ auth, params, body }) =>
    substituteClass(prisma, auth, params.id, body, queue),
  );
  route(router, endpoints.substituteRange, ({ auth, body }) => substituteRange(prisma, auth, body, queue));
  route(router, lessonReportEndpoints.report, ({ auth, query }) => lessonReport(prisma, auth, query));
  return router;
}

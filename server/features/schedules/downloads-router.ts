import { Router } from 'express';
import { scheduleEndpoints as endpoints } from '../../../src/contracts/schedules';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { exportAttendance } from './attendance-export';
import { downloadRange, downloadWeek } from './download-schedules';

/** The schedule downloads (.xlsx); mounted before the classes router, whose /schedules/:id would take them. */
export function scheduleDownloadsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.downloadWeek, ({ auth, query, res }) => downloadWeek(prisma, auth, query, res));
  route(router, endpoints.downloadRange, ({ auth, query, res }) => downloadRange(prisma, auth, query, res));
  route(router, endpoints.attendanceExport, ({ auth, query, res }) => exportAttendance(prisma, auth, query, res));
  return router;
}

import { Router } from 'express';
import { reportEndpoints as endpoints, locationReportEndpoints } from '../../../src/contracts/reports';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { downloadPurchaseHistory } from './download-purchase-history';
import { downloadTeacherSalary } from './download-teacher-salary';
import { downloadLocationReport, locationReport } from './location-report';
import { purchaseHistory } from './purchase-history';
import { roomOccupancy } from './room-occupancy';
import { teacherSalary } from './teacher-salary';

export function reportsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.purchaseHistory, ({ auth, query }) => purchaseHistory(prisma, auth, query));
  route(router, endpoints.purchaseHistoryDownload, ({ auth, query, res }) =>
    downloadPurchaseHistory(prisma, auth, query, res),
  );
  route(router, endpoints.teacherSalary, ({ auth, query }) => teacherSalary(prisma, auth, query));
  route(router, endpoints.teacherSalaryDownload, ({ auth, query, res }) =>
    downloadTeacherSalary(prisma, auth, query, res),
  );
  route(router, locationReportEndpoints.byLocation, ({ auth, query }) => locationReport(prisma, auth, query));
  route(router, locationReportEndpoints.byLocationDownload, ({ auth, query, res }) =>
    downloadLocationReport(prisma, auth, query, res),
  );
  route(router, locationReportEndpoints.roomOccupancy, ({ auth, query }) => roomOccupancy(prisma, auth, query));
  return router;
}

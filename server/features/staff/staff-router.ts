import { Router } from 'express';
import { staffEndpoints as endpoints } from '../../../src/contracts/staff';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { exportStaff, listStaff } from './list-staff';
import { createStaff, findStaff, setStaffActivated, updateStaff } from './save-staff';
import { toStaff } from './staff-view';

export function staffRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listStaff(prisma, auth, query));
  // Before /staff/:id, so that "export" is not read as an id.
  route(router, endpoints.export, async ({ auth, query, res }) => {
    await exportStaff(prisma, auth, query, res);
    return undefined;
  });
  route(router, endpoints.get, async ({ auth, params }) => toStaff(await findStaff(prisma, auth, params.id)));
  route(router, endpoints.create, ({ auth, body }) => createStaff(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => updateStaff(prisma, auth, params.id, body));
  route(router, endpoints.activate, ({ auth, params }) => setStaffActivated(prisma, auth, params.id, true));
  route(router, endpoints.deactivate, ({ auth, params }) => setStaffActivated(prisma, auth, params.id, false));
  return router;
}

import { Router } from 'express';
import { householdEndpoints as endpoints } from '../../../src/contracts/households';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { addGuardian, removeGuardian, updateGuardian } from './guardians';
import { createHouseholdForStudent, mergeHouseholds, moveStudent, updateHousehold } from './household-changes';
import { getHousehold } from './household-view';
import { listHouseholds } from './list-households';

export function householdsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listHouseholds(prisma, auth, query));
  route(router, endpoints.get, ({ auth, params }) => getHousehold(prisma, auth, params.id));
  route(router, endpoints.createForStudent, ({ auth, body }) =>
    createHouseholdForStudent(prisma, auth, body.studentId),
  );
  route(router, endpoints.update, ({ auth, params, body }) => updateHousehold(prisma, auth, params.id, body));
  route(router, endpoints.merge, ({ auth, params, body }) =>
    mergeHouseholds(prisma, auth, params.id, body.householdId),
  );
  route(router, endpoints.moveStudent, ({ auth, params, body }) =>
    moveStudent(prisma, auth, params.id, body.studentId),
  );
  route(router, endpoints.addGuardian, ({ auth, params, body }) => addGuardian(prisma, auth, params.id, body));
  route(router, endpoints.updateGuardian, ({ auth, params, body }) =>
    updateGuardian(prisma, auth, params.id, params.guardianId, body),
  );
  route(router, endpoints.removeGuardian, ({ auth, params }) =>
    removeGuardian(prisma, auth, params.id, params.guardianId),
  );
  return router;
}

import { Router } from 'express';
import { scheduleEndpoints as endpoints } from '../../../src/contracts/schedules';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { cancelSchedule, cancelSchedules } from './cancel-schedules';
import { confirmOnBehalf, confirmOwnClass, reopenSchedule, setAttendance } from './confirm-schedule';
import { createSchedule } from './create-schedule';
import { getSchedule, listSchedules, scheduleRange } from './list-schedules';
import { moveSchedule } from './move-schedule';
import { myClasses } from './my-schedules';
import { updateSchedule } from './update-schedule';

export function schedulesRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  // The fixed paths come before /schedules/:id (the downloads have a router of their own, mounted first).
  route(router, endpoints.range, ({ auth, query }) => scheduleRange(prisma, auth, query));
  route(router, endpoints.batchCancel, ({ auth, body }) =>
    cancelSchedules(prisma, auth, body.ids, {
      notify: body.notify,
      queue,
      cancelledBy: body.cancelledBy,
      reason: body.reason,
    }),
  );
  route(router, endpoints.list, ({ auth, query }) => listSchedules(prisma, auth, query));
  route(router, endpoints.get, ({ auth, params }) => getSchedule(prisma, auth, params.id));
  route(router, endpoints.create, ({ auth, body }) => createSchedule(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => updateSchedule(prisma, auth, params.id, body, queue));
  route(router, endpoints.move, ({ auth, params, body }) => moveSchedule(prisma, auth, params.id, body, queue));
  route(router, endpoints.cancel, ({ auth, params, body }) =>
    cancelSchedule(prisma, auth, params.id, {
      notify: body.notify,
      queue,
      cancelledBy: body.cancelledBy,
      reason: body.reason,
    }),
  );
  route(router, endpoints.confirm, ({ auth, params, body }) => confirmOnBehalf(prisma, auth, params.id, body));
  route(router, endpoints.reopen, ({ auth, params }) => reopenSchedule(prisma, auth, params.id));
  route(router, endpoints.attendance, ({ auth, params, body }) => setAttendance(prisma, auth, params, body.attendance));
  route(router, endpoints.myClasses, ({ auth }) => myClasses(prisma, auth));
  route(router, endpoints.myConfirm, ({ auth, params, body }) => confirmOwnClass(prisma, auth, params.id, body));
  return router;
}

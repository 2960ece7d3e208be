import { Router } from 'express';
import { locationEndpoints as endpoints } from '../../../src/contracts/locations';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { locationSettings, saveLocationSettings } from './location-settings';
import { listLocations, locationOptions, saveLocation } from './locations';
import { listRooms, saveRoom } from './rooms';
import { setStaffSites, setTeacherLocations } from './staff-sites';

/** Locations, rooms, the travel time and who works where (issue 23). */
export function locationsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.options, ({ auth }) => locationOptions(prisma, auth));
  route(router, endpoints.list, ({ auth, query }) => listLocations(prisma, auth, query));
  route(router, endpoints.create, ({ auth, body }) => saveLocation(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => saveLocation(prisma, auth, body, params.id));
  route(router, endpoints.rooms, ({ auth, query }) => listRooms(prisma, auth, query));
  route(router, endpoints.createRoom, ({ auth, body }) => saveRoom(prisma, auth, body));
  route(router, endpoints.updateRoom, ({ auth, params, body }) => saveRoom(prisma, auth, body, params.id));
  route(router, endpoints.settings, ({ auth }) => locationSettings(prisma, auth));
  route(router, endpoints.saveSettings, ({ auth, body }) => saveLocationSettings(prisma, auth, body));
  route(router, endpoints.staffSites, ({ auth, params, body }) =>
    setStaffSites(prisma, auth, params.id, body.locationIds),
  );
  route(router, endpoints.teacherLocations, ({ auth, params, body }) =>
    setTeacherLocations(prisma, auth, params.id, body.locationIds),
  );
  return router;
}

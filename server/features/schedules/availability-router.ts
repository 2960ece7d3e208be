import { Router } from 'express';
import { availabilityEndpoints as endpoints } from '../../../src/contracts/schedules';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { getAvailability, replaceAvailability, setCalendarEmbed } from './availability';
import { sendCalendarFeed } from './calendar-feed';
import { getFeed, makeFeed, revokeFeed } from './calendar-feed-token';

/** Teacher availability and the calendar feed: the operators' endpoints, the teacher's own, the public feed. */
export function availabilityRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.get, ({ auth, params }) => getAvailability(prisma, auth, params.teacherId));
  route(router, endpoints.put, ({ auth, params, body }) => replaceAvailability(prisma, auth, params.teacherId, body));
  route(router, endpoints.embed, ({ auth, params, body }) => setCalendarEmbed(prisma, auth, params.teacherId, body));
  route(router, endpoints.newFeed, ({ auth, params }) => makeFeed(prisma, auth, params));
  route(router, endpoints.revokeFeed, ({ auth, params }) => revokeFeed(prisma, auth, params));
  route(router, endpoints.myFeed, ({ auth }) => getFeed(prisma, auth, 'signed-in teacher'));
  route(router, endpoints.myNewFeed, ({ auth }) => makeFeed(prisma, auth, 'signed-in teacher'));
  route(router, endpoints.myRevokeFeed, ({ auth }) => revokeFeed(prisma, auth, 'signed-in teacher'));
  route(router, endpoints.feed, ({ params, res }) => sendCalendarFeed(prisma, params.token, res));
  return router;
}

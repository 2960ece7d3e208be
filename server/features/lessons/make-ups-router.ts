import { Router } from 'express';
import { lessonEndpoints as endpoints } from '../../../src/contracts/lessons';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { organisationOf } from '../../http/tenancy';
import { assertClassesAtSites } from '../locations/site-checks';
import { scheduleSiteWhere } from '../locations/sites';
import {
  bookMakeUp,
  creditsOf,
  makeUpOptionsOf,
  portalBookMakeUp,
  portalCreditsOf,
  portalMakeUpOptionsOf,
} from './make-ups';

/** Make-up credits and bookings (issue 22): the desk (schedules:manage) and the family portal (portal:own). */
export function makeUpsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.credits, ({ auth, params }) => creditsOf(prisma, organisationOf(auth), params.id));
  route(router, endpoints.makeUpOptions, ({ auth, params, query }) =>
    makeUpOptionsOf(prisma, organisationOf(auth), params.id, query.creditId, scheduleSiteWhere(auth)),
  );
  route(router, endpoints.bookMakeUp, async ({ auth, params, body }) => {
    // A make-up into another site's class: that class is not found for a site-limited operator (issue 23).
    if ('scheduleId' in body) await assertClassesAtSites(prisma, auth, [body.scheduleId]);
    return bookMakeUp(prisma, auth, params.id, body);
  });
  route(router, endpoints.portalCredits, ({ auth, params }) => portalCreditsOf(prisma, auth, params.id));
  route(router, endpoints.portalMakeUpOptions, ({ auth, params, query }) =>
    portalMakeUpOptionsOf(prisma, auth, params.id, query.creditId),
  );
  route(router, endpoints.portalBookMakeUp, ({ auth, params, body }) =>
    portalBookMakeUp(prisma, auth, params.id, body),
  );
  return router;
}

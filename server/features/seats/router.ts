import { Router } from 'express';
import { seatEndpoints as endpoints, seatReportEndpoints } from '../../../src/contracts/seats';
import { addressKey, tooManyRequests } from '../../auth/login-throttle';
import { postgresLimiter } from '../../auth/rate-limit-store';
import type { AppDeps } from '../../deps';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { organisationOf } from '../../http/tenancy';
import { assertStudentsAtSites } from '../locations/site-checks';
import { portalScope } from '../portal/household-of';
import { seatFillReport } from './fill-report';
import { portalFullClasses } from './full-classes';
import { claimOffer, offerByToken, openOffersOf, viewOfOffer } from './offers';
import { deskJoin, deskLeave, portalJoin, portalLeave, waitlistOf } from './waitlist';

/** Unknown claim links an address may try per hour (a family opens its own link a few times). */
export const OFFER_MISSES_PER_ADDRESS_PER_HOUR = 30;

/** Public claim links, throttled: an address that tried too many unknown links gets 429 before looking. */
function offerThrottle(prisma: PrismaClient) {
  const misses = postgresLimiter(prisma, {
    keyPrefix: 'offer_miss_ip',
    points: OFFER_MISSES_PER_ADDRESS_PER_HOUR,
    duration: 3600,
  });
  return async <T>(ip: string | undefined, look: () => Promise<T>): Promise<T> => {
    const key = addressKey(ip ?? 'unknown');
    const seen = await misses.get(key);
    if (seen && seen.consumedPoints >= OFFER_MISSES_PER_ADDRESS_PER_HOUR)
      throw tooManyRequests('Too many offer links were tried from this address.', seen.msBeforeNext);
    try {
      return await look();
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') await misses.penalty(key);
      throw error;
    }
  };
}

async function householdOffer(prisma: PrismaClient, auth: AuthContext, id: number) {
  const scope = await portalScope(prisma, auth);
  const offer = await prisma.seatOffer.findFirst({
    where: { id, studentId: { in: scope.children.map((c) => c.id) } },
    select: { id: true },
  });
  if (!offer) throw new AppError('not_found', 'This offer link is not valid');
  return offer.id;
}

/** Waitlists (desk, portal) and freed-seat offers (portal, public claim links). */
export function seatsRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  const throttled = offerThrottle(prisma);
  route(router, seatReportEndpoints.fillReport, ({ auth, query }) => seatFillReport(prisma, auth, query));
  route(router, endpoints.waitlist, ({ auth, params }) => waitlistOf(prisma, organisationOf(auth), params.id));
  route(router, endpoints.joinWaitlist, async ({ auth, params, body }) => {
    // Another site's student is not found for a site-limited operator (issue 23).
    await assertStudentsAtSites(prisma, auth, [body.studentId]);
    return deskJoin(prisma, auth, params.id, body.studentId);
  });
  route(router, endpoints.leaveWaitlist, ({ auth, params }) => deskLeave(prisma, auth, params.id, params.studentId));
  route(router, endpoints.portalJoin, ({ auth, params }) =>
    portalJoin(prisma, auth, params.scheduleId, params.studentId),
  );
  route(router, endpoints.portalFullClasses, ({ auth, params }) => portalFullClasses(prisma, auth, params.id));
  route(router, endpoints.portalLeave, ({ auth, params }) =>
    portalLeave(prisma, auth, params.scheduleId, params.studentId),
  );
  route(router, endpoints.portalOffers, async ({ auth }) =>
    openOffersOf(
      prisma,
      (await portalScope(prisma, auth)).children.map((c) => c.id),
    ),
  );
  route(router, endpoints.portalClaim, async ({ auth, params }) =>
    claimOffer(prisma, queue, await householdOffer(prisma, auth, params.id), auth.userId),
  );
  route(router, endpoints.offer, ({ req, params }) =>
    throttled(req.ip, async () => viewOfOffer(await offerByToken(prisma, params.token))),
  );
  route(router, endpoints.claim, ({ req, params }) =>
    throttled(req.ip, async () => claimOffer(prisma, queue, (await offerByToken(prisma, params.token)).id, null)),
  );
  return router;
}

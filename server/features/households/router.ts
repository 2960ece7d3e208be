import { Router } from 'express';
import { familyCalendarEndpoints } from '../../../src/contracts/family-calendar';
import { householdEndpoints as endpoints } from '../../../src/contracts/households';
import { invitationEndpoints } from '../../../src/contracts/invitations';
import { portalSettingsEndpoints } from '../../../src/contracts/portal-settings';
import { createLoginThrottle } from '../../auth/login-throttle';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { assertStudentsAtSites } from '../locations/site-checks';
import { acceptInvitation, lookupInvitation } from './accept-invitation';
import { getFamilyFeed, makeFamilyFeed, revokeFamilyFeed, sendFamilyCalendar } from './family-calendar';
import { addGuardian, removeGuardian, updateGuardian } from './guardians';
import { createHouseholdForStudent, mergeHouseholds, moveStudent, updateHousehold } from './household-changes';
import { getHousehold } from './household-view';
import { endPortalAccess, inviteGuardian, revokeInvitation } from './invitations';
import { listHouseholds } from './list-households';
import { portalSettings, updatePortalSettings } from './portal-settings';

export function householdsRouter({ prisma, queue, jwtSecret }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listHouseholds(prisma, auth, query));
  route(router, endpoints.get, ({ auth, params }) => getHousehold(prisma, auth, params.id));
  // Another site's student is not found for a site-limited operator (issue 23).
  route(router, endpoints.createForStudent, async ({ auth, body }) => {
    await assertStudentsAtSites(prisma, auth, [body.studentId]);
    return createHouseholdForStudent(prisma, auth, body.studentId);
  });
  route(router, endpoints.update, ({ auth, params, body }) => updateHousehold(prisma, auth, params.id, body));
  route(router, endpoints.merge, ({ auth, params, body }) =>
    mergeHouseholds(prisma, auth, params.id, body.householdId),
  );
  route(router, endpoints.moveStudent, async ({ auth, params, body }) => {
    await assertStudentsAtSites(prisma, auth, [body.studentId]);
    return moveStudent(prisma, auth, params.id, body.studentId);
  });
  route(router, endpoints.addGuardian, ({ auth, params, body }) => addGuardian(prisma, auth, params.id, body));
  route(router, endpoints.updateGuardian, ({ auth, params, body }) =>
    updateGuardian(prisma, auth, params.id, params.guardianId, body),
  );
  route(router, endpoints.removeGuardian, ({ auth, params }) =>
    removeGuardian(prisma, auth, params.id, params.guardianId),
  );
  route(router, endpoints.invite, ({ auth, params, body }) =>
    inviteGuardian({
      prisma,
      queue,
      jwtSecret,
      auth,
      householdId: params.id,
      guardianId: params.guardianId,
      channel: body.channel,
    }),
  );
  route(router, endpoints.revokeInvitation, ({ auth, params }) =>
    revokeInvitation({ prisma, auth, householdId: params.id, guardianId: params.guardianId }),
  );
  route(router, endpoints.endPortalAccess, ({ auth, params }) =>
    endPortalAccess({ prisma, auth, householdId: params.id, guardianId: params.guardianId }),
  );
  return router;
}

/** Accepting an invitation to the family portal: public, throttled like sign-in. */
export function invitationsRouter({ prisma, jwtSecret, queue }: AppDeps): Router {
  const router = Router();
  const throttle = createLoginThrottle(prisma);
  route(router, invitationEndpoints.lookup, ({ req, body }) =>
    lookupInvitation({ prisma, jwtSecret, throttle, address: req.ip ?? 'unknown' }, body),
  );
  route(router, invitationEndpoints.accept, ({ req, body }) =>
    acceptInvitation(
      { prisma, jwtSecret, throttle, queue, address: req.ip ?? 'unknown', userAgent: req.get('user-agent') },
      body,
    ),
  );
  return router;
}

/** The guardian's own settings and the family's calendar feed (portal), and the public feed. */
export function familyCalendarRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, familyCalendarEndpoints.get, ({ auth }) => getFamilyFeed(prisma, auth));
  route(router, familyCalendarEndpoints.make, ({ auth }) => makeFamilyFeed(prisma, auth));
  route(router, familyCalendarEndpoints.revoke, ({ auth }) => revokeFamilyFeed(prisma, auth));
  route(router, portalSettingsEndpoints.get, ({ auth }) => portalSettings(prisma, auth));
  route(router, portalSettingsEndpoints.update, ({ auth, body }) => updatePortalSettings(prisma, auth, body));
  route(router, familyCalendarEndpoints.feed, ({ params, res }) => sendFamilyCalendar(prisma, params.token, res));
  return router;
}

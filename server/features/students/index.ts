import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { familyCalendarRouter, householdsRouter, invitationsRouter } from '../households/router';
import { referralsRouter } from './referrals-router';
import { studentsRouter } from './students-router';

/** Routers of students, their households, referrers and referrals. */
export function studentRouters(deps: AppDeps): Router[] {
  return [
    studentsRouter(deps),
    householdsRouter(deps),
    invitationsRouter(deps),
    familyCalendarRouter(deps),
    referralsRouter(deps),
  ];
}

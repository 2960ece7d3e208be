import type { RequestHandler } from 'express';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { notFound } from '../../http/tenancy';

/**
 * Site limits (issue 23). An operator may be limited to some locations (UserLocation rows): they see
 * and manage only those locations' classes and the students enrolled there. Admins, and operators
 * with no limit, see every location: `sitesOf` answers null for them.
 */
export function sitesOf(auth: AuthContext | undefined): number[] | null {
  return auth?.sites?.length ? auth.sites : null;
}

/** Prisma `where` for the classes a caller may see: every class, or those at their sites. */
export function scheduleSiteWhere(auth: AuthContext | undefined): { locationId?: { in: number[] } } {
  const sites = sitesOf(auth);
  return sites ? { locationId: { in: sites } } : {};
}

/** Prisma `where` for the students a caller may see: every student, or those enrolled at their sites. */
export function studentSiteWhere(auth: AuthContext | undefined): { locationId?: { in: number[] } } {
  const sites = sitesOf(auth);
  return sites ? { locationId: { in: sites } } : {};
}

/** Whether a location is one the caller may use (always, for a caller without limits). */
export function atOwnSite(auth: AuthContext | undefined, locationId: number | null | undefined): boolean {
  const sites = sitesOf(auth);
  return !sites || (locationId != null && sites.includes(locationId));
}

const BY_ID = /^\/(students|schedules)\/(\d+)(?:\/|$)/;

/**
 * 404 for a site-limited caller who names a class or a student of another location in the path
 * (`/students/:id...`, `/schedules/:id...`), before any route runs, as for a record of another centre:
 * every operation on such a record is covered at once, and the id reveals nothing.
 */
export function siteGuard(prisma: PrismaClient): RequestHandler {
  return async (req, _res, next) => {
    const sites = sitesOf(req.auth);
    if (!sites) return next();
    const match = BY_ID.exec(req.path);
    if (!match) return next();
    const id = Number(match[2]);
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) return next(); // the route's own 400
    try {
      const where = { id, locationId: { in: sites } };
      const found =
        match[1] === 'students' ? await prisma.student.count({ where }) : await prisma.schedule.count({ where });
      if (!found) return next(notFound(match[1] === 'students' ? 'Student' : 'Class', id));
      next();
    } catch (error) {
      next(error);
    }
  };
}

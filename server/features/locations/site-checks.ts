import { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { notFound } from '../../http/tenancy';
import { defaultLocationId } from './default-location';
import { sitesOf } from './sites';

type Db = Prisma.TransactionClient;

/**
 * Site checks shared by the features (issue 23) for ids that come in a body or a query rather than
 * in a `/students/:id` or `/schedules/:id` path (those are siteGuard's). A caller without limits
 * passes every check untouched (the features keep their own centre checks); a site-limited operator
 * gets the same 404 as for another centre's record, or, for a batch, the ids left out as "not found".
 */

/**
 * The locations a view covers (issue 23): the caller's sites, narrowed to `locationId` when one is
 * asked for (another site than the caller's: none); null = every location of the centre.
 */
export function locationScope(auth: AuthContext | undefined, locationId?: number): number[] | null {
  const sites = sitesOf(auth);
  if (locationId === undefined) return sites;
  return !sites || sites.includes(locationId) ? [locationId] : [];
}

/** The ids among `ids` of students enrolled at the caller's sites (all of them for a caller without limits). */
export async function studentsAtSites(db: Db, auth: AuthContext | undefined, ids: number[]): Promise<Set<number>> {
  const sites = sitesOf(auth);
  if (!sites || !ids.length) return new Set(ids);
  const rows = await db.student.findMany({
    where: { id: { in: [...new Set(ids)] }, locationId: { in: sites } },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` of classes at the caller's sites (all of them for a caller without limits). */
export async function classesAtSites(db: Db, auth: AuthContext | undefined, ids: number[]): Promise<Set<number>> {
  const sites = sitesOf(auth);
  if (!sites || !ids.length) return new Set(ids);
  const rows = await db.schedule.findMany({
    where: { id: { in: [...new Set(ids)] }, locationId: { in: sites } },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}

/** 404 (as for another centre's student) when any of the students is not enrolled at the caller's sites. */
export async function assertStudentsAtSites(db: Db, auth: AuthContext | undefined, ids: (number | null | undefined)[]) {
  const wanted = ids.filter((id): id is number => id != null);
  if (!sitesOf(auth) || !wanted.length) return;
  const found = await studentsAtSites(db, auth, wanted);
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('Student', missing);
}

/** 404 (as for another centre's class) when any of the classes is not at the caller's sites. */
export async function assertClassesAtSites(db: Db, auth: AuthContext | undefined, ids: (number | null | undefined)[]) {
  const wanted = ids.filter((id): id is number => id != null);
  if (!sitesOf(auth) || !wanted.length) return;
  const found = await classesAtSites(db, auth, wanted);
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('Class', missing);
}

/**
 * The location a student is saved at: the one chosen, which must be an active location of the centre
 * and, for a site-limited operator, one of their sites (400 naming `locationId`); left out, the
 * operator's first site or the centre's default location.
 */
export async function studentLocationFor(
  db: Db,
  auth: AuthContext,
  organisationId: number,
  locationId: number | undefined,
): Promise<number> {
  const sites = sitesOf(auth);
  if (locationId === undefined) return sites ? sites[0] : defaultLocationId(db, organisationId);
  const found = await db.location.count({ where: { id: locationId, organisationId, active: true } });
  if (!found) throw fieldError('locationId', 'Choose an active location of this centre');
  if (sites && !sites.includes(locationId)) throw fieldError('locationId', 'Choose one of your own locations');
  return locationId;
}

/** `AND <column> = ANY(scope)` for raw SQL, nothing for an unlimited scope (see `locationScope`). */
export function locationSql(column: Prisma.Sql, scope: number[] | null): Prisma.Sql {
  return scope === null ? Prisma.empty : Prisma.sql`AND ${column} = ANY(${scope}::int[])`;
}

/** Prisma `where` on a `locationId` column for a scope (see `locationScope`); `{}` for every location. */
export function locationWhere(scope: number[] | null): { locationId?: { in: number[] } } {
  return scope === null ? {} : { locationId: { in: scope } };
}

/**
 * Prisma `where` for the teachers of a scope: those who work at one of its locations, or who have no
 * locations set (they work everywhere); `{}` for every location.
 */
export function teacherScopeWhere(scope: number[] | null): Prisma.TeacherWhereInput {
  return scope === null
    ? {}
    : { OR: [{ locations: { some: { locationId: { in: scope } } } }, { locations: { none: {} } }] };
}

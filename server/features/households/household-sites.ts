// Households and site limits (issue 25, DECISIONS.md "Sites, households and language"). A household is
// within a site-limited operator's sites when one of its children is enrolled at one of them: they read
// it (404 otherwise, as for another centre's). Changing it (its name, notes, guardians, their contacts,
// invitations or portal access, a merge or a move) needs every child of each household involved at their
// sites: one child elsewhere is a 403 naming the rule, since the household's guardians reach that child
// too. Admins and operators without limits pass untouched.
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { sitesOf } from '../locations/sites';
import { householdStates } from './household-audit';

type Db = PrismaClient | Prisma.TransactionClient;

export const HOUSEHOLD_OTHER_SITE_MESSAGE =
  'A child of this household is enrolled at a site you do not manage: only staff of every site of its children, or an admin, can change it';

/** Prisma `where` for the households a caller may see: every one, or those with a child at their sites. */
export function householdSiteWhere(auth: AuthContext | undefined): Prisma.HouseholdWhereInput {
  const sites = sitesOf(auth);
  return sites ? { students: { some: { locationId: { in: sites } } } } : {};
}

/**
 * Before a change to the households `ids` of the caller's centre: 404 for one that is not the centre's
 * or not within the caller's sites, 403 for one with a child at another site. Run it inside the
 * change's transaction (after its locks, where it takes any), so the children checked are those it changes.
 */
export async function assertHouseholdsChangeable(db: Db, auth: AuthContext, ids: readonly number[]) {
  const organisationId = organisationOf(auth);
  const sites = sitesOf(auth);
  const unique = [...new Set(ids)];
  const rows = await db.household.findMany({
    where: { id: { in: unique }, organisationId },
    select: { id: true, students: { select: { locationId: true } } },
  });
  const atSites = (s: { locationId: number | null }) => s.locationId !== null && !!sites?.includes(s.locationId);
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row || (sites && !row.students.some(atSites))) throw notFound('Household', id);
  }
  if (sites && rows.some((row) => !row.students.every(atSites)))
    throw new AppError('forbidden', HOUSEHOLD_OTHER_SITE_MESSAGE, { errorKey: 'householdsites' });
}

/** Locks the caller's centre's households `ids` (in id order, so two merges cannot deadlock), or 404. */
async function lockHouseholds(tx: Prisma.TransactionClient, organisationId: number, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const found = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM "Household" WHERE id = ANY(${sorted}::int[]) AND "organisationId" = ${organisationId}
     ORDER BY id FOR NO KEY UPDATE`;
  const missing = sorted.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw notFound('Household', missing);
}

/**
 * The households `ids` locked for a change and checked against the caller's sites (404 / 403, see
 * above), with their state before it for the audit.
 */
export async function householdsForChange(tx: Prisma.TransactionClient, auth: AuthContext, ids: number[]) {
  await lockHouseholds(tx, organisationOf(auth), ids);
  await assertHouseholdsChangeable(tx, auth, ids);
  return householdStates(tx, ids);
}

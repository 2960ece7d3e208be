// Locations (issue 23): the centre's sites. Admins add and change them; deactivating one keeps its
// classes and students (new classes cannot use it). Names are unique within the centre.
import type { z } from 'zod';
import type { TLocation, TLocationOptions, ZLocationBody, ZLocationListQuery } from '../../../src/contracts/locations';
import { recordAudit } from '../../audit/record-audit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { pageArgs, sortArgs } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { refuseDuplicate } from '../courses/unique-refusal';
import { defaultLocationId } from './default-location';
import { sitesOf } from './sites';

type Db = Prisma.TransactionClient | PrismaClient;
type Body = z.output<typeof ZLocationBody>;
type Row = { id: number; name: string; address: string | null; phone: string | null; active: boolean };

const rowSelect = { id: true, name: true, address: true, phone: true, active: true } as const;

/** Planned classes from now on, per location (or per room), for the lists' "upcoming classes". */
export async function upcomingByLocation(db: Db, organisationId: number, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const groups = await db.schedule.groupBy({
    by: ['locationId'],
    where: { organisationId, locationId: { in: ids }, status: 'PLANNED', startAt: { gte: new Date() } },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.locationId as number, g._count._all]));
}

async function roomsByLocation(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const groups = await db.room.groupBy({
    by: ['locationId'],
    where: { locationId: { in: ids }, active: true },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.locationId, g._count._all]));
}

async function toLocations(db: Db, organisationId: number, rows: Row[]): Promise<TLocation[]> {
  const ids = rows.map((r) => r.id);
  const [rooms, upcoming] = await Promise.all([roomsByLocation(db, ids), upcomingByLocation(db, organisationId, ids)]);
  return rows.map((r) => ({ ...r, roomCount: rooms.get(r.id) ?? 0, upcomingClasses: upcoming.get(r.id) ?? 0 }));
}

export async function listLocations(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZLocationListQuery>,
) {
  const organisationId = organisationOf(auth);
  const where: Prisma.LocationWhereInput = {
    organisationId,
    ...(query.active === undefined ? {} : { active: query.active }),
  };
  const [rows, total] = await Promise.all([
    prisma.location.findMany({
      where,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'name'),
      select: rowSelect,
      ...pageArgs(query),
    }),
    prisma.location.count({ where }),
  ]);
  return { data: await toLocations(prisma, organisationId, rows), total, success: true as const };
}

/** A location of the caller's centre, or 404. */
export async function ownLocation(db: Db, organisationId: number, id: number) {
  const row = await db.location.findFirst({ where: { id, organisationId }, select: rowSelect });
  if (!row) throw notFound('Location', id);
  return row;
}

const nameTaken = () =>
  new AppError('conflict', 'A location of this name exists already', {
    errorKey: 'locationexists',
    fieldErrors: [{ field: 'name', message: 'A location of this name exists already' }],
  });

/** What the audit keeps of a location (under the centre: the audit has no location kind of its own). */
const audited = (row: Row) => ({
  location: { id: row.id, name: row.name, address: row.address, phone: row.phone, active: row.active },
});

/** Adds (no id) or changes a location, audited as a change of the centre. */
export async function saveLocation(prisma: PrismaClient, auth: AuthContext, body: Body, id?: number) {
  const organisationId = organisationOf(auth);
  const data = { name: body.name, address: body.address ?? null, phone: body.phone ?? null, active: body.active };
  const saved = await prisma
    .$transaction(async (tx) => {
      const before = id === undefined ? null : await ownLocation(tx, organisationId, id);
      const clash = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM "Location"
        WHERE "organisationId" = ${organisationId} AND lower(name) = lower(${data.name}) AND id <> ${id ?? 0}`;
      if (clash.length) throw nameTaken();
      const row = before
        ? await tx.location.update({ where: { id: before.id }, data, select: rowSelect })
        : await tx.location.create({ data: { organisationId, ...data }, select: rowSelect });
      await recordAudit(tx, auth, [
        {
          entity: 'ORGANISATION',
          entityId: organisationId,
          action: 'UPDATE',
          before: before ? audited(before) : { location: null },
          after: audited(row),
        },
      ]);
      return row;
    })
    .catch(
      refuseDuplicate(['organisationId', 'name'], 'name', 'A location of this name exists already', 'locationexists'),
    );
  return (await toLocations(prisma, organisationId, [saved]))[0];
}

/**
 * The pickers' options: the active locations (a centre without any gets its first one here) with their
 * active rooms, the caller's sites and the travel time. A site-limited operator is offered their own
 * sites only, so one limited to a single site sees no location picker at all.
 */
export async function locationOptions(prisma: PrismaClient, auth: AuthContext): Promise<TLocationOptions> {
  const organisationId = organisationOf(auth);
  if (!(await prisma.location.count({ where: { organisationId, active: true } })))
    await defaultLocationId(prisma, organisationId);
  const sites = sitesOf(auth);
  const [locations, centre] = await Promise.all([
    prisma.location.findMany({
      where: { organisationId, active: true, ...(sites ? { id: { in: sites } } : {}) },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        name: true,
        address: true,
        rooms: {
          where: { active: true },
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          select: { id: true, name: true, capacity: true },
        },
      },
    }),
    prisma.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { travelMinutes: true } }),
  ]);
  return { locations, sites, travelMinutes: centre.travelMinutes };
}

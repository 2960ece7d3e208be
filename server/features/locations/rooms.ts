// Rooms (issue 23): a room belongs to a location of the centre, holds one class at a time and its
// seats are the default capacity of the classes booked into it. Names are unique within a location;
// deactivating a room keeps its classes.
import type { z } from 'zod';
import type { TRoom, ZRoomBody, ZRoomListQuery } from '../../../src/contracts/locations';
import { recordAudit } from '../../audit/record-audit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { pageArgs } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { refuseDuplicate } from '../courses/unique-refusal';
import { ownLocation } from './locations';

type Db = Prisma.TransactionClient | PrismaClient;
type Body = z.output<typeof ZRoomBody>;

const roomSelect = {
  id: true,
  locationId: true,
  name: true,
  capacity: true,
  active: true,
  location: { select: { name: true } },
} as const satisfies Prisma.RoomSelect;
type Row = Prisma.RoomGetPayload<{ select: typeof roomSelect }>;

async function toRooms(db: Db, organisationId: number, rows: Row[]): Promise<TRoom[]> {
  const ids = rows.map((r) => r.id);
  const groups = ids.length
    ? await db.schedule.groupBy({
        by: ['roomId'],
        where: { organisationId, roomId: { in: ids }, status: 'PLANNED', startAt: { gte: new Date() } },
        _count: { _all: true },
      })
    : [];
  const upcoming = new Map(groups.map((g) => [g.roomId as number, g._count._all]));
  return rows.map(({ location, ...r }) => ({
    ...r,
    locationName: location.name,
    upcomingClasses: upcoming.get(r.id) ?? 0,
  }));
}

export async function listRooms(prisma: PrismaClient, auth: AuthContext, query: z.output<typeof ZRoomListQuery>) {
  const organisationId = organisationOf(auth);
  const where: Prisma.RoomWhereInput = {
    location: { organisationId },
    ...(query.locationId === undefined ? {} : { locationId: query.locationId }),
    ...(query.active === undefined ? {} : { active: query.active }),
  };
  const direction = query.sortOrder === 'descend' ? ('desc' as const) : ('asc' as const);
  const orderBy: Prisma.RoomOrderByWithRelationInput[] =
    query.sortField === 'capacity'
      ? [{ capacity: direction }, { id: direction }]
      : query.sortField === 'name'
        ? [{ name: direction }, { id: direction }]
        : [{ location: { name: 'asc' } }, { name: 'asc' }, { id: 'asc' }];
  const [rows, total] = await Promise.all([
    prisma.room.findMany({ where, orderBy, select: roomSelect, ...pageArgs(query) }),
    prisma.room.count({ where }),
  ]);
  return { data: await toRooms(prisma, organisationId, rows), total, success: true as const };
}

async function ownRoom(db: Db, organisationId: number, id: number) {
  const row = await db.room.findFirst({ where: { id, location: { organisationId } }, select: roomSelect });
  if (!row) throw notFound('Room', id);
  return row;
}

const nameTaken = () =>
  new AppError('conflict', 'A room of this name exists at this location already', {
    errorKey: 'roomexists',
    fieldErrors: [{ field: 'name', message: 'A room of this name exists at this location already' }],
  });

/** What the audit keeps of a room (under the centre: the audit has no room kind of its own). */
const audited = (row: Row) => ({
  room: {
    id: row.id,
    location: row.location.name,
    name: row.name,
    capacity: row.capacity,
    active: row.active,
  },
});

/** Adds (no id) or changes a room of a location of the centre, audited as a change of the centre. */
export async function saveRoom(prisma: PrismaClient, auth: AuthContext, body: Body, id?: number) {
  const organisationId = organisationOf(auth);
  const data = { locationId: body.locationId, name: body.name, capacity: body.capacity, active: body.active };
  const saved = await prisma
    .$transaction(async (tx) => {
      const before = id === undefined ? null : await ownRoom(tx, organisationId, id);
      const location = await ownLocation(tx, organisationId, body.locationId);
      // A new room, or a room moved to another location, goes to an active location only.
      if (!location.active && (!before || before.locationId !== location.id))
        throw fieldError('locationId', 'This location is inactive: choose an active one');
      const clash = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM "Room"
        WHERE "locationId" = ${location.id} AND lower(name) = lower(${data.name}) AND id <> ${id ?? 0}`;
      if (clash.length) throw nameTaken();
      const row = before
        ? await tx.room.update({ where: { id: before.id }, data, select: roomSelect })
        : await tx.room.create({ data, select: roomSelect });
      await recordAudit(tx, auth, [
        {
          entity: 'ORGANISATION',
          entityId: organisationId,
          action: 'UPDATE',
          before: before ? audited(before) : { room: null },
          after: audited(row),
        },
      ]);
      return row;
    })
    .catch(
      refuseDuplicate(
        ['locationId', 'name'],
        'name',
        'A room of this name exists at this location already',
        'roomexists',
      ),
    );
  return (await toRooms(prisma, organisationId, [saved]))[0];
}

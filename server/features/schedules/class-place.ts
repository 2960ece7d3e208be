// Where a class is held (issue 23): its location and optional room, checked on every save; the room's
// seats as the default capacity and the class's limit; the teacher's travel between locations as a
// warning. Shared by create, update and move.
import { MAX_CLASS_HOURS } from '../../../src/contracts/schedules';
import type { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { t } from '../../i18n/text';
import { defaultLocationId } from '../locations/default-location';
import { atOwnSite, sitesOf } from '../locations/sites';

type Tx = Prisma.TransactionClient;

export interface ClassPlace {
  locationId: number | null;
  roomId: number | null;
  /** The room's name and seats, when the class has a room. */
  room: { name: string; capacity: number } | null;
}

const NOT_A_LOCATION = 'Choose an active location of the centre';
const NOT_A_ROOM = 'Choose an active room of the class’s location';

/** A location the caller may book at: an active one of the centre, and of their sites when limited. */
async function usableLocation(tx: Tx, auth: AuthContext, organisationId: number, locationId: number) {
  const found = await tx.location.count({ where: { id: locationId, organisationId, active: true } });
  if (!found) throw fieldError('locationId', NOT_A_LOCATION);
  if (!atOwnSite(auth, locationId)) throw fieldError('locationId', 'You can book classes at your own sites only');
}

/** A new class with no location given: the operator's first site when limited, else the centre's first. */
async function newClassLocation(tx: Tx, auth: AuthContext, organisationId: number) {
  const sites = sitesOf(auth);
  if (sites) {
    const own = await tx.location.findFirst({
      where: { id: { in: sites }, organisationId, active: true },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    if (own) return own.id;
  }
  return defaultLocationId(tx, organisationId);
}

/**
 * The place of a class being saved. `current` (an edit): a location left out stays; a room left out
 * stays unless the location changed (then it is cleared); null clears it. A location or room is
 * checked when it is new to the class (an unchanged one that was since deactivated does not block
 * an edit of the comments).
 */
export async function resolvePlace(
  tx: Tx,
  auth: AuthContext,
  organisationId: number,
  body: { locationId?: number; roomId?: number | null },
  current?: { locationId: number | null; roomId: number | null },
): Promise<ClassPlace> {
  let locationId: number | null;
  if (body.locationId !== undefined) {
    locationId = body.locationId;
    if (locationId !== current?.locationId) await usableLocation(tx, auth, organisationId, locationId);
  } else locationId = current ? current.locationId : await newClassLocation(tx, auth, organisationId);
  const moved = current !== undefined && locationId !== current.locationId;
  const roomId = body.roomId !== undefined ? body.roomId : current && !moved ? current.roomId : null;
  if (roomId === null) return { locationId, roomId: null, room: null };
  const room = await tx.room.findFirst({
    where: { id: roomId, locationId: locationId ?? -1, location: { organisationId } },
    select: { name: true, capacity: true, active: true },
  });
  const unchanged = current !== undefined && !moved && roomId === current.roomId;
  if (!room || (!room.active && !unchanged)) throw fieldError('roomId', NOT_A_ROOM);
  return { locationId, roomId, room: { name: room.name, capacity: room.capacity } };
}

/** A GROUP class booked into a room with no capacity given takes the room's seats. */
export function capacityIn(place: ClassPlace, courseType: string, capacity: number | null | undefined) {
  if (courseType !== 'GROUP') return null;
  return capacity ?? place.room?.capacity ?? null;
}

/**
 * Refuses (409 `roomcapacity`) a class whose capacity or number of students is more than its room
 * seats, unless the desk overrides the capacity.
 */
export function assertRoomFits(
  place: ClassPlace,
  { capacity, students, override }: { capacity: number | null; students: number; override?: boolean },
) {
  if (!place.room || override) return;
  const wanted = Math.max(capacity ?? 0, students);
  if (wanted <= place.room.capacity) return;
  throw new AppError(
    'conflict',
    t('{room} has {seats} seats: the class would need {wanted}', {
      room: place.room.name,
      seats: place.room.capacity,
      wanted,
    }),
    { errorKey: 'roomcapacity' },
  );
}

export interface TravelWarning {
  startAt: string;
  otherStartAt: string;
  otherLocation: string;
}

interface TravelRow {
  kind: 'travel' | 'elsewhere';
  s: Date | null;
  other: Date | null;
  name: string | null;
}

/**
 * Warnings of a save, never refusals, in one statement: each class that leaves the teacher less than
 * the centre's travel minutes (Organisation.travelMinutes; 0 = off) from another of their classes the
 * same local day at a different location; and whether the teacher works at some locations
 * (TeacherLocation rows) but not this one.
 */
export async function travelWarnings(
  tx: Tx,
  organisationId: number,
  {
    teacherId,
    locationId,
    classes,
    excluded = [],
    zone,
  }: {
    teacherId: number;
    locationId: number | null;
    classes: { startAt: Date; endAt: Date }[];
    excluded?: number[];
    zone: string;
  },
): Promise<{ tooLittleTravel: TravelWarning[]; notTheirLocation: boolean }> {
  if (locationId === null || classes.length === 0) return { tooLittleTravel: [], notTheirLocation: false };
  const starts = classes.map((c) => c.startAt.toISOString());
  const ends = classes.map((c) => c.endAt.toISOString());
  const rows = await tx.$queryRaw<TravelRow[]>`
    WITH c AS (SELECT "travelMinutes" AS m FROM "Organisation" WHERE id = ${organisationId}),
    o AS MATERIALIZED (
      SELECT u.s::timestamptz AS s, u.e::timestamptz AS e
      FROM unnest(${starts}::text[], ${ends}::text[]) AS u(s, e)
    )
    SELECT 'travel' AS kind, o.s, y."startAt" AS other, l.name
    FROM c, o CROSS JOIN LATERAL (
      SELECT x."startAt", x."locationId" FROM "Schedule" x
      WHERE x."teacherId" = ${teacherId}
        AND x."startAt" > o.s - make_interval(hours => ${MAX_CLASS_HOURS}::int, mins => c.m)
        AND x."startAt" < o.e + make_interval(mins => c.m)
        AND GREATEST(o.s - x."endAt", x."startAt" - o.e) < make_interval(mins => c.m)
        AND x.status IN ('PLANNED', 'COMPLETED')
        AND x."locationId" IS NOT NULL AND x."locationId" <> ${locationId}
        AND x.id <> ALL(${excluded}::int[])
        AND (x."startAt" AT TIME ZONE ${zone})::date = (o.s AT TIME ZONE ${zone})::date
    ) y JOIN "Location" l ON l.id = y."locationId"
    WHERE c.m > 0
    UNION ALL
    SELECT 'elsewhere', NULL, NULL, NULL
    WHERE EXISTS (SELECT 1 FROM "TeacherLocation" tl WHERE tl."teacherId" = ${teacherId})
      AND NOT EXISTS (SELECT 1 FROM "TeacherLocation" tl WHERE tl."teacherId" = ${teacherId} AND tl."locationId" = ${locationId})
    ORDER BY 2, 3`;
  return {
    tooLittleTravel: rows
      .filter((r) => r.kind === 'travel')
      .map((r) => ({
        startAt: (r.s as Date).toISOString(),
        otherStartAt: (r.other as Date).toISOString(),
        otherLocation: r.name ?? '',
      })),
    notTheirLocation: rows.some((r) => r.kind === 'elsewhere'),
  };
}

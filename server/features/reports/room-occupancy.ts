// Room occupancy (issue 23): for each room and each ISO week (Monday to Sunday on the centre's clock)
// that overlaps the range, the class hours of the PLANNED and COMPLETED classes in the room starting
// that week, against the open hours of a week the caller gives (rooms carry no opening times). Whole
// weeks are counted, also past the range's ends, so a week's percentage is never cut short.
import { DateTime } from 'luxon';
import type { TRoomOccupancy, TRoomOccupancyQuery } from '../../../src/contracts/reports';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { reportCentre, reportLocations } from './report-scope';

interface BookedRow {
  roomId: number;
  week: string;
  minutes: number;
}

/** The ISO weeks from the one holding `from` to the one holding `to` (calendar dates, no zone). */
export function isoWeeks(from: string, to: string): TRoomOccupancy['weeks'] {
  const last = DateTime.fromISO(to, { zone: 'utc' }).startOf('week');
  const weeks: TRoomOccupancy['weeks'] = [];
  for (let monday = DateTime.fromISO(from, { zone: 'utc' }).startOf('week'); monday <= last; ) {
    weeks.push({ week: monday.toFormat("kkkk-'W'WW"), monday: monday.toISODate() ?? '' });
    monday = monday.plus({ weeks: 1 });
  }
  return weeks;
}

/** booked ÷ open as a percentage to one decimal (half up), from whole minutes. */
export const occupancyPercent = (minutes: number, openHours: number) =>
  Math.round((minutes * 1000) / (60 * openHours)) / 10;

export async function roomOccupancy(
  prisma: PrismaClient,
  auth: AuthContext,
  query: TRoomOccupancyQuery,
): Promise<TRoomOccupancy> {
  const centre = await reportCentre(prisma, auth);
  const locationIds = await reportLocations(prisma, auth, query.locationId);
  const weeks = isoWeeks(query.from, query.to);
  const fromAt = startOfDayIn(weeks[0].monday, centre.timeZone);
  const sunday = DateTime.fromISO(weeks[weeks.length - 1].monday, { zone: 'utc' })
    .plus({ days: 6 })
    .toISODate();
  const untilAt = endOfDayIn(sunday ?? query.to, centre.timeZone);
  const atLocation = locationIds ? Prisma.sql`AND r."locationId" = ANY(${locationIds}::int[])` : Prisma.empty;
  const booked = await prisma.$queryRaw<BookedRow[]>`
    SELECT s."roomId", to_char((s."startAt" AT TIME ZONE ${centre.timeZone}::text)::date, 'IYYY-"W"IW') AS week,
      sum(ROUND(EXTRACT(EPOCH FROM (s."endAt" - s."startAt")) / 60))::int AS minutes
    FROM "Schedule" s JOIN "Room" r ON r.id = s."roomId"
    WHERE s."organisationId" = ${centre.organisationId}::int AND s.status IN ('PLANNED', 'COMPLETED')
      AND s."startAt" >= ${fromAt}::timestamptz AND s."startAt" < ${untilAt}::timestamptz
      ${atLocation}
    GROUP BY 1, 2`;
  const bookedIds = [...new Set(booked.map((b) => b.roomId))];
  const rooms = await prisma.room.findMany({
    where: {
      location: { organisationId: centre.organisationId },
      ...(locationIds ? { locationId: { in: locationIds } } : {}),
      OR: [{ active: true, location: { active: true } }, { id: { in: bookedIds } }],
    },
    select: { id: true, name: true, location: { select: { id: true, name: true } } },
    orderBy: [{ location: { name: 'asc' } }, { name: 'asc' }, { id: 'asc' }],
  });
  const minutesOf = new Map(booked.map((b) => [`${b.roomId} ${b.week}`, b.minutes]));
  const open = query.openHoursPerWeek;
  return {
    from: query.from,
    to: query.to,
    openHoursPerWeek: open,
    weeks,
    rooms: rooms.map((room) => ({
      room: { id: room.id, name: room.name },
      location: room.location,
      weeks: weeks.map(({ week }) => {
        const minutes = minutesOf.get(`${room.id} ${week}`) ?? 0;
        return {
          week,
          bookedHours: new Prisma.Decimal(minutes).div(60).toDecimalPlaces(2).toFixed(2),
          percent: occupancyPercent(minutes, open),
        };
      }),
    })),
  };
}

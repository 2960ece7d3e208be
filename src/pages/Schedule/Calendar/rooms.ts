import type { TScheduleEvent } from '@/contracts/schedules';

/** The rooms of the centre's locations, as useLocations() gives them. */
export interface SiteRooms {
  id: number;
  name: string;
  rooms: { id: number; name: string }[];
}

/** A column of the room view: a room, or the classes without one. */
export interface RoomResource {
  id: number | string;
  title: string;
}

/** The column of classes without a room (a string: room ids are numbers, and 0 would read as "none"). */
export const NO_ROOM = 'no-room';

/** A class's column in the room view. */
export const roomOf = (event: { source?: TScheduleEvent }): number | string | undefined =>
  event.source ? (event.source.room?.id ?? NO_ROOM) : undefined;

/**
 * The room filter's choices: the rooms of the chosen location, else every location's rooms, named
 * "Location · Room" when the centre has more than one location.
 */
export function roomChoices(sites: readonly SiteRooms[], locationId: number | undefined, many: boolean) {
  return sites
    .filter((site) => locationId === undefined || site.id === locationId)
    .flatMap((site) =>
      site.rooms.map((room) => ({
        value: room.id,
        label: many && locationId === undefined ? `${site.name} · ${room.name}` : room.name,
      })),
    );
}

/**
 * The room view's columns: the rooms the filters leave (one room, a location's rooms or all), rooms
 * of the shown classes that are no longer listed (an inactive room keeps its classes visible), then
 * "No room" for the classes without one.
 */
export function roomResources(
  sites: readonly SiteRooms[],
  filters: { locationId?: number; roomId?: number },
  classes: readonly TScheduleEvent[],
  many: boolean,
  noRoom: string,
): RoomResource[] {
  const choices = roomChoices(sites, filters.locationId, many).filter(
    (room) => filters.roomId === undefined || room.value === filters.roomId,
  );
  const columns: RoomResource[] = choices.map((room) => ({ id: room.value, title: room.label }));
  const known = new Set(columns.map((c) => c.id));
  for (const event of classes) {
    if (event.room && !known.has(event.room.id)) {
      known.add(event.room.id);
      columns.push({ id: event.room.id, title: event.room.name });
    }
  }
  if (filters.roomId === undefined) columns.push({ id: NO_ROOM, title: noRoom });
  return columns;
}

/** Room view columns are for the day and the week. */
export const ROOM_VIEWS = ['day', 'week'] as const;

/**
 * The calendar's resource props: the columns when the room view is on (day, week), the week grouped
 * day first (each day's rooms side by side). Grouping only with columns: without them the library
 * would group a stand-in column of its own whose id it cannot read (a crash on a week opened by
 * address before the rooms are known).
 */
export function roomViewProps(resources: RoomResource[] | undefined, view: string) {
  return { resources, resourceGroupingLayout: !!resources && view === 'week' };
}

const DAY_MS = 86_400_000;

/**
 * The week by rooms is wider than the screen (7 days × the rooms): the index of the first room column
 * of `date`'s day, so the view can open at the chosen day rather than at Sunday. Both dates are the
 * calendar's wall dates (midnight of the week's first day for `weekStart`); 0 outside the week.
 */
export function roomWeekFirstColumn(date: Date, weekStart: Date, roomCount: number): number {
  const midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const day = Math.round((midnight.getTime() - weekStart.getTime()) / DAY_MS);
  return day >= 0 && day < 7 ? day * roomCount : 0;
}

/**
 * Scrolls the week by rooms sideways so that the chosen day's first room is the first column after
 * the hours (the hours stay pinned); the library syncs its headers on the scroll.
 */
export function scrollRoomWeekTo(box: HTMLElement | null, column: number): void {
  const content = box?.querySelector<HTMLElement>('.rbc-time-content');
  const slot = content?.querySelectorAll<HTMLElement>('.rbc-day-slot')[column];
  if (!content || !slot) return;
  const hours = content.querySelector<HTMLElement>('.rbc-time-gutter')?.offsetWidth ?? 0;
  content.scrollLeft = slot.offsetLeft - hours;
}

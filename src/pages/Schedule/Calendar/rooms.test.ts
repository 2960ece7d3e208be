import { describe, expect, it } from 'vitest';
import type { TScheduleEvent } from '@/contracts/schedules';
import { NO_ROOM, roomChoices, roomOf, roomResources, roomViewProps, roomWeekFirstColumn } from './rooms';

const sites = [
  {
    id: 1,
    name: 'North',
    rooms: [
      { id: 11, name: 'Blue' },
      { id: 12, name: 'Green' },
    ],
  },
  { id: 2, name: 'South', rooms: [{ id: 21, name: 'Red' }] },
];
const event = (id: number, room: { id: number; name: string } | null) =>
  ({ id, room, locationId: 1 }) as unknown as TScheduleEvent;

describe('room view columns', () => {
  it('names rooms "Location · Room" across locations, plain within one', () => {
    expect(roomChoices(sites, undefined, true).map((r) => r.label)).toEqual([
      'North · Blue',
      'North · Green',
      'South · Red',
    ]);
    expect(roomChoices(sites, 2, true)).toEqual([{ value: 21, label: 'Red' }]);
    expect(roomChoices(sites.slice(0, 1), undefined, false).map((r) => r.label)).toEqual(['Blue', 'Green']);
  });

  it('keeps the chosen location’s rooms, then No room', () => {
    expect(roomResources(sites, { locationId: 1 }, [], true, 'No room')).toEqual([
      { id: 11, title: 'Blue' },
      { id: 12, title: 'Green' },
      { id: NO_ROOM, title: 'No room' },
    ]);
  });

  it('one room chosen: that room only', () => {
    expect(roomResources(sites, { roomId: 21 }, [], true, 'No room')).toEqual([{ id: 21, title: 'South · Red' }]);
  });

  it('adds a column for a class in a room no longer listed', () => {
    const columns = roomResources(sites, { locationId: 1 }, [event(5, { id: 99, name: 'Old' })], true, 'No room');
    expect(columns.map((c) => c.id)).toEqual([11, 12, 99, NO_ROOM]);
  });

  it('puts a class without a room in No room', () => {
    expect(roomOf({ source: event(1, null) })).toBe(NO_ROOM);
    expect(roomOf({ source: event(1, { id: 12, name: 'Green' }) })).toBe(12);
    expect(roomOf({})).toBeUndefined();
  });
});

describe('the room view in react-big-calendar', () => {
  const render = async (
    resources: ReturnType<typeof roomResources> | undefined,
    view: 'day' | 'week',
    props = roomViewProps(resources, view),
  ) => {
    const [{ createElement }, { renderToStaticMarkup }, { Calendar }, { localizer }] = await Promise.all([
      import('react'),
      import('react-dom/server'),
      import('react-big-calendar'),
      import('./calendar'),
      import('./rooms'),
    ]);
    const event = {
      id: 1,
      title: 'Maths',
      start: new Date(2031, 4, 14, 10),
      end: new Date(2031, 4, 14, 11),
      source: { room: { id: 12, name: 'Green' } },
    };
    return renderToStaticMarkup(
      createElement(Calendar, {
        localizer,
        events: [event],
        view,
        views: ['day', 'week'],
        onView: () => undefined,
        date: new Date(2031, 4, 14),
        onNavigate: () => undefined,
        resourceAccessor: (e: object) => roomOf(e as { source?: TScheduleEvent }),
        resourceIdAccessor: (r: object | null) => (r as { id: number } | null)?.id,
        resourceTitleAccessor: (r: object | null) => (r as { title: string } | null)?.title,
        ...props,
      } as never),
    );
  };
  const columns = roomResources(sites, { locationId: 1 }, [], true, 'No room');

  it('draws a week opened without rooms known yet (no grouping without columns)', async () => {
    expect(roomViewProps(undefined, 'week').resourceGroupingLayout).toBe(false);
    expect(await render(undefined, 'week')).toContain('rbc-time-view');
    // Even grouped, the null-safe accessors read the library's stand-in column (null) without failing.
    expect(await render(undefined, 'week', { resources: undefined, resourceGroupingLayout: true })).toContain(
      'rbc-day-slot',
    );
  });

  it('draws each day of the week with its rooms side by side', async () => {
    const html = await render(columns, 'week');
    expect(html.match(/rbc-resource-grouping/g)).toHaveLength(7);
    expect(html.match(/rbc-day-slot/g)?.length).toBe(21);
    expect(html).toContain('No room');
  });

  it('draws a day with a header per room', async () => {
    const html = await render(columns, 'day');
    expect(html.match(/rbc-row-resource/g)).toHaveLength(3);
    expect(html).toContain('Green');
  });
});

describe('the week by rooms opens at the chosen day', () => {
  const sunday = new Date(2031, 4, 11); // the week of 2031-05-11, wall dates
  it("gives the first room column of the date's day", () => {
    expect(roomWeekFirstColumn(new Date(2031, 4, 11, 9, 30), sunday, 3)).toBe(0);
    expect(roomWeekFirstColumn(new Date(2031, 4, 14), sunday, 3)).toBe(9); // Wednesday, 3 rooms
    expect(roomWeekFirstColumn(new Date(2031, 4, 17, 23, 59), sunday, 2)).toBe(12); // Saturday
  });
  it('starts at the week’s first day for a date outside the week', () => {
    expect(roomWeekFirstColumn(new Date(2031, 4, 18), sunday, 3)).toBe(0);
    expect(roomWeekFirstColumn(new Date(2031, 4, 10), sunday, 3)).toBe(0);
  });
});

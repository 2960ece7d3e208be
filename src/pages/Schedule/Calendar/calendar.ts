import dayjs from 'dayjs';
import { dayjsLocalizer, type View } from 'react-big-calendar';
import type { TAvailability, TScheduleEvent } from '@/contracts/schedules';
import { toWallDate } from '../../../components/ScheduleForm/zone';
import { classState, type TClassState } from '../../../contracts/class-state';
import { readableTextOn } from '../../../utils/contrast';

/**
 * The calendar draws browser-local Dates whose wall clock is the centre's (toWallDate): the zone is
 * applied once per event when the reply arrives, and the localizer does plain local arithmetic. The
 * dayjs localizer switches to dayjs.tz() whenever the timezone plugin is loaded (it is, app-wide),
 * and tz() builds an Intl formatter per call; month view's sorting and range checks call it hundreds
 * of thousands of times with 2,000 events. So the localizer gets a dayjs without `tz`.
 */
const plainDayjs = new Proxy(dayjs, {
  get: (target, key, receiver) => (key === 'tz' ? undefined : Reflect.get(target, key, receiver)),
});
export const localizer = dayjsLocalizer(plainDayjs);

// Month view sorts and filters every week's events on each render; native Date arithmetic on the
// wall-clock Dates keeps it to microseconds per event (the same rules as the localizer's own).
const asDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));
const dayStart = (value: Date) => {
  const date = asDate(value);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
};
const DAY = 86_400_000;
const daySpan = (start: Date, end: Date) => Math.round((dayStart(end) - dayStart(start)) / DAY);
type Span = { start: Date; end: Date; allDay?: boolean };
type Unit = string | undefined;
/** Runtime members of DateLocalizer that @types/react-big-calendar does not declare (or declares loosely). */
interface HotPaths {
  daySpan: (start: Date, end: Date) => number;
  sortEvents: (pair: { evtA: Span; evtB: Span }) => number;
  inEventRange: (args: { event: Span; range: { start: Date; end: Date } }) => boolean;
  startOf: (date: Date, unit: Unit) => Date;
  add: (date: Date, amount: number, unit: Unit) => Date;
  diff: (a: Date, b: Date, unit: Unit) => number;
  ceil: (date: Date, unit: Unit) => Date;
  min: (a: Date, b: Date) => Date;
  max: (a: Date, b: Date) => Date;
  isSameDate: (a: Date, b: Date) => boolean;
}
const hot = localizer as unknown as HotPaths;
// Day arithmetic is what month view does per event (segments: start of day, add, diff, ceil); the
// other units keep the localizer's own dayjs code.
const dayjsPaths = { startOf: hot.startOf, add: hot.add, diff: hot.diff, ceil: hot.ceil };
const isDay = (unit: Unit) => unit === 'day' || unit === 'd';
hot.startOf = (date, unit) => (isDay(unit) ? new Date(dayStart(date)) : dayjsPaths.startOf(date, unit));
hot.add = (value, amount, unit) => {
  const date = asDate(value);
  return isDay(unit)
    ? new Date(
        date.getFullYear(),
        date.getMonth(),
        date.getDate() + amount,
        date.getHours(),
        date.getMinutes(),
        date.getSeconds(),
        date.getMilliseconds(),
      )
    : dayjsPaths.add(date, amount, unit);
};
hot.diff = (a, b, unit) => {
  if (!isDay(unit)) return dayjsPaths.diff(a, b, unit);
  // As dayjs: whole days between the two local wall clocks, truncated towards zero.
  const [from, to] = [asDate(a), asDate(b)];
  const zoneDelta = (to.getTimezoneOffset() - from.getTimezoneOffset()) * 60_000;
  return Math.trunc((+to - +from - zoneDelta) / DAY) || 0;
};
hot.ceil = (date, unit) => {
  if (!isDay(unit)) return dayjsPaths.ceil(date, unit);
  const floor = new Date(dayStart(date));
  return +floor === +asDate(date) ? floor : new Date(floor.getFullYear(), floor.getMonth(), floor.getDate() + 1);
};
hot.min = (a, b) => new Date(Math.min(+a, +b));
hot.max = (a, b) => new Date(Math.max(+a, +b));
hot.isSameDate = (a, b) => dayStart(a) === dayStart(b);
hot.daySpan = daySpan;
hot.sortEvents = ({ evtA, evtB }) =>
  dayStart(evtA.start) - dayStart(evtB.start) ||
  daySpan(evtB.start, evtB.end) - daySpan(evtA.start, evtA.end) ||
  Number(!!evtB.allDay) - Number(!!evtA.allDay) ||
  +evtA.start - +evtB.start ||
  +evtA.end - +evtB.end;
hot.inEventRange = ({ event, range }) => {
  const minute = (time: number) => Math.floor(time / 60_000);
  const startsBeforeEnd = dayStart(event.start) <= dayStart(range.end);
  // A class ending exactly at midnight where it starts (zero length) still counts on that day.
  const zeroLength = minute(dayStart(event.start)) === minute(+event.end);
  const end = minute(+event.end);
  const endsAfterStart = zeroLength ? end >= minute(+range.start) : end > minute(+range.start);
  return startsBeforeEnd && endsAfterStart;
};

export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  source: TScheduleEvent;
  /** Where the class stands when the range was loaded (classState): each state has its own look. */
  state: TClassState;
}

/** The reply's classes as calendar events, their times read on the centre's wall clock. */
export function toEvents(classes: readonly TScheduleEvent[], zone: string, now = new Date()): CalendarEvent[] {
  return classes.map((source) => ({
    state: classState(source, now),
    id: source.id,
    title: source.studentNames.length
      ? `${source.course.name} · ${source.studentNames.join(', ')}`
      : source.course.name,
    start: toWallDate(source.startAt, zone),
    end: toWallDate(source.endAt, zone),
    source,
  }));
}

/** The wall-clock days a view shows, [start, end): what the range query asks for. */
export function visibleRange(date: Date, view: View): { start: Date; end: Date } {
  const day = dayjs(date).startOf('day');
  switch (view) {
    case 'month':
      return {
        start: localizer.firstVisibleDay(date, localizer),
        end: dayjs(localizer.lastVisibleDay(date, localizer)).add(1, 'day').startOf('day').toDate(),
      };
    case 'week':
    case 'work_week': {
      const start = day.startOf('week');
      return { start: start.toDate(), end: start.add(7, 'day').toDate() };
    }
    case 'agenda':
      return { start: day.toDate(), end: day.add(AGENDA_DAYS, 'day').toDate() };
    default:
      return { start: day.toDate(), end: day.add(1, 'day').toDate() };
  }
}
export const AGENDA_DAYS = 30;

/**
 * Teacher colours are '#rrggbb'; text on them is black or white, whichever contrasts more. One of the
 * two always reaches at least 4.58:1, so every teacher colour keeps its text readable (WCAG 1.4.3).
 */
export function textOn(colour: string): string {
  return /^#[0-9a-f]{6}$/i.test(colour) ? readableTextOn(colour) : '#fff';
}

export interface BackgroundEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  /** A teacher's window or time off (background); or, for a range of too many classes, a day's count (issue 24). */
  kind: 'available' | 'timeOff' | 'dayCount';
  allDay?: boolean;
}

/**
 * A range of too many classes (issue 24): each day's count as an all-day box ("312 classes") that
 * opens the day; `date` is the centre's local day, drawn on the same wall-clock date.
 */
export function dayCountEvents(days: readonly { date: string; classes: number }[], label: (count: number) => string) {
  return days.map(({ date, classes }): BackgroundEvent => {
    const [y, m, d] = date.split('-').map(Number);
    return {
      id: `count-${date}`,
      title: label(classes),
      start: new Date(y, m - 1, d),
      end: new Date(y, m - 1, d + 1),
      kind: 'dayCount',
      allDay: true,
    };
  });
}

/** A teacher's weekly windows and time off inside [start, end), as background events. */
export function availabilityEvents(
  availability: TAvailability,
  range: { start: Date; end: Date },
  zone: string,
  labels: { available: string; timeOff: string },
): BackgroundEvent[] {
  const events: BackgroundEvent[] = [];
  for (let day = dayjs(range.start); day.isBefore(range.end); day = day.add(1, 'day')) {
    const weekday = day.day() === 0 ? 7 : day.day();
    for (const window of availability.windows.filter((w) => w.weekday === weekday)) {
      const [sh, sm] = window.startTime.split(':').map(Number);
      const [eh, em] = window.endTime.split(':').map(Number);
      events.push({
        id: `a-${day.format('YYYY-MM-DD')}-${window.startTime}`,
        title: labels.available,
        start: day.hour(sh).minute(sm).toDate(),
        end: day.hour(eh).minute(em).toDate(),
        kind: 'available',
      });
    }
  }
  for (const off of availability.timeOff) {
    const start = toWallDate(off.startAt, zone);
    const end = toWallDate(off.endAt, zone);
    if (end > range.start && start < range.end) {
      events.push({ id: `t-${off.id}`, title: off.reason || labels.timeOff, start, end, kind: 'timeOff' });
    }
  }
  return events;
}

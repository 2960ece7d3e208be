import type { CSSProperties } from 'react';
import type { Formats, View } from 'react-big-calendar';
import type { TClassState } from '@/contracts/class-state';
import type { Formatter } from '@/utils/format';
import type { BackgroundEvent, CalendarEvent } from './calendar';
import { textOn } from './calendar';

// Module-level constants: the calendar compares its props by identity, and a new accessor or getter
// each render makes every event re-render (the library's known slowness with many events).

/** The seed's views: Month, Week, Work Week, Day, Agenda (Today is the toolbar's button). */
export const VIEWS: View[] = ['month', 'week', 'work_week', 'day', 'agenda'];

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;
const span = ({ start, end }: { start: Date; end: Date }) => `${hhmm(start)}–${hhmm(end)}`;
/** A wall-clock Date's day, 'YYYY-MM-DD'. */
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const range =
  (label: Formatter['rangeLabel']) =>
  ({ start, end }: { start: Date; end: Date }) =>
    label(dayOf(start), dayOf(end));

/**
 * The calendar's dates and times from useFormat: 24-hour times, ISO-like days, the month as the
 * language writes it ("November 2026", "2026年11月"). One object per formatter (the calendar compares
 * props by identity).
 */
export function calendarFormats(format: Formatter): Formats {
  return {
    timeGutterFormat: (date: Date) => hhmm(date),
    eventTimeRangeFormat: span,
    eventTimeRangeStartFormat: ({ start }) => `${hhmm(start)} –`,
    eventTimeRangeEndFormat: ({ end }) => `– ${hhmm(end)}`,
    selectRangeFormat: span,
    agendaTimeRangeFormat: span,
    agendaTimeFormat: (date: Date) => hhmm(date),
    agendaDateFormat: (date: Date) => format.dayLabel(dayOf(date)),
    agendaHeaderFormat: range(format.rangeLabel),
    dayRangeHeaderFormat: range(format.rangeLabel),
    dayHeaderFormat: (date: Date) => format.dayLabel(dayOf(date)),
    monthHeaderFormat: (date: Date) => format.monthLabel(dayOf(date)),
    dayFormat: (date: Date) => format.dayLabel(dayOf(date)).replace(dayOf(date), dayOf(date).slice(5)),
  };
}

export const DEFAULT_COLOUR = '#1890ff';
const styles = new Map<string, { style: CSSProperties; className?: string }>();
/** Marks of a state that are not the teacher's colour (the legend shows them). */
export const STATE_MARKS: Record<TClassState, CSSProperties> = {
  UPCOMING: {},
  AWAITING_CONFIRMATION: { boxShadow: 'inset 5px 0 0 #ad4e00', borderStyle: 'dashed', borderColor: '#ad4e00' },
  OVERDUE: { boxShadow: 'inset 5px 0 0 #a8071a', borderStyle: 'solid', borderColor: '#a8071a', borderWidth: 2 },
  COMPLETED: { backgroundColor: '#fff', color: '#000', borderStyle: 'solid' },
  CANCELLED: { backgroundColor: '#f0f0f0', color: '#434343', textDecoration: 'line-through', borderStyle: 'dotted' },
};

/**
 * The teacher's colour with black or white text (contrast >= 4.5:1); each state has its own marks:
 * awaiting confirmation a dashed orange edge, overdue a red one, completed white with the teacher's
 * colour as its edge, cancelled grey and struck through.
 */
export function eventStyle(event: CalendarEvent | BackgroundEvent) {
  // react-big-calendar 1.20 styles time-grid background events through this getter too.
  if (!('source' in event)) return backgroundEventStyle(event);
  return stateLook(event.source.teacher.colour ?? DEFAULT_COLOUR, event.state);
}

/** The look of a class of this teacher colour in this state (cached: the calendar compares by identity). */
export function stateLook(colour: string, state: TClassState) {
  const key = `${colour}|${state}`;
  let look = styles.get(key);
  if (!look) {
    const solid = state !== 'COMPLETED' && state !== 'CANCELLED';
    look = {
      style: {
        backgroundColor: colour,
        color: textOn(colour),
        borderColor: 'rgba(0,0,0,0.35)',
        borderWidth: 1,
        ...STATE_MARKS[state],
        ...(solid ? {} : { boxShadow: `inset 5px 0 0 ${colour}` }),
      },
      className: `schedule-event schedule-event-${state.toLowerCase()}`,
    };
    styles.set(key, look);
  }
  return look;
}

// Clicks go through to the slot beneath (a class is booked inside a window by clicking it).
const background = { border: 'none', opacity: 1, pointerEvents: 'none' } as const;
const AVAILABLE = { style: { ...background, backgroundColor: 'rgba(82,196,26,0.14)', color: '#389e0d' } };
const TIME_OFF = { style: { ...background, backgroundColor: 'rgba(0,0,0,0.08)', color: 'rgba(0,0,0,0.45)' } };
// A day's count of a range of too many classes (issue 24): a neutral box that opens the day.
const DAY_COUNT = {
  style: { backgroundColor: '#f0f0f0', color: 'rgba(0,0,0,0.88)', border: '1px solid #8c8c8c', cursor: 'pointer' },
  className: 'schedule-day-count',
};
export function backgroundEventStyle(event: CalendarEvent | BackgroundEvent) {
  if ('kind' in event && event.kind === 'dayCount') return DAY_COUNT;
  return 'kind' in event && event.kind === 'timeOff' ? TIME_OFF : AVAILABLE;
}

/** Only planned classes move (a completed one is reopened first). */
export function isDraggable(event: CalendarEvent | BackgroundEvent): boolean {
  return 'source' in event && event.source.status === 'PLANNED';
}

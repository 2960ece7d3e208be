import type { CSSProperties } from 'react';
import type { Formats, View } from 'react-big-calendar';
import type { BackgroundEvent, CalendarEvent } from './calendar';
import { textOn } from './calendar';

// Module-level constants: the calendar compares its props by identity, and a new accessor or getter
// each render makes every event re-render (the library's known slowness with many events).

/** The seed's views: Month, Week, Work Week, Day, Agenda (Today is the toolbar's button). */
export const VIEWS: View[] = ['month', 'week', 'work_week', 'day', 'agenda'];

const hhmm = (date: Date) =>
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
const span = ({ start, end }: { start: Date; end: Date }) => `${hhmm(start)}–${hhmm(end)}`;

/** 24-hour times, as the class form types them. */
export const calendarFormats: Formats = {
  timeGutterFormat: (date: Date) => hhmm(date),
  eventTimeRangeFormat: span,
  eventTimeRangeStartFormat: ({ start }) => `${hhmm(start)} –`,
  eventTimeRangeEndFormat: ({ end }) => `– ${hhmm(end)}`,
  selectRangeFormat: span,
  agendaTimeRangeFormat: span,
  agendaTimeFormat: (date: Date) => hhmm(date),
};

const DEFAULT_COLOUR = '#1890ff';
const styles = new Map<string, { style: CSSProperties; className?: string }>();

/** The teacher's colour; a completed class is marked, a cancelled one faded and struck through. */
export function eventStyle(event: CalendarEvent | BackgroundEvent) {
  // react-big-calendar 1.20 styles time-grid background events through this getter too.
  if (!('source' in event)) return backgroundEventStyle(event);
  const colour = event.source.teacher.colour ?? DEFAULT_COLOUR;
  const key = `${colour}|${event.source.status}`;
  let look = styles.get(key);
  if (!look) {
    const cancelled = event.source.status === 'CANCELLED';
    look = {
      style: {
        backgroundColor: colour,
        color: textOn(colour),
        borderColor: 'rgba(0,0,0,0.15)',
        opacity: cancelled ? 0.45 : 1,
        textDecoration: cancelled ? 'line-through' : undefined,
      },
      className: `schedule-event schedule-event-${event.source.status.toLowerCase()}`,
    };
    styles.set(key, look);
  }
  return look;
}

// Clicks go through to the slot beneath (a class is booked inside a window by clicking it).
const background = { border: 'none', opacity: 1, pointerEvents: 'none' } as const;
const AVAILABLE = { style: { ...background, backgroundColor: 'rgba(82,196,26,0.14)', color: '#389e0d' } };
const TIME_OFF = { style: { ...background, backgroundColor: 'rgba(0,0,0,0.08)', color: 'rgba(0,0,0,0.45)' } };
export function backgroundEventStyle(event: CalendarEvent | BackgroundEvent) {
  return 'kind' in event && event.kind === 'timeOff' ? TIME_OFF : AVAILABLE;
}

/** Only planned classes move (a completed one is reopened first). */
export function isDraggable(event: CalendarEvent | BackgroundEvent): boolean {
  return 'source' in event && event.source.status === 'PLANNED';
}

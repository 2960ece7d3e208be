import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { createContext, type KeyboardEvent, type ReactNode, useContext } from 'react';
import type { TClassState } from '@/contracts/class-state';
import type { BackgroundEvent, CalendarEvent } from './calendar';

/** Opens a class's details (Enter or Space on a focused event). */
export const OpenEventContext = createContext<(id: number) => void>(() => undefined);

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

export const STATE_ICONS: Record<TClassState, ReactNode> = {
  UPCOMING: null,
  AWAITING_CONFIRMATION: <ClockCircleOutlined aria-hidden />,
  OVERDUE: <ExclamationCircleOutlined aria-hidden />,
  COMPLETED: <CheckCircleOutlined aria-hidden />,
  CANCELLED: <StopOutlined aria-hidden />,
};

/** The teacher of a class, with "covering for ..." while a substitute teaches it (issue 22). */
export function useTeacherText() {
  const intl = useIntl();
  return (source: CalendarEvent['source']) =>
    source.originalTeacher
      ? `${source.teacher.name} (${intl.formatMessage({ id: 'cover.coveringFor' }, { name: source.originalTeacher.name })})`
      : source.teacher.name;
}

/** The whole text of a class: time, course, teacher, students and state (tooltip and accessible name). */
export function useEventText() {
  const intl = useIntl();
  const teacherText = useTeacherText();
  return (event: CalendarEvent) =>
    [
      `${hhmm(event.start)}–${hhmm(event.end)}`,
      event.source.course.name,
      teacherText(event.source),
      event.source.studentNames.join(', '),
      intl.formatMessage({ id: `scheduleNow.state.${event.state}` }),
    ]
      .filter(Boolean)
      .join(' · ');
}

/**
 * A class in the calendar: its state's icon, course and teacher as space allows; the full text as its
 * tooltip and, on keyboard focus, in a box beside it. `focusable` for month and agenda views, whose
 * event boxes cannot take focus themselves (the week and day views' boxes are buttons already).
 */
function EventBody({
  event,
  focusable,
  time,
}: {
  event: CalendarEvent | BackgroundEvent;
  focusable: boolean;
  time?: boolean;
}) {
  const open = useContext(OpenEventContext);
  const text = useEventText();
  const teacherText = useTeacherText();
  if (!('source' in event)) return <span>{event.title}</span>;
  const full = text(event);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    open(event.id);
  };
  return (
    <span
      className="schedule-event-body"
      {...(focusable ? { role: 'button', tabIndex: 0, title: full, onKeyDown } : {})}
    >
      {STATE_ICONS[event.state]} {time && <span className="schedule-event-time">{hhmm(event.start)}</span>}{' '}
      <span>{event.source.course.name}</span>
      <span className="schedule-event-teacher">{` · ${teacherText(event.source)}`}</span>
      <span className="schedule-event-full" aria-hidden>
        {full}
      </span>
    </span>
  );
}

export const FocusableEvent = ({ event }: { event: CalendarEvent | BackgroundEvent }) => (
  <EventBody event={event} focusable time />
);
/** The agenda has its own time column. */
export const AgendaEvent = ({ event }: { event: CalendarEvent | BackgroundEvent }) => (
  <EventBody event={event} focusable />
);
export const TimeEvent = ({ event }: { event: CalendarEvent | BackgroundEvent }) => (
  <EventBody event={event} focusable={false} />
);

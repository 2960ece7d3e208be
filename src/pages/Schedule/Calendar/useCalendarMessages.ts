import { useMemo } from 'react';

type T = (id: string, values?: Record<string, string | number>) => string;

/** The calendar's toolbar and view texts in the user's language. */
export function useCalendarMessages(t: T) {
  return useMemo(
    () => ({
      today: t('schedules.calendar.today'),
      previous: t('schedules.calendar.previous'),
      next: t('schedules.calendar.next'),
      month: t('schedules.calendar.month'),
      week: t('schedules.calendar.week'),
      work_week: t('schedules.calendar.workWeek'),
      day: t('schedules.calendar.day'),
      agenda: t('schedules.calendar.agenda'),
      date: t('schedules.calendar.date'),
      time: t('schedules.calendar.time'),
      event: t('schedules.calendar.event'),
      allDay: t('schedules.calendar.allDay'),
      noEventsInRange: t('schedules.calendar.none'),
      showMore: (count: number) => t('schedules.calendar.more', { count }),
    }),
    [t],
  );
}

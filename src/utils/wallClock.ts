import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_FORMAT } from './format';

dayjs.extend(utc);
dayjs.extend(timezone);

// The centre's wall clock: what a date picker or a time input shows and what the server stores
// (instants in UTC). The browser's own zone never takes part: a teacher abroad still sees the
// centre's 16:00.

function zoneOrDefault(zone: string | undefined): string {
  if (!zone) return DEFAULT_FORMAT.timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_FORMAT.timeZone;
  }
}

/** An instant as the centre's wall clock: { day: 'YYYY-MM-DD', time: 'HH:mm' }. */
export function wallClockOf(instant: string, zone: string | undefined) {
  const local = dayjs.utc(instant).tz(zoneOrDefault(zone));
  return { day: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}

/** A wall-clock day and time in the centre's zone as an ISO instant ('...Z'). */
export function instantOf(day: string, time: string, zone: string | undefined): string {
  return dayjs.tz(`${day} ${time}`, zoneOrDefault(zone)).toISOString();
}

/**
 * A span typed as times only, on `day`: the end that is not after the start is on the next day (a
 * class 23:00–00:00 ends at the next midnight, not 23 hours before it begins).
 */
export function spanOf(day: string, start: string, end: string, zone: string | undefined) {
  const startAt = instantOf(day, start, zone);
  let endAt = instantOf(day, end, zone);
  if (endAt <= startAt) endAt = instantOf(dayjs(day).add(1, 'day').format('YYYY-MM-DD'), end, zone);
  return { startAt, endAt };
}

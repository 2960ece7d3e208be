import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_FORMAT } from '../../utils/format';

dayjs.extend(utc);
dayjs.extend(timezone);

// Classes are instants (UTC); people read and type them as wall-clock times in the centre's zone.
// These helpers convert between the two through the IANA database (dayjs tz), never a fixed offset.

const checkedZones = new Map<string, string>();
/** The zone itself, or the default centre's when the browser does not know it (checked once per zone). */
export function knownZone(zone: string): string {
  let known = checkedZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = zone;
    } catch {
      known = DEFAULT_FORMAT.timeZone;
    }
    checkedZones.set(zone, known);
  }
  return known;
}

/** The instant of a wall-clock day ('YYYY-MM-DD') and time ('HH:mm', '24:00' = next midnight) in `zone`. */
export function instantOf(day: string, time: string, zone: string): string {
  return dayjs.tz(`${day} ${time}`, knownZone(zone)).toISOString();
}

/** The wall-clock day and time of an instant in `zone`. */
export function wallOf(instant: string, zone: string): { day: string; time: string } {
  const local = dayjs.utc(instant).tz(knownZone(zone));
  return { day: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}

/** ISO weekday (1 Monday ... 7 Sunday) of a day 'YYYY-MM-DD'. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partFormats.set(zone, format);
  }
  return format;
}

/**
 * A browser Date whose local wall clock reads what the centre's clock reads at `instant`. The
 * calendar draws browser-local Dates, so it shows the centre's day and hours wherever the reader is.
 * One cached Intl format per zone: thousands of events convert in a few milliseconds (dayjs's tz()
 * builds a new formatter per call, the cost behind slow zoned calendars).
 */
export function toWallDate(instant: string | Date, zone: string): Date {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(knownZone(zone)).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/** The instant (ISO UTC) of a wall-clock Date from the calendar, read in the centre's zone. */
export function fromWallDate(date: Date, zone: string): string {
  return instantOf(dayjs(date).format('YYYY-MM-DD'), dayjs(date).format('HH:mm'), zone);
}

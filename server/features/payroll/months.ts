import { DateTime } from 'luxon';
import { fieldError } from '../../http/errors';
import { t } from '../../i18n/text';

// Pay periods are calendar months of the centre's time zone, named 'YYYY-MM'; a class belongs to the
// month of its teacher start's local date.

export interface MonthRange {
  month: string;
  /** First and last day, 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  /** The local month as UTC instants: [start, end). */
  start: Date;
  end: Date;
}

function zoneOrDefault(zone: string): string {
  return DateTime.now().setZone(zone).isValid ? zone : 'America/Toronto';
}

export function monthRange(month: string, zone: string): MonthRange {
  const [year, number] = month.split('-').map(Number);
  const first = DateTime.fromObject({ year, month: number, day: 1 }, { zone: zoneOrDefault(zone) });
  const next = first.plus({ months: 1 });
  return {
    month,
    startDate: first.toFormat('yyyy-MM-dd'),
    endDate: next.minus({ days: 1 }).toFormat('yyyy-MM-dd'),
    start: first.toJSDate(),
    end: next.toJSDate(),
  };
}

/** The local month of an instant. */
export function monthOf(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone: zoneOrDefault(zone) }).toFormat('yyyy-MM');
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${month.slice(0, 4)}-${String(number + 1).padStart(2, '0')}`;
}

/** A @db.Date column (a period's startDate) as its month. */
export const monthOfDate = (day: Date) => day.toISOString().slice(0, 7);

/** 'YYYY-MM' to the Date of its first day as a @db.Date column stores it. */
export const firstDayOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * The month asked about must have begun (400 naming `month` for a future one); `mustBeOver` also
 * refuses the current month (409: a month closes once it is over).
 */
export function checkMonth(month: string, zone: string, { mustBeOver = false, now = new Date() } = {}): MonthRange {
  const range = monthRange(month, zone);
  if (range.start > now)
    throw fieldError('month', t('{month} has not begun yet: pick a month up to the current one', { month }));
  if (mustBeOver && range.end > now) {
    const message = t('{month} is not over yet (it ends on {endDate}, {zone}): a month closes once it has ended', {
      month,
      endDate: range.endDate,
      zone,
    });
    throw fieldError('month', message, { code: 'conflict' });
  }
  return range;
}

import { DateTime } from 'luxon';
import { MAX_SERIES_OCCURRENCES, type TSlot } from '../../../src/contracts/schedules';
import { fieldError } from '../../http/errors';
import { t } from '../../i18n/text';

// Local wall-clock arithmetic in an IANA zone, through luxon's zone database: a weekly 16:00 class is
// 16:00 local on both sides of a daylight-saving change (its UTC instant moves instead).

export interface Occurrence {
  startAt: Date;
  endAt: Date;
}

/** An instant's day ('YYYY-MM-DD'), wall-clock time ('HH:mm') and ISO weekday in `zone`. */
export function localParts(instant: Date, zone: string) {
  const local = DateTime.fromJSDate(instant, { zone });
  return { date: local.toISODate() as string, time: local.toFormat('HH:mm'), weekday: local.weekday };
}

/**
 * The instant of wall-clock `time` ('HH:mm', '24:00' = the next midnight) on `date` in `zone`. A time
 * the clocks skip (spring forward) moves later by the gap, as RFC 5545 does.
 */
export function atLocal(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const midnight = DateTime.fromObject({ year, month, day }, { zone });
  if (hour === 24) return midnight.plus({ days: 1 }).toJSDate();
  return DateTime.fromObject({ year, month, day, hour, minute }, { zone }).toJSDate();
}

/** `date` ('YYYY-MM-DD') plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() as string;
}

/** Whole calendar days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface SeriesPlan {
  /** The first class as typed; its local day is the series' first date. */
  first: Occurrence;
  slots: TSlot[];
  untilDate?: string;
  count?: number;
  zone: string;
  /** The centre's closures (local days, inclusive): no class of the series falls on them. */
  closed?: readonly { startDate: string; endDate: string }[];
}

const TOO_MANY = t('A series makes at most {max} classes: end it sooner', { max: MAX_SERIES_OCCURRENCES });

/**
 * The classes of a weekly series in time order: the first class, then every slot's occurrence on its
 * weekday at its local wall-clock times from the first class's local day on, until `untilDate`
 * (inclusive) or until `count` classes in all. Slot occurrences starting before the first class (or at
 * the same instant: that is the first class) are left out, so the class the operator drew is the first.
 * Days of a closure are skipped (the first class's too) and do not count towards `count`.
 */
export function expandSeries(plan: SeriesPlan): Occurrence[] {
  const firstDate = localParts(plan.first.startAt, plan.zone).date;
  if (plan.untilDate !== undefined && plan.untilDate < firstDate)
    throw fieldError('repeat.untilDate', "The repetition ends on or after the first class's day");
  const isClosed = (date: string) => (plan.closed ?? []).some((c) => c.startDate <= date && date <= c.endDate);
  const occurrences: Occurrence[] = isClosed(firstDate) ? [] : [plan.first];
  const limit = plan.count ?? MAX_SERIES_OCCURRENCES + 1;
  const firstStart = plan.first.startAt.getTime();
  const lastDate = plan.untilDate ?? addDays(firstDate, 7 * (limit + 1));
  for (let date = firstDate; date <= lastDate && occurrences.length <= limit; date = addDays(date, 1)) {
    if (isClosed(date)) continue;
    const weekday = DateTime.fromISO(date, { zone: 'UTC' }).weekday;
    const today = plan.slots
      .filter((slot) => slot.weekday === weekday)
      .map((slot) => ({
        startAt: atLocal(date, slot.startTime, plan.zone),
        endAt: atLocal(date, slot.endTime, plan.zone),
      }))
      .filter((o, i, all) => o.startAt.getTime() > firstStart && all.findIndex((p) => +p.startAt === +o.startAt) === i)
      .sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    occurrences.push(...today);
  }
  if (plan.count === undefined && occurrences.length > MAX_SERIES_OCCURRENCES)
    throw fieldError('repeat.untilDate', TOO_MANY);
  if (!occurrences.length) throw fieldError('repeat', 'Every class of this series falls on a closure of the centre');
  return occurrences.slice(0, limit);
}

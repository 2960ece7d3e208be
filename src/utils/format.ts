import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What formatting needs to know about the centre (GET /api/account's organisation) and the reader. */
export interface FormatSettings {
  /** ISO 4217 code, e.g. 'CAD'. */
  currency: string;
  /** IANA zone, e.g. 'America/Toronto'. */
  timeZone: string;
  /** The UI language, e.g. 'en-US' or 'zh-CN'. */
  locale: string;
}

/** DECISIONS.md "Money and time": the defaults of a centre that has not chosen. */
export const DEFAULT_FORMAT: FormatSettings = { currency: 'CAD', timeZone: 'America/Toronto', locale: 'en-US' };

export interface Formatter {
  /** A 2-decimal amount ("1200.00") with the centre's currency: "CA$1,200.00"; '' for none. */
  money: (amount: string | number | null | undefined) => string;
  /** A calendar date ('YYYY-MM-DD') as it is: calendar dates have no zone. '' for none. */
  date: (day: string | null | undefined) => string;
  /** The day of a UTC timestamp in the centre's zone ('YYYY-MM-DD'). */
  dayOf: (timestamp: string | null | undefined) => string;
  /** A UTC timestamp in the centre's zone ('YYYY-MM-DD HH:mm'). */
  dateTime: (timestamp: string | null | undefined) => string;
  /** The 24-hour time of a UTC timestamp in the centre's zone ('HH:mm'), in every language. */
  time: (timestamp: string | null | undefined) => string;
  /** Today in the centre's zone ('YYYY-MM-DD'). */
  today: () => string;
  /** A day with its weekday: "Wednesday 2026-11-25", "2026-11-25 星期三". */
  dayLabel: (day: string) => string;
  /** A month: "November 2026", "2026年11月". */
  monthLabel: (day: string) => string;
  /** A range of days: "2026-11-25 – 2026-12-25" (one day when both are the same). */
  rangeLabel: (from: string, to: string) => string;
}

/** 'YYYY-MM-DD' plus a number of days (calendar arithmetic, no zone). */
export const addDays = (day: string, days: number) => dayjs.utc(day.slice(0, 10)).add(days, 'day').format('YYYY-MM-DD');

/** Builds the formatters once per centre and language (Intl.NumberFormat is costly to create). */
export function makeFormatter(settings: Partial<FormatSettings> = {}): Formatter {
  // A setting given as undefined (the platform user has no centre) keeps its default.
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const { currency, timeZone, locale } = { ...DEFAULT_FORMAT, ...given };
  let number: Intl.NumberFormat;
  try {
    number = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    // An unknown code must not break every list: show the amount with the code after it.
    number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  const zone = isZone(timeZone) ? timeZone : DEFAULT_FORMAT.timeZone;
  const inZone = (timestamp: string) => dayjs.utc(timestamp).tz(zone);
  // Weekday and month names in the reader's language; the numbers stay ISO in every language.
  const names = (options: Intl.DateTimeFormatOptions) => {
    const intl = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return (day: string) => intl.format(dayjs.utc(day.slice(0, 10)).toDate());
  };
  const weekday = names({ weekday: 'long' });
  const month = names({ year: 'numeric', month: 'long' });
  const chinese = locale.toLowerCase().startsWith('zh');
  return {
    money: (amount) => {
      if (amount === null || amount === undefined || amount === '') return '';
      // Anything that shows as zero is 0: "-0.00" (a reversal of nothing, a zero credit) is never "-CA$0.00".
      const parsed = Number(amount);
      const value = Math.abs(parsed) < 0.005 ? 0 : parsed;
      if (!Number.isFinite(value)) return String(amount);
      const text = number.format(value);
      return number.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
    },
    date: (day) => (day ? day.slice(0, 10) : ''),
    dayOf: (timestamp) => (timestamp ? inZone(timestamp).format('YYYY-MM-DD') : ''),
    dateTime: (timestamp) => (timestamp ? inZone(timestamp).format('YYYY-MM-DD HH:mm') : ''),
    time: (timestamp) => (timestamp ? inZone(timestamp).format('HH:mm') : ''),
    today: () => dayjs().tz(zone).format('YYYY-MM-DD'),
    dayLabel: (day) => (chinese ? `${day.slice(0, 10)} ${weekday(day)}` : `${weekday(day)} ${day.slice(0, 10)}`),
    monthLabel: month,
    rangeLabel: (from, to) =>
      from.slice(0, 10) === to.slice(0, 10) ? from.slice(0, 10) : `${from.slice(0, 10)} – ${to.slice(0, 10)}`,
  };
}

function isZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

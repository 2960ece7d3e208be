// Calendar days of the centre's time zone as UTC instants, for filters on timestamps.

const DAY_MS = 86_400_000;

// One formatter per zone: building an Intl.DateTimeFormat costs ~0.3 ms, which a download of
// 16,000 classes (two times each) paid 32,000 times (10 s); formatting with a built one is cheap.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** An instant as a Date whose UTC fields are its wall-clock time in `timeZone`, to the second. */
export function wallClockIn(instant: Date, timeZone: string): Date {
  const part = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return new Date(Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second));
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms; negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockIn(new Date(instant), timeZone).getTime() - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the day `date` ('YYYY-MM-DD') begins in `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - offsetAt(midnightUtc, timeZone);
  // A second pass settles days on which the offset changes (daylight saving).
  return new Date(midnightUtc - offsetAt(first, timeZone));
}

/** The instant at which the day after `date` begins in `timeZone` (the exclusive end of `date`). */
export function endOfDayIn(date: string, timeZone: string): Date {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return startOfDayIn(next, timeZone);
}

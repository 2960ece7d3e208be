import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_FORMAT } from '../../utils/format';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Today's date ('YYYY-MM-DD') where the centre is, not where the browser is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  } catch {
    // An unknown zone must not break the form: the default centre's day.
    return dayjs(now).tz(DEFAULT_FORMAT.timeZone).format('YYYY-MM-DD');
  }
}

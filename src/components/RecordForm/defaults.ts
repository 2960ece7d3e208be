import { useModel } from '@umijs/max';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_FORMAT } from '@/utils/format';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Today's date ('YYYY-MM-DD') where the centre is, not where the browser is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  } catch {
    return dayjs(now).tz(DEFAULT_FORMAT.timeZone).format('YYYY-MM-DD');
  }
}

/** The signed-in user's centre: its time zone and currency, and who is signed in. */
export function useCentre() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  return {
    userId: user?.id,
    isAdmin: user?.authorities.includes('ROLE_ADMIN') ?? false,
    timeZone: user?.organisation?.timeZone ?? DEFAULT_FORMAT.timeZone,
    currency: user?.organisation?.currency ?? DEFAULT_FORMAT.currency,
  };
}

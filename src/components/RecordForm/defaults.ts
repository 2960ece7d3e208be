import { useModel } from '@umijs/max';
import { DEFAULT_FORMAT } from '@/utils/format';

export { todayIn } from './today';

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

import { useModel } from '@umijs/max';
import { DEFAULT_FORMAT } from './format';

/** The signed-in user's centre's IANA zone (America/Toronto when the centre has not chosen). */
export function useCentreZone(): string {
  const { initialState } = useModel('@@initialState');
  return initialState?.currentUser?.organisation?.timeZone ?? DEFAULT_FORMAT.timeZone;
}

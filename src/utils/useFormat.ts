import { getLocale, useModel } from '@umijs/max';
import { useMemo } from 'react';
import { type Formatter, makeFormatter } from './format';

/** Money and dates as the signed-in user's centre shows them (its currency and time zone). */
export function useFormat(): Formatter {
  const { initialState } = useModel('@@initialState');
  const organisation = initialState?.currentUser?.organisation;
  const locale = getLocale();
  return useMemo(
    () => makeFormatter({ currency: organisation?.currency, timeZone: organisation?.timeZone, locale }),
    [organisation?.currency, organisation?.timeZone, locale],
  );
}

import { useIntl } from '@umijs/max';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { THousehold } from '@/contracts/households';
import { showRequestError } from '@/requestErrorConfig';
import { getHousehold } from '@/services/households';
import { toRequestFailure } from '@/utils/requestError';
import HouseholdPanel from '.';

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; household: THousehold }
  | { state: 'missing' }
  | { state: 'failed' };

/** Loads household `id` and shows it (the household page, the student's Household tab). */
export default function HouseholdLoader({ id }: { id: number }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetch = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    getHousehold(id)
      .then((household) => live && setLoad({ state: 'loaded', household }))
      .catch((error: unknown) => {
        if (!live) return;
        if (toRequestFailure(error).status === 404) return setLoad({ state: 'missing' });
        showRequestError(error);
        setLoad({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(fetch, [fetch]);

  if (load.state === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;
  if (load.state === 'missing') return <Result status="404" title={t('households.notFound')} />;
  if (load.state === 'failed') {
    return <Result status="warning" extra={<Button onClick={fetch}>{t('common.retry')}</Button>} />;
  }
  return (
    <HouseholdPanel household={load.household} onChange={(household) => setLoad({ state: 'loaded', household })} />
  );
}

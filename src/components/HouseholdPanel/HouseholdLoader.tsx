import { useIntl } from '@umijs/max';
import { Button, Result, Spin } from 'antd';
import { useCallback } from 'react';
import { getHousehold } from '@/services/households';
import { useRecordLoad } from '@/utils/useRecordLoad';
import HouseholdPanel from '.';

/** Loads household `id` and shows it (the household page, the student's Household tab). */
export default function HouseholdLoader({ id }: { id: number }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const { load, retry, set } = useRecordLoad(useCallback(() => getHousehold(id), [id]));

  if (load.state === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;
  if (load.state === 'missing') return <Result status="404" title={t('households.notFound')} />;
  if (load.state === 'failed') {
    return <Result status="warning" extra={<Button onClick={retry}>{t('common.retry')}</Button>} />;
  }
  return <HouseholdPanel household={load.record} onChange={set} />;
}

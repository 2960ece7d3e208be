import { useIntl } from '@umijs/max';
import { Button, Card, Grid, Result, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import PageContainer from '@/components/PageContainer';
import NotificationSettingsCard from '@/pages/Profile/components/NotificationSettingsCard';
import CalendarFeed from '@/pages/Schedule/TeacherAvailability/components/CalendarFeed';
import { myCalendarFeed, newMyCalendarFeed, revokeMyCalendarFeed } from '@/services/schedules';

type Load = { state: 'loading' | 'failed' } | { state: 'loaded'; feedPath: string | null };

/** /accountSettings (teachers): their notification settings and the calendar feed of their classes. */
export default function AccountSettingsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const phone = !Grid.useBreakpoint().md;

  const fetch = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    myCalendarFeed()
      .then(({ feedPath }) => live && setLoad({ state: 'loaded', feedPath }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, []);
  useEffect(fetch, [fetch]);

  return (
    <PageContainer
      title={t('scheduleViews.account.title')}
      token={phone ? { paddingInlinePageContainerContent: 16 } : undefined}
    >
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
        <NotificationSettingsCard />
        {load.state === 'loading' && <Spin style={{ display: 'block', margin: 48 }} />}
        {load.state === 'failed' && (
          <Card title={t('scheduleViews.feed.title')}>
            <Result
              status="warning"
              title={t('scheduleViews.feed.failed')}
              extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
            />
          </Card>
        )}
        {load.state === 'loaded' && (
          <CalendarFeed
            feedPath={load.feedPath}
            create={newMyCalendarFeed}
            revoke={revokeMyCalendarFeed}
            onChange={(feedPath) => setLoad({ state: 'loaded', feedPath })}
          />
        )}
      </Space>
    </PageContainer>
  );
}

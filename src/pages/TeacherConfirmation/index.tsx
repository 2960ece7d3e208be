import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Badge, Button, Empty, Flex, Grid, message, Result, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { TMyClasses, TSchedule } from '@/contracts/schedules';
import { failureText } from '@/pages/Schedule/TableView/components/labels';
import { showRequestError } from '@/requestErrorConfig';
import { confirmMyClass, myClasses } from '@/services/schedules';
import { toRequestFailure } from '@/utils/requestError';
import { useCentreZone } from '@/utils/useCentreZone';
import ClassCard from './components/ClassCard';
import ConfirmDrawer from './components/ConfirmDrawer';

type Load = { state: 'loading' } | { state: 'loaded'; classes: TMyClasses } | { state: 'failed' };
type Section = keyof TMyClasses;

/**
 * /teacherConfirmation: the signed-in teacher's classes, phone first. Classes awaiting confirmation
 * (past, still Planned) on top, then today's and the upcoming ones; confirm in one tap or with changes.
 */
export default function TeacherConfirmationPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const zone = useCentreZone();
  // A phone's width goes to the cards, not to the page's 40 px margins.
  const phone = !Grid.useBreakpoint().md;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<number>();
  const [changing, setChanging] = useState<TSchedule>();

  const fetch = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    myClasses()
      .then((classes) => live && setLoad({ state: 'loaded', classes }))
      // The shared request handler has shown the failure (and signs out on a 401).
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, []);
  useEffect(fetch, [fetch]);

  // A confirmed class stays where the teacher tapped it, now Completed (the list is reloaded on the next visit).
  const replace = (saved: TSchedule) =>
    setLoad((current) => {
      if (current.state !== 'loaded') return current;
      const swap = (list: TSchedule[]) => list.map((s) => (s.id === saved.id ? saved : s));
      const { awaiting, today, upcoming } = current.classes;
      return { state: 'loaded', classes: { awaiting: swap(awaiting), today: swap(today), upcoming: swap(upcoming) } };
    });
  const confirmAsPlanned = async (schedule: TSchedule) => {
    setBusy(schedule.id);
    try {
      replace(await confirmMyClass(schedule.id, {}));
      message.success(t('scheduleViews.confirm.done'));
    } catch (error) {
      if (toRequestFailure(error).status === 401) showRequestError(error);
      else message.error(failureText(error, t));
    } finally {
      setBusy(undefined);
    }
  };

  const body = (): ReactNode => {
    if (load.state === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;
    if (load.state === 'failed') {
      return (
        <Result
          status="warning"
          title={t('scheduleViews.confirm.failed')}
          extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
        />
      );
    }
    const section = (key: Section, titleId: string, emptyId: string) => {
      const list = load.classes[key];
      const open = list.filter((s) => s.status === 'PLANNED').length;
      return (
        <section key={key} aria-label={t(titleId)} style={{ marginBottom: 24 }}>
          <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(titleId)}
            </Typography.Title>
            {key === 'awaiting' && <Badge count={open} />}
          </Flex>
          {list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(emptyId)} />
          ) : (
            <Flex vertical gap={12}>
              {list.map((s) => (
                <ClassCard
                  key={s.id}
                  schedule={s}
                  zone={zone}
                  busy={busy === s.id}
                  onConfirm={() => confirmAsPlanned(s)}
                  onConfirmWithChanges={() => setChanging(s)}
                />
              ))}
            </Flex>
          )}
        </section>
      );
    };
    return (
      <>
        {section('awaiting', 'scheduleViews.confirm.awaiting', 'scheduleViews.confirm.noneAwaiting')}
        {section('today', 'scheduleViews.confirm.today', 'scheduleViews.confirm.noneToday')}
        {section('upcoming', 'scheduleViews.confirm.upcoming', 'scheduleViews.confirm.noneUpcoming')}
      </>
    );
  };

  return (
    <PageContainer
      title={t('scheduleViews.confirm.title')}
      token={phone ? { paddingInlinePageContainerContent: 16 } : undefined}
    >
      <div style={{ maxWidth: 640 }}>{body()}</div>
      <ConfirmDrawer
        open={!!changing}
        schedule={changing}
        zone={zone}
        onClose={() => setChanging(undefined)}
        confirm={(schedule, data) => confirmMyClass(schedule.id, data)}
        onConfirmed={(saved) => {
          replace(saved);
          setChanging(undefined);
          message.success(t('scheduleViews.confirm.done'));
        }}
      />
    </PageContainer>
  );
}

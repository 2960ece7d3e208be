import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Badge, Button, Empty, Flex, Grid, message, Result, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { feedbackDue } from '@/components/FeedbackForm/service';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import type { TMyClasses, TSchedule } from '@/contracts/schedules';
import { failureText } from '@/pages/Schedule/TableView/components/labels';
import { showRequestError } from '@/requestErrorConfig';
import { confirmMyClass, myClasses } from '@/services/schedules';
import { toRequestFailure } from '@/utils/requestError';
import { useCentreZone } from '@/utils/useCentreZone';
import ClassCard from './components/ClassCard';
import ConfirmDrawer from './components/ConfirmDrawer';

// The feedback editor loads when first opened (it brings the forms' fields and the preview).
const FeedbackDrawer = lazyForm(() => import('@/components/FeedbackForm'));

type Classes = TMyClasses & { feedbackDue: TSchedule[] };
type Load = { state: 'loading' } | { state: 'loaded'; classes: Classes } | { state: 'failed' };
type Section = keyof Classes;

/**
 * /teacherConfirmation: the signed-in teacher's classes, phone first. Classes awaiting confirmation
 * (past, still Planned) on top, then completed classes still waiting for their feedback, today's and the
 * upcoming ones; confirm in one tap or with changes, and write, preview and submit each class's feedback.
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
  const [feedbackOf, setFeedbackOf] = useState<number>();

  const fetch = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    Promise.all([myClasses(), feedbackDue()])
      .then(([classes, due]) => live && setLoad({ state: 'loaded', classes: { ...classes, feedbackDue: due } }))
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
      const { awaiting, today, upcoming, feedbackDue: due } = current.classes;
      return {
        state: 'loaded',
        classes: { awaiting: swap(awaiting), today: swap(today), upcoming: swap(upcoming), feedbackDue: swap(due) },
      };
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
            {key === 'feedbackDue' && <Badge count={list.length} color="orange" />}
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
                  onFeedback={() => setFeedbackOf(s.id)}
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
        {load.classes.feedbackDue.length > 0 && section('feedbackDue', 'feedback.due.title', 'feedback.due.none')}
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
      <FeedbackDrawer
        open={feedbackOf !== undefined}
        scheduleId={feedbackOf}
        access="teacher"
        onClose={() => setFeedbackOf(undefined)}
        onChanged={(feedback) => {
          // A submitted class leaves the list of feedback to write.
          if (!feedback.submittedAt) return;
          setLoad((current) =>
            current.state === 'loaded'
              ? {
                  state: 'loaded',
                  classes: {
                    ...current.classes,
                    feedbackDue: current.classes.feedbackDue.filter((s) => s.id !== feedback.schedule.id),
                  },
                }
              : current,
          );
        }}
      />
    </PageContainer>
  );
}

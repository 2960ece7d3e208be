import { useIntl, useModel } from '@umijs/max';
import { Alert, Badge, Button, Empty, Flex, Grid, message, Result, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { feedbackDue } from '@/components/FeedbackForm/service';
import PageContainer from '@/components/PageContainer';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import type { TConfirmBody, TSchedule } from '@/contracts/schedules';
import { failureText } from '@/pages/Schedule/TableView/components/labels';
import { showRequestError } from '@/requestErrorConfig';
import { confirmMyClass, myClasses } from '@/services/schedules';
import { toRequestFailure } from '@/utils/requestError';
import { isNetworkFailure } from '@/utils/teacherOffline/send';
import { keepClasses, keptClasses, type PageClasses, type QueuedConfirmation } from '@/utils/teacherOffline/store';
import { useCentreZone } from '@/utils/useCentreZone';
import { wallClockOf } from '@/utils/wallClock';
import ClassCard, { RefusalNotice } from './components/ClassCard';
import ConfirmDrawer from './components/ConfirmDrawer';
import { newIdempotencyKey, useConfirmationQueue } from './useConfirmationQueue';

// The feedback editor loads when first opened (it brings the forms' fields and the preview).
const FeedbackDrawer = lazyForm(() => import('@/components/FeedbackForm'));

type Classes = PageClasses;
/** `savedAt`: the list could not be loaded (no network) and is the one kept on this phone then. */
type Load = { state: 'loading' } | { state: 'loaded'; classes: Classes; savedAt?: string } | { state: 'failed' };
type Section = Exclude<keyof Classes, 'covered'>;

const REFUSAL_TEXTS: Record<string, string> = {
  classchanged: 'teacherOffline.refused.changed',
  confirmed: 'teacherOffline.refused.confirmed',
  cancelled: 'teacherOffline.refused.cancelled',
  notstarted: 'teacherOffline.refused.notStarted',
};

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
  const userId = useModel('@@initialState').initialState?.currentUser?.id;

  // Confirmed classes stay where the teacher tapped them, now Completed (the list is reloaded on the next visit).
  const replace = useCallback(
    (saved: TSchedule[]) =>
      setLoad((current) => {
        if (current.state !== 'loaded') return current;
        const byId = new Map(saved.map((s) => [s.id, s]));
        const swap = (list: TSchedule[]) => list.map((s) => byId.get(s.id) ?? s);
        const { awaiting, today, upcoming, feedbackDue: due } = current.classes;
        return {
          ...current,
          classes: { awaiting: swap(awaiting), today: swap(today), upcoming: swap(upcoming), feedbackDue: swap(due) },
        };
      }),
    [],
  );
  // Sent from the queue: shown at once, then the list is read again, as a list requested before the
  // send may answer after it (only the latest request's answer is shown).
  const reload = useRef<() => void>(undefined);
  const sent = useCallback(
    (saved: TSchedule[]) => {
      replace(saved);
      reload.current?.();
    },
    [replace],
  );
  const queue = useConfirmationQueue(userId, sent);
  const { sync } = queue;
  const latest = useRef(0);

  /** Loads the list (quietly: without the spinner, when coming back online); offline, the kept one. */
  const fetch = useCallback(
    (quiet = false) => {
      const request = ++latest.current;
      let live = true;
      if (!quiet) setLoad({ state: 'loading' });
      Promise.all([myClasses(), feedbackDue()])
        .then(([classes, due]) => {
          if (!live || request !== latest.current) return;
          setLoad({ state: 'loaded', classes: { ...classes, feedbackDue: due } });
          void sync();
        })
        // The shared request handler has shown the failure (the network notice; signs out on a 401).
        .catch(async (error) => {
          const kept = userId !== undefined && isNetworkFailure(error) ? await keptClasses(userId) : undefined;
          if (!live || request !== latest.current) return;
          if (kept) setLoad({ state: 'loaded', classes: kept.classes, savedAt: kept.savedAt });
          else if (!quiet) setLoad({ state: 'failed' });
        });
      return () => {
        live = false;
      };
    },
    [userId, sync],
  );
  useEffect(() => fetch(), [fetch]);
  useEffect(() => {
    reload.current = () => fetch(true);
  }, [fetch]);
  useEffect(() => {
    // Back online: the queue first, then the list as the server has it now.
    const online = () =>
      void sync()
        .catch(() => undefined)
        .then(() => fetch(true));
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [fetch, sync]);
  // Each list the server gave (and the classes confirmed on it since) is kept for reading offline.
  useEffect(() => {
    if (load.state === 'loaded' && !load.savedAt && userId !== undefined)
      keepClasses(userId, load.classes).catch(() => undefined);
  }, [load, userId]);

  /**
   * Sends a confirmation now, or keeps it on the phone when there is no network (never sent twice:
   * the key made here goes with every send). Resolves with the class to show, or undefined if queued.
   */
  const confirmOrQueue = async (schedule: TSchedule, data: TConfirmBody) => {
    const body = { ...data, idempotencyKey: newIdempotencyKey(), version: schedule.version };
    if (navigator.onLine) {
      try {
        return await confirmMyClass(schedule.id, body);
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
      }
    }
    await queue.enqueue(schedule, body);
    return undefined;
  };
  const confirmAsPlanned = async (schedule: TSchedule) => {
    setBusy(schedule.id);
    try {
      const saved = await confirmOrQueue(schedule, {});
      if (saved) replace([saved]);
      if (saved) message.success(t('scheduleViews.confirm.done'));
      else message.info(t('teacherOffline.queued'));
    } catch (error) {
      if (toRequestFailure(error).status === 401) showRequestError(error);
      else message.error(failureText(error, t));
    } finally {
      setBusy(undefined);
    }
  };

  const refusalText = (item: QueuedConfirmation) => {
    const refusal = item.refusal;
    if (!refusal) return '';
    const id = refusal.errorKey ? REFUSAL_TEXTS[refusal.errorKey] : undefined;
    return id ? t(id) : refusal.errorMessage || t('teacherOffline.refused.other', { status: refusal.status });
  };
  const savedTime = (instant: string) => {
    const { day, time } = wallClockOf(instant, zone);
    return `${day} ${time}`;
  };
  const queuedFor = (id: number) => queue.items.find((item) => item.scheduleId === id && !item.refusal);
  const refusedFor = (id: number) => queue.items.find((item) => item.scheduleId === id && item.refusal);

  const body = (): ReactNode => {
    if (load.state === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;
    if (load.state === 'failed') {
      return (
        <Result
          status="warning"
          title={t('scheduleViews.confirm.failed')}
          extra={<Button onClick={() => fetch()}>{t('common.retry')}</Button>}
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
              {list.map((s) => {
                const refused = refusedFor(s.id);
                return (
                  <ClassCard
                    key={s.id}
                    schedule={s}
                    zone={zone}
                    busy={busy === s.id}
                    onConfirm={() => confirmAsPlanned(s)}
                    onConfirmWithChanges={() => setChanging(s)}
                    onFeedback={() => setFeedbackOf(s.id)}
                    waitingSince={queuedFor(s.id)?.queuedAt}
                    refusal={
                      refused && {
                        text: refusalText(refused),
                        onDismiss: () => queue.dismiss(refused.idempotencyKey).then(() => fetch(true)),
                      }
                    }
                  />
                );
              })}
            </Flex>
          )}
        </section>
      );
    };
    const listed = new Set(
      Object.values(load.classes).flatMap((list: TSchedule[] | undefined) => (list ?? []).map((s) => s.id)),
    );
    // A refused class that left the list (cancelled, confirmed by the centre) still shows its refusal.
    const unlisted = queue.items.filter((item) => item.refusal && !listed.has(item.scheduleId));
    return (
      <>
        {load.savedAt && (
          <Alert
            type="warning"
            showIcon
            data-testid="offline-kept-list"
            style={{ marginBottom: 16 }}
            message={t('teacherOffline.offlineNote', { when: savedTime(load.savedAt) })}
            description={t('teacherOffline.offlineHint')}
          />
        )}
        {unlisted.map((item) => {
          const when = wallClockOf(item.schedule.startAt, zone);
          return (
            <RefusalNotice
              key={item.idempotencyKey}
              title={t('teacherOffline.refusedClass', {
                course: item.schedule.course.name,
                when: `${when.day} ${when.time}`,
              })}
              text={refusalText(item)}
              onDismiss={() => queue.dismiss(item.idempotencyKey)}
            />
          );
        })}
        {section('awaiting', 'scheduleViews.confirm.awaiting', 'scheduleViews.confirm.noneAwaiting')}
        {load.classes.feedbackDue.length > 0 && section('feedbackDue', 'feedback.due.title', 'feedback.due.none')}
        {section('today', 'scheduleViews.confirm.today', 'scheduleViews.confirm.noneToday')}
        {section('upcoming', 'scheduleViews.confirm.upcoming', 'scheduleViews.confirm.noneUpcoming')}
        {(load.classes.covered ?? []).length > 0 && (
          <section aria-label={t('cover.coveredTitle')} style={{ marginBottom: 24 }} data-testid="covered-classes">
            <Typography.Title level={4} style={{ margin: '0 0 4px' }}>
              {t('cover.coveredTitle')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('cover.coveredHint')}</Typography.Paragraph>
            <Flex vertical gap={12}>
              {(load.classes.covered ?? []).map((s) => (
                <ClassCard
                  key={s.id}
                  schedule={s}
                  zone={zone}
                  busy={false}
                  covered
                  onConfirm={() => undefined}
                  onConfirmWithChanges={() => undefined}
                />
              ))}
            </Flex>
          </section>
        )}
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
        confirm={async (schedule, data) => (await confirmOrQueue(schedule, data)) ?? schedule}
        onConfirmed={(saved) => {
          setChanging(undefined);
          // Queued: the class comes back unchanged (still Planned) and shows as waiting to send.
          if (saved.status !== 'COMPLETED') return void message.info(t('teacherOffline.queued'));
          replace([saved]);
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

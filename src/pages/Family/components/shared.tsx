import { useIntl, useModel, useSearchParams } from '@umijs/max';
import { Alert, Button, Card, Flex, message, Segmented, Space, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { TPortalHome, TPortalLesson } from '@/contracts/portal';
import { portalHome } from '@/services/portal';
import type { Formatter } from '@/utils/format';
import { keepPage, keptPage } from '@/utils/portalOffline';
import { toRequestFailure } from '@/utils/requestError';

export type T = (id: string, values?: Record<string, string | number>) => string;

export function useT(): T {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

/** `savedAt`: shown from what this device kept, the server being out of reach (offline). */
type Load<V> = { state: 'loading' } | { state: 'loaded'; value: V; savedAt?: string } | { state: 'failed' };

/** A refusal by the server is an answer; no answer at all (offline, or the server down) is not. */
const unreachable = (error: unknown) => {
  const failure = toRequestFailure(error);
  return failure.noResponse === true || (failure.status ?? 0) >= 500;
};

/**
 * Loads `fetch()` whenever `key` changes; `reload` loads again. With `keepAs`, the answer is kept on
 * the device for the signed-in user (src/utils/portalOffline.ts) and shown, with its time, when the
 * server cannot be reached.
 */
export function useLoad<V>(fetch: () => Promise<V>, key: string, keepAs?: string) {
  const userId = useModel('@@initialState').initialState?.currentUser?.id;
  const [load, setLoad] = useState<Load<V>>({ state: 'loading' });
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what fetch depends on.
  useEffect(() => {
    let live = true;
    setLoad((current) => (current.state === 'loaded' ? current : { state: 'loading' }));
    fetch().then(
      (value) => {
        if (!live) return;
        setLoad({ state: 'loaded', value });
        if (keepAs && userId) void keepPage(userId, keepAs, value).catch(() => undefined);
      },
      async (error: unknown) => {
        const kept =
          keepAs && userId && unreachable(error) ? await keptPage<V>(userId, keepAs).catch(() => undefined) : undefined;
        if (!live) return;
        setLoad(kept ? { state: 'loaded', value: kept.value, savedAt: kept.savedAt } : { state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { load, reload };
}

/** Whether the browser says it is online, kept up to date. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The family's one offline notice (issue 37, finding 10), in the page's flow so that it covers nothing:
 * what is shown and from when, in family words. The staff's floating notice is not shown to families
 * (src/utils/serviceWorker.ts).
 */
export function OfflineNote({ savedAt, fmt }: { savedAt?: string; fmt: Formatter }) {
  const t = useT();
  const online = useOnline();
  if (!savedAt && online) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="portal-offline-note"
      style={{ marginBottom: 12 }}
      message={savedAt ? t('portal.offline', { when: fmt.dateTime(savedAt) }) : t('portal.offline.now')}
      description={t('portal.offline.changes')}
    />
  );
}

/** The household (home) once per page: the child picker's children. */
export function useHome() {
  return useLoad<TPortalHome>(portalHome, 'home', 'home');
}

export function Failed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      type="warning"
      showIcon
      message={t('portal.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('portal.retry')}
        </Button>
      }
    />
  );
}

/** The child in the address (?child=), else the first; `all` adds "All children" (no child). */
export function useChild(children: { id: number }[] | undefined, all = false) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('child'));
  const known = children?.some((c) => c.id === asked);
  const child = known ? asked : all ? undefined : children?.[0]?.id;
  const pick = (id: number | undefined) => {
    const next = new URLSearchParams(params);
    if (id === undefined) next.delete('child');
    else next.set('child', String(id));
    setParams(next);
  };
  return [child, pick] as const;
}

export function ChildPicker({
  kids: children,
  value,
  onChange,
  all,
}: {
  kids: { id: number; name: string }[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  all?: boolean;
}) {
  const t = useT();
  if (children.length < 2 && !all) return null;
  const options = [
    ...(all ? [{ label: t('portal.feedback.all'), value: 0 }] : []),
    ...children.map((c) => ({ label: c.name, value: c.id })),
  ];
  return (
    <Segmented
      aria-label={t('portal.child.pick')}
      block
      options={options}
      value={value ?? 0}
      onChange={(v) => onChange(v === 0 ? undefined : Number(v))}
      style={{ marginBottom: 16 }}
    />
  );
}

/** "Wednesday 2026-11-25 · 16:00–17:00" in the centre's zone. */
export const whenText = (fmt: Formatter, lesson: { startAt: string; endAt: string }) =>
  `${fmt.dayLabel(fmt.dayOf(lesson.startAt))} · ${fmt.time(lesson.startAt)}–${fmt.time(lesson.endAt)}`;

const ATTENDANCE_COLOURS = { ATTENDED: 'green', ABSENT: 'red', EXCUSED: 'gold', NO_SHOW: 'volcano' } as const;
const STATUS_COLOURS = { PLANNED: 'blue', COMPLETED: 'default', CANCELLED: 'default' } as const;

export function AttendanceTag({ attendance }: { attendance: TPortalLesson['attendance'] }) {
  const t = useT();
  if (!attendance) return null;
  return <Tag color={ATTENDANCE_COLOURS[attendance]}>{t(`portal.lesson.attendance.${attendance}`)}</Tag>;
}

export function LessonCard({ lesson, fmt, extra }: { lesson: TPortalLesson; fmt: Formatter; extra?: ReactNode }) {
  const t = useT();
  return (
    <Card size="small" style={{ marginBottom: 8 }}>
      <Flex vertical gap={2}>
        <Typography.Text strong>{whenText(fmt, lesson)}</Typography.Text>
        <Typography.Text>
          {lesson.course} · {t('portal.lesson.with', { teacher: lesson.teacher })}
        </Typography.Text>
        {/* Where (issue 23): the site and room, then the address (the lesson's own or the site's). */}
        {lesson.location || lesson.room ? (
          <Typography.Text data-testid="lesson-room">
            {[lesson.location, lesson.room].filter(Boolean).join(' · ')}
          </Typography.Text>
        ) : null}
        {(lesson.place ?? lesson.address) ? (
          <Typography.Text type="secondary">{lesson.place ?? lesson.address}</Typography.Text>
        ) : null}
        <Space size={4} wrap>
          {lesson.status !== 'COMPLETED' ? (
            <Tag color={STATUS_COLOURS[lesson.status]}>{t(`portal.lesson.status.${lesson.status}`)}</Tag>
          ) : null}
          <AttendanceTag attendance={lesson.attendance} />
          {lesson.hasFeedback ? <Tag color="purple">{t('portal.lesson.hasFeedback')}</Tag> : null}
          {extra}
        </Space>
      </Flex>
    </Card>
  );
}

/** Runs a download; a failure says so. */
export function useDownload() {
  const t = useT();
  return (run: () => Promise<void>) => run().catch(() => message.error(t('portal.downloadFailed')));
}

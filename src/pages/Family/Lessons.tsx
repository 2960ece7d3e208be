import { Button, Empty, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import MakeUpCreditsPanel from '@/components/MakeUps/MakeUpCreditsPanel';
import PageContainer from '@/components/PageContainer';
import type { TBookMakeUpBody } from '@/contracts/lessons';
import type { TPortalLesson } from '@/contracts/portal';
import { portalBookMakeUp, portalCredits, portalMakeUpOptions } from '@/services/lessons';
import { childLessons } from '@/services/portal';
import { useFormat } from '@/utils/useFormat';
import CancelLessonSheet from './components/CancelLessonSheet';
import FullClasses from './components/FullClasses';
import { ChildPicker, Failed, LessonCard, OfflineNote, useChild, useHome, useLoad, useT } from './components/shared';

type When = 'upcoming' | 'past' | 'makeups';

const PAGE_SIZE = 10;

/**
 * /family/lessons: a child's upcoming and past lessons with attendance, as cards; "Cancel" on an
 * upcoming one (the consequence shown first), and the child's make-up credits with "Book a make-up" and the full classes of the child's courses to wait for.
 */
export default function FamilyLessons() {
  const t = useT();
  const fmt = useFormat();
  const home = useHome();
  const children = home.load.state === 'loaded' ? home.load.value.children : undefined;
  const [child, pick] = useChild(children);
  const [when, setWhen] = useState<When>('upcoming');
  const [cancelling, setCancelling] = useState<TPortalLesson>();
  const [page, setPage] = useState(1);
  const { load, reload } = useLoad(
    () =>
      child && when !== 'makeups'
        ? childLessons(child, { when, current: page, pageSize: PAGE_SIZE })
        : Promise.resolve(undefined),
    `${child}-${when}-${page}`,
    `lessons-${child}-${when}-${page}`,
  );
  const list = load.state === 'loaded' ? load.value : undefined;
  return (
    <PageContainer title={t('portal.lessons.title')}>
      {home.load.state === 'failed' ? <Failed onRetry={home.reload} /> : null}
      {children ? (
        <ChildPicker
          kids={children}
          value={child}
          onChange={(id) => {
            setPage(1);
            pick(id);
          }}
        />
      ) : null}
      <Segmented
        block
        aria-label={t('portal.lessons.title')}
        options={[
          { label: t('portal.lessons.upcoming'), value: 'upcoming' },
          { label: t('portal.lessons.past'), value: 'past' },
          { label: t('lessons.credits.segment'), value: 'makeups' },
        ]}
        value={when}
        onChange={(v) => {
          setPage(1);
          setWhen(v as When);
        }}
        style={{ marginBottom: 16 }}
      />
      {load.state === 'loaded' ? <OfflineNote savedAt={load.savedAt} fmt={fmt} /> : null}
      {load.state === 'failed' ? <Failed onRetry={reload} /> : null}
      {load.state === 'loading' || home.load.state === 'loading' ? <Skeleton active /> : null}
      {list && list.data.length === 0 ? <Empty description={t('portal.lessons.empty')} /> : null}
      {when === 'makeups' && child ? <ChildMakeUps key={child} child={child} /> : null}
      {when === 'makeups' && child ? <FullClasses key={`full-${child}`} child={child} /> : null}
      {list?.data.map((lesson) => (
        <LessonCard
          key={lesson.id}
          lesson={lesson}
          fmt={fmt}
          extra={
            lesson.cancelledBy ? (
              <Tag>{t(`lessons.cancelled.${lesson.cancelledBy}`)}</Tag>
            ) : when === 'upcoming' && lesson.status === 'PLANNED' ? (
              <Button
                size="small"
                danger
                data-testid={`cancel-lesson-${lesson.id}`}
                onClick={() => setCancelling(lesson)}
              >
                {t('lessons.portal.cancel')}
              </Button>
            ) : null
          }
        />
      ))}
      {list && list.total > PAGE_SIZE ? (
        <Pagination simple current={page} pageSize={PAGE_SIZE} total={list.total} onChange={setPage} />
      ) : null}
      <CancelLessonSheet
        lesson={cancelling}
        childId={child}
        onClose={() => setCancelling(undefined)}
        onDone={() => {
          setCancelling(undefined);
          reload();
        }}
      />
    </PageContainer>
  );
}

/** The child's make-up credits; "Book a make-up" into a class with a free seat. */
function ChildMakeUps({ child }: { child: number }) {
  return (
    <MakeUpCreditsPanel
      desk={false}
      load={useCallback(() => portalCredits(child), [child])}
      loadOptions={useCallback((creditId: number) => portalMakeUpOptions(child, creditId), [child])}
      book={useCallback(
        // The portal books into a class only: the dialog offers nothing else without `desk`.
        (body: TBookMakeUpBody) =>
          'scheduleId' in body
            ? portalBookMakeUp(child, { creditId: Number(body.creditId), scheduleId: Number(body.scheduleId) })
            : Promise.reject(new Error('A class is required')),
        [child],
      )}
    />
  );
}

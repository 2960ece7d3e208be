import { Empty, Pagination, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import PageContainer from '@/components/PageContainer';
import { childLessons } from '@/services/portal';
import { useFormat } from '@/utils/useFormat';
import { ChildPicker, Failed, LessonCard, OfflineNote, useChild, useHome, useLoad, useT } from './components/shared';

const PAGE_SIZE = 10;

/** /family/lessons: a child's upcoming and past lessons with attendance, as cards. */
export default function FamilyLessons() {
  const t = useT();
  const fmt = useFormat();
  const home = useHome();
  const children = home.load.state === 'loaded' ? home.load.value.children : undefined;
  const [child, pick] = useChild(children);
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [page, setPage] = useState(1);
  const { load, reload } = useLoad(
    () => (child ? childLessons(child, { when, current: page, pageSize: PAGE_SIZE }) : Promise.resolve(undefined)),
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
        ]}
        value={when}
        onChange={(v) => {
          setPage(1);
          setWhen(v as 'upcoming' | 'past');
        }}
        style={{ marginBottom: 16 }}
      />
      {load.state === 'loaded' ? <OfflineNote savedAt={load.savedAt} fmt={fmt} /> : null}
      {load.state === 'failed' ? <Failed onRetry={reload} /> : null}
      {load.state === 'loading' || home.load.state === 'loading' ? <Skeleton active /> : null}
      {list && list.data.length === 0 ? <Empty description={t('portal.lessons.empty')} /> : null}
      {list?.data.map((lesson) => (
        <LessonCard key={lesson.id} lesson={lesson} fmt={fmt} />
      ))}
      {list && list.total > PAGE_SIZE ? (
        <Pagination simple current={page} pageSize={PAGE_SIZE} total={list.total} onChange={setPage} />
      ) : null}
    </PageContainer>
  );
}

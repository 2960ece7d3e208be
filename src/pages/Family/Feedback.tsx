import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TPortalFeedback } from '@/contracts/portal';
import { downloadFeedbackPdf, portalFeedback } from '@/services/portal';
import type { Formatter } from '@/utils/format';
import { useFormat } from '@/utils/useFormat';
import {
  ChildPicker,
  Failed,
  OfflineNote,
  useChild,
  useDownload,
  useHome,
  useLoad,
  useT,
  whenText,
} from './components/shared';

const PAGE_SIZE = 10;

function Section({ title, body }: { title: string; body: string }) {
  if (!body.trim()) return null;
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 8, marginBottom: 2 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{body}</Typography.Paragraph>
    </>
  );
}

function FeedbackCard({ item, fmt }: { item: TPortalFeedback; fmt: Formatter }) {
  const t = useT();
  const download = useDownload();
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={
        <Flex vertical style={{ whiteSpace: 'normal', paddingBlock: 4 }}>
          <Typography.Title level={2} style={{ fontSize: 15, margin: 0 }}>
            {item.course}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {whenText(fmt, item)} · {t('portal.lesson.with', { teacher: item.teacher })}
          </Typography.Text>
        </Flex>
      }
    >
      <Section title={t('portal.feedback.teachingContent')} body={item.teachingContent} />
      <Section title={t('portal.feedback.studentPerformance')} body={item.studentPerformance} />
      <Section title={t('portal.feedback.assignment')} body={item.assignment} />
      {item.children.map((child) => (
        <Section key={child.id} title={child.name} body={child.content} />
      ))}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 4 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('portal.feedback.submitted', { day: fmt.dayOf(item.submittedAt) })}
        </Typography.Text>
        <Button
          size="small"
          icon={<FilePdfOutlined />}
          aria-label={`${t('portal.feedback.pdf')} ${item.course} ${fmt.dayOf(item.startAt)}`}
          onClick={() => download(() => downloadFeedbackPdf(item.scheduleId))}
        >
          {t('portal.feedback.pdf')}
        </Button>
      </Flex>
    </Card>
  );
}

/** /family/feedback: the submitted feedback of the household's children, readable and as PDF. */
export default function FamilyFeedback() {
  const t = useT();
  const fmt = useFormat();
  const home = useHome();
  const children = home.load.state === 'loaded' ? home.load.value.children : undefined;
  const [child, pick] = useChild(children, true);
  const [page, setPage] = useState(1);
  const { load, reload } = useLoad(
    () => portalFeedback({ current: page, pageSize: PAGE_SIZE, ...(child ? { childId: child } : {}) }),
    `${child}-${page}`,
    `feedback-${child}-${page}`,
  );
  const list = load.state === 'loaded' ? load.value : undefined;
  return (
    <PageContainer title={t('portal.feedback.title')}>
      {home.load.state === 'failed' ? <Failed onRetry={home.reload} /> : null}
      {children && children.length > 1 ? (
        <ChildPicker
          all
          kids={children}
          value={child}
          onChange={(id) => {
            setPage(1);
            pick(id);
          }}
        />
      ) : null}
      {load.state === 'loaded' ? <OfflineNote savedAt={load.savedAt} fmt={fmt} /> : null}
      {load.state === 'failed' ? <Failed onRetry={reload} /> : null}
      {load.state === 'loading' ? <Skeleton active /> : null}
      {list && list.data.length === 0 ? <Empty description={t('portal.feedback.empty')} /> : null}
      {list?.data.map((item) => (
        <FeedbackCard key={item.scheduleId} item={item} fmt={fmt} />
      ))}
      {list && list.total > PAGE_SIZE ? (
        <Pagination simple current={page} pageSize={PAGE_SIZE} total={list.total} onChange={setPage} />
      ) : null}
    </PageContainer>
  );
}

import { Link, useIntl } from '@umijs/max';
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import { NotificationTag } from '@/components/FeedbackForm/StatusTags';
import type { TFeedbackIssue } from '@/contracts/feedback';
import type { Query } from '@/services/http';
import { useFormat } from '@/utils/useFormat';
import { feedbackIssues } from '../service';
import PagedCard from './PagedCard';
import { TABLE_MIN_WIDTH } from './TodayClasses';

const PAGE_SIZE = 4;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Completed classes whose feedback is missing or whose feedback emails failed, oldest first; each opens in the table view. */
export default function FeedbackIssues({ locationId, onLoaded }: { locationId?: number; onLoaded?: () => void }) {
  const load = useCallback((q: Query) => feedbackIssues({ ...q, ...(locationId ? { locationId } : {}) }), [locationId]);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();

  const columns: ColumnsType<TFeedbackIssue> = [
    {
      title: t('feedback.issues.class'),
      key: 'class',
      width: 100,
      render: (_, r) => (
        <Link to={`/schedule/table-view?id=${r.id}`} style={nowrap}>
          {format.dayOf(r.startAt)}
        </Link>
      ),
    },
    { title: t('feedback.issues.course'), key: 'course', ellipsis: true, render: (_, r) => r.course.name },
    { title: t('feedback.issues.teacher'), key: 'teacher', ellipsis: true, render: (_, r) => r.teacher.name },
    {
      title: t('common.status'),
      key: 'status',
      width: 130,
      render: (_, r) => <NotificationTag status={r.notificationStatus} t={t} />,
    },
  ];
  return (
    <PagedCard<TFeedbackIssue>
      title={t('feedback.issues.title')}
      extra={<Link to="/schedule/table-view">{t('feedback.issues.all')}</Link>}
      columns={columns}
      load={load}
      reloadKey={locationId}
      pageSize={PAGE_SIZE}
      emptyText={t('feedback.issues.empty')}
      testId="feedback-issues"
      minWidth={TABLE_MIN_WIDTH}
      onLoaded={onLoaded}
    />
  );
}

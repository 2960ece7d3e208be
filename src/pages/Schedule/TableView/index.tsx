import { DownloadOutlined } from '@ant-design/icons';
import { Link, useIntl, useSearchParams } from '@umijs/max';
import { Alert, Button, Popconfirm } from 'antd';
import { type Key, useEffect, useRef, useState } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TSchedule } from '@/contracts/schedules';
import type { Query } from '@/services/http';
import { cancelSchedule, cancelSchedules, confirmSchedule, listSchedules, reopenSchedule } from '@/services/schedules';
import { useFormat } from '@/utils/useFormat';
import ClassStudents from './components/ClassStudents';
import { showCancelReport } from './components/cancel-report';
import { hiddenScheduleColumns, scheduleColumns, scheduleFilters } from './components/columns';
import { runScheduleWrite } from './components/labels';
import OnlyClassText from './OnlyClassText';

// Loaded when opened: the class form brings zod and the schemas, the dialog the date pickers' logic.
const ScheduleForm = lazyForm(() => import('@/components/ScheduleForm'));
const DownloadDialog = lazyForm(() => import('./components/DownloadDialog'));
const FeedbackDrawer = lazyForm(() => import('@/components/FeedbackForm'));

const withoutPaging = ({ current: _c, pageSize: _p, ...filters }: Query) => filters;

/** /schedule/table-view: the centre's classes as a list, each row opening to its students' attendance. */
export default function ScheduleTablePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TSchedule>();
  const [downloading, setDownloading] = useState(false);
  // The filters of the last load: the download dialog starts from them.
  const filters = useRef<Query>({});
  const [dialogFilters, setDialogFilters] = useState<Query>({});
  // ?id= shows one class opened on its students' attendance (the voucher ledger links here).
  const [search] = useSearchParams();
  const onlyId = /^\d{1,9}$/.test(search.get('id') ?? '') ? Number(search.get('id')) : undefined;
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [feedbackOf, setFeedbackOf] = useState<number>();
  useEffect(() => setExpanded(onlyId ? [onlyId] : []), [onlyId]);

  const act = async (write: () => Promise<unknown>, successId: string) => {
    if (await runScheduleWrite(write, t(successId), t)) editor.reload();
  };
  const cancelSelected = async (rows: TSchedule[], clear: () => void) => {
    let reply: Awaited<ReturnType<typeof cancelSchedules>> | undefined;
    const done = await runScheduleWrite(
      async () => {
        reply = await cancelSchedules(rows.map((r) => r.id));
      },
      t('scheduleViews.table.cancelDone'),
      t,
    );
    if (!done || !reply) return;
    showCancelReport(reply, rows, t, format);
    clear();
    editor.reload();
  };

  const now = Date.now();
  const rowActions = (s: TSchedule): RowAction[] => [
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(s) },
    s.status === 'COMPLETED'
      ? {
          key: 'reopen',
          label: t('scheduleViews.action.reopen'),
          confirm: t('scheduleViews.action.reopenQuestion'),
          onClick: () => act(() => reopenSchedule(s.id), 'scheduleViews.action.reopened'),
        }
      : {
          key: 'confirm',
          label: t('scheduleViews.action.confirm'),
          confirm: t('scheduleViews.action.confirmQuestion'),
          disabledReason:
            s.status === 'CANCELLED'
              ? t('scheduleViews.action.cancelledNoConfirm')
              : Date.parse(s.startAt) > now
                ? t('scheduleViews.action.notStarted')
                : undefined,
          onClick: () => act(() => confirmSchedule(s.id, {}), 'scheduleViews.action.confirmed'),
        },
    {
      key: 'cancel',
      label: t('scheduleViews.action.cancel'),
      danger: true,
      confirm: t(
        s.status === 'COMPLETED' ? 'scheduleViews.action.cancelTaughtQuestion' : 'scheduleViews.action.cancelQuestion',
      ),
      disabledReason: s.status === 'CANCELLED' ? t('scheduleViews.action.alreadyCancelled') : undefined,
      onClick: () => act(() => cancelSchedule(s.id), 'scheduleViews.action.cancelled'),
    },
  ];

  return (
    <RecordListPage<TSchedule>
      key={onlyId ?? 'all'}
      listKey="schedules"
      title={t('scheduleViews.table.title')}
      params={onlyId ? { id: onlyId } : undefined}
      banner={
        onlyId ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={<OnlyClassText id={onlyId} />}
            action={<Link to="/schedule/table-view">{t('scheduleViews.table.showAll')}</Link>}
          />
        ) : undefined
      }
      actionRef={editor.actionRef}
      columns={scheduleColumns(t, format, (s) => setFeedbackOf(s.id))}
      filters={scheduleFilters(t)}
      hiddenColumns={hiddenScheduleColumns}
      request={(query) => {
        filters.current = withoutPaging(query);
        return listSchedules(query);
      }}
      headerTitle={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => {
            setDialogFilters(filters.current);
            setDownloading(true);
          }}
        >
          {t('scheduleViews.download.button')}
        </Button>
      }
      rowActions={rowActions}
      expandable={{
        expandedRowRender: (s) => <ClassStudents schedule={s} />,
        columnWidth: 40,
        expandedRowKeys: expanded,
        onExpandedRowsChange: setExpanded,
      }}
      batchActions={(selected, clear) => (
        <Popconfirm
          title={t('scheduleViews.table.confirmCancelSelected', { count: selected.length })}
          okText={t('scheduleViews.table.cancelSelected')}
          cancelText={t('scheduleViews.table.keep')}
          okButtonProps={{ danger: true }}
          onConfirm={() => cancelSelected(selected, clear)}
        >
          <Button size="small" danger>
            {t('scheduleViews.table.cancelSelected')}
          </Button>
        </Popconfirm>
      )}
      emptyText={t('scheduleViews.table.empty')}
    >
      <ScheduleForm {...editor.formProps} />
      <DownloadDialog open={downloading} onClose={() => setDownloading(false)} filters={dialogFilters} />
      <FeedbackDrawer
        open={feedbackOf !== undefined}
        scheduleId={feedbackOf}
        access="operator"
        onClose={() => setFeedbackOf(undefined)}
        onChanged={() => editor.reload()}
      />
    </RecordListPage>
  );
}

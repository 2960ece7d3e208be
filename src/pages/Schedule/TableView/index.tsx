import { DownloadOutlined } from '@ant-design/icons';
import { Link, useIntl, useSearchParams } from '@umijs/max';
import { Alert, Button } from 'antd';
import { type Key, useEffect, useRef, useState } from 'react';
import CancelLessonDialog from '@/components/MakeUps/CancelLessonDialog';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import { useCancelDialog } from '@/components/ScheduleForm/CancelDialog';
import { toldText } from '@/components/ScheduleForm/NotifyFields';
import type { TSchedule } from '@/contracts/schedules';
import type { Query } from '@/services/http';
import { cancelSchedule, cancelSchedules, confirmSchedule, listSchedules, reopenSchedule } from '@/services/schedules';
import { useFormat } from '@/utils/useFormat';
import { useLocations } from '@/utils/useLocations';
import ClassStudents from './components/ClassStudents';
import { showCancelReport } from './components/cancel-report';
import { hiddenScheduleColumns, scheduleColumns, scheduleFilters } from './components/columns';
import { runScheduleWrite } from './components/labels';
import OnlyClassText from './OnlyClassText';
import { useAddressQuery } from './useAddressQuery';

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
  const sites = useLocations();
  const editor = useRecordEditor<TSchedule>();
  const cancelDialog = useCancelDialog();
  const [downloading, setDownloading] = useState(false);
  // The filters of the last load: the download dialog starts from them.
  const filters = useRef<Query>({});
  const [dialogFilters, setDialogFilters] = useState<Query>({});
  // ?id= shows one class opened on its students' attendance (the voucher ledger links here).
  const [search] = useSearchParams();
  const onlyId = /^\d{1,9}$/.test(search.get('id') ?? '') ? Number(search.get('id')) : undefined;
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [feedbackOf, setFeedbackOf] = useState<number>();
  const [lessonOf, setLessonOf] = useState<TSchedule>();
  useEffect(() => setExpanded(onlyId ? [onlyId] : []), [onlyId]);
  // Filters, page and sort live in the address; a fresh visit opens on the next 7 days, soonest first.
  const address = useAddressQuery(format.today(), !onlyId);
  const { sort } = address.start;
  const columns = scheduleColumns(t, format, (s) => setFeedbackOf(s.id), sites).map((column) =>
    column.sorter
      ? {
          ...column,
          defaultSortOrder: sort?.field === column.key || sort?.field === column.dataIndex ? sort?.order : undefined,
        }
      : column,
  );

  const act = async (write: () => Promise<unknown>, successId: string) => {
    if (await runScheduleWrite(write, t(successId), t)) editor.reload();
  };
  const cancelOne = async (s: TSchedule) => {
    const choice = await cancelDialog.ask({
      title: t('scheduleViews.action.cancelQuestion'),
      detail: s.status === 'COMPLETED' ? t('scheduleViews.action.cancelTaughtQuestion') : undefined,
      count: 1,
    });
    if (!choice) return;
    const done = await runScheduleWrite(
      () => cancelSchedule(s.id, choice),
      (reply) => `${t('scheduleViews.action.cancelled')} ${toldText(t, reply.told)}`,
      t,
    );
    if (done) editor.reload();
  };
  const cancelSelected = async (rows: TSchedule[], clear: () => void) => {
    const choice = await cancelDialog.ask({
      title: t('scheduleViews.table.confirmCancelSelected', { count: rows.length }),
      count: rows.length,
    });
    if (!choice) return;
    let reply: Awaited<ReturnType<typeof cancelSchedules>> | undefined;
    const done = await runScheduleWrite(
      async () => {
        reply = await cancelSchedules(
          rows.map((r) => r.id),
          choice,
        );
        return reply;
      },
      (result) => `${t('scheduleViews.table.cancelDone')} ${toldText(t, result.told)}`,
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
      key: 'cancel-lesson',
      label: t('lessons.cancel.action'),
      disabledReason: s.status !== 'PLANNED' ? t('lessons.cancel.notPlanned') : undefined,
      onClick: () => setLessonOf(s),
    },
    {
      key: 'cancel',
      label: t('scheduleViews.action.cancel'),
      danger: true,
      disabledReason: s.status === 'CANCELLED' ? t('scheduleViews.action.alreadyCancelled') : undefined,
      onClick: () => cancelOne(s),
    },
  ];

  // The location and room filters and columns depend on the centre's locations: the list starts once
  // they are known (one small cached request), so a filter from the address is in the form from the start.
  if (!sites.loaded) return null;
  return (
    <RecordListPage<TSchedule>
      key={onlyId ?? `all-${address.remount}`}
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
      columns={onlyId ? scheduleColumns(t, format, (s) => setFeedbackOf(s.id), sites) : columns}
      filters={scheduleFilters(t, sites)}
      initial={onlyId ? undefined : address.start}
      hiddenColumns={hiddenScheduleColumns}
      request={(query) => {
        filters.current = withoutPaging(query);
        address.onQuery(query);
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
      rowName={(s) => `${s.course.name} ${format.dateTime(s.startAt)}`}
      batchActions={(selected, clear) => (
        <Button size="small" danger onClick={() => cancelSelected(selected, clear)}>
          {t('scheduleViews.table.cancelSelected')}
        </Button>
      )}
      emptyText={t('scheduleViews.table.empty')}
    >
      <ScheduleForm {...editor.formProps} />
      {cancelDialog.dialog}
      <CancelLessonDialog
        scheduleId={lessonOf?.id}
        students={lessonOf?.students.filter((x) => !x.cancelledBy) ?? []}
        onClose={() => setLessonOf(undefined)}
        onDone={() => {
          setLessonOf(undefined);
          editor.reload();
        }}
      />
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

import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import RecordListPage from '@/components/RecordListPage';
import type { TSchedule } from '@/contracts/schedules';
import { classColumns } from '@/pages/Schedule/TableView/components/columns';
import {
  AttendanceTag,
  durationText,
  SCHEDULE_STATUSES,
  StatusTag,
} from '@/pages/Schedule/TableView/components/labels';
import { listSchedules } from '@/services/schedules';
import { useFormat } from '@/utils/useFormat';

/** The student's classes in a from/to range (newest first), with status and this student's attendance. */
export default function ScheduleTab({ studentId }: { studentId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();

  const columns: ProColumns<TSchedule>[] = [
    ...classColumns(t, format, { course: 160, teacher: 130 }),
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, s) => <StatusTag status={s.status} t={t} />,
    },
    {
      title: t('scheduleViews.student.attendance'),
      key: 'attendance',
      width: 100,
      render: (_, s) => (
        <AttendanceTag attendance={s.students.find((x) => x.id === studentId)?.attendance ?? null} t={t} />
      ),
    },
    {
      title: t('scheduleViews.column.paymentType'),
      dataIndex: 'paymentType',
      width: 100,
      render: (_, s) => t(`scheduleViews.paymentType.${s.paymentType}`),
    },
    {
      title: t('scheduleViews.column.duration'),
      key: 'duration',
      width: 100,
      render: (_, s) => durationText(s.duration, t),
    },
  ];
  const filters: ProColumns<TSchedule>[] = [
    {
      title: t('scheduleViews.column.dates'),
      dataIndex: 'dates',
      valueType: 'dateRange',
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(SCHEDULE_STATUSES.map((s) => [s, { text: t(`scheduleViews.status.${s}`) }])),
    },
  ];

  return (
    <RecordListPage<TSchedule>
      listKey="student-schedules"
      columns={columns}
      filters={filters}
      request={listSchedules}
      params={{ studentId }}
      emptyText={t('scheduleViews.student.empty')}
    />
  );
}

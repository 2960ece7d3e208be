import type { ProColumns } from '@ant-design/pro-components';
import { Button, Flex } from 'antd';
import { NotificationTag } from '@/components/FeedbackForm/StatusTags';
import type { TSchedule } from '@/contracts/schedules';
import { searchStudents, teacherOptions } from '@/services/courses';
import type { Formatter } from '@/utils/format';
import type { Locations } from '@/utils/useLocations';
import { roomChoices } from '../../Calendar/rooms';
import { durationText, NOTIFICATION_STATUSES, SCHEDULE_STATUSES, StatusTag } from './labels';

type T = (id: string, values?: Record<string, string | number>) => string;

/** Seats taken of the capacity (or just taken without a limit), then students waiting and make-up bookings. */
function SeatsCell({ s, t }: { s: TSchedule; t: T }) {
  if (s.capacity === null && s.waitlistCount === 0 && s.makeUpCount === 0) return null;
  const parts = [
    s.capacity === null
      ? t('seats.taken.open', { taken: s.seatsTaken })
      : t('seats.taken', { taken: s.seatsTaken, capacity: s.capacity }),
    ...(s.waitlistCount > 0 ? [t('seats.waiting', { count: s.waitlistCount })] : []),
    ...(s.makeUpCount > 0 ? [t('seats.makeUps', { count: s.makeUpCount })] : []),
  ];
  return <small style={{ whiteSpace: 'normal' }}>{`${t('seats.column.seats')}: ${parts.join(' · ')}`}</small>;
}

/** 'HH:mm' of a UTC instant in the centre's zone. */
export const timeOf = (format: Formatter, instant: string) => format.dateTime(instant).slice(11);

/** Date, time, course and teacher: the first columns of every list of classes. */
export function classColumns(t: T, format: Formatter, widths = { course: 140, teacher: 120 }): ProColumns<TSchedule>[] {
  return [
    {
      title: t('scheduleViews.column.date'),
      dataIndex: 'startAt',
      key: 'startAt',
      sorter: true,
      defaultSortOrder: 'descend',
      width: 96,
      render: (_, s) => <span style={{ whiteSpace: 'nowrap' }}>{format.dayOf(s.startAt)}</span>,
    },
    {
      title: t('scheduleViews.column.time'),
      key: 'time',
      width: 104,
      render: (_, s) => (
        <span style={{ whiteSpace: 'nowrap' }}>{`${timeOf(format, s.startAt)}–${timeOf(format, s.endAt)}`}</span>
      ),
    },
    {
      title: t('scheduleViews.column.course'),
      key: 'course',
      width: widths.course,
      ellipsis: true,
      render: (_, s) => s.course.name,
    },
    {
      title: t('scheduleViews.column.teacher'),
      key: 'teacher',
      width: widths.teacher,
      ellipsis: true,
      render: (_, s) =>
        s.originalTeacher
          ? `${s.teacher.name} (${t('cover.coveringFor', { name: s.originalTeacher.name })})`
          : s.teacher.name,
    },
  ];
}

/** What the table view knows of the centre's locations (issue 23): which place columns and filters to show. */
export type Sites = Pick<Locations, 'locations' | 'many' | 'hasRooms'>;

/**
 * Where the class is: one column, so that the table still fits 1366 px. Its location (only with several
 * locations) over its room (only when the centre has rooms).
 */
function placeColumns(t: T, sites?: Sites): ProColumns<TSchedule>[] {
  if (!sites?.many && !sites?.hasRooms) return [];
  return [
    {
      title: t(sites.many ? 'roomView.column.location' : 'roomView.column.room'),
      key: 'place',
      width: 110,
      render: (_, s) => {
        const location = sites.many ? (s.location?.name ?? '') : '';
        const room = sites.hasRooms ? (s.room?.name ?? '') : '';
        const text = [location, room].filter(Boolean).join(' · ');
        return (
          <Flex vertical gap={0} title={text}>
            {location && <span style={clip}>{location}</span>}
            {room && location ? <small style={clip}>{room}</small> : room && <span style={clip}>{room}</span>}
          </Flex>
        );
      },
    },
  ];
}
const clip = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' } as const;

/**
 * The table view's columns; the status column shows a taught class's feedback email status, which opens
 * its feedback (`onFeedback`). Payment type, duration, notification and referrer start hidden. Where the
 * class is (location, room) follows the teacher when the centre has several locations or any room (`sites`).
 */
export function scheduleColumns(
  t: T,
  format: Formatter,
  onFeedback?: (s: TSchedule) => void,
  sites?: Sites,
): ProColumns<TSchedule>[] {
  return [
    ...classColumns(t, format),
    ...placeColumns(t, sites),
    {
      title: t('scheduleViews.column.students'),
      key: 'students',
      width: 100,

      // A group class also says its seats (taken of the capacity), students waiting and make-ups, in the
      // same cell: the columns fit 1366 px as they are.
      // The names are cut to one line: their full text is the title (hover), as antd's ellipsis does.
      render: (_, s) => {
        const names = s.students.map((st) => st.name).join(', ') || t('common.none');
        return (
          <Flex vertical gap={0}>
            <span
              title={names}
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}
            >
              {names}
            </span>
            {s.courseType === 'GROUP' && <SeatsCell s={s} t={t} />}
          </Flex>
        );
      },
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      sorter: true,
      width: 140,
      // A taught class (or one whose feedback went out) also shows its feedback email status, which opens its feedback.
      render: (_, s) => (
        <Flex vertical gap={4} align="start">
          <StatusTag status={s.status} t={t} />
          {onFeedback && (s.status === 'COMPLETED' || s.notificationStatus !== 'NOT_REQUIRED') && (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              aria-label={`${t('feedback.action')}: ${t(`scheduleViews.notification.${s.notificationStatus}`)}`}
              onClick={() => onFeedback(s)}
            >
              <NotificationTag status={s.notificationStatus} t={t} />
            </Button>
          )}
        </Flex>
      ),
    },
    {
      title: t('scheduleViews.column.paymentType'),
      dataIndex: 'paymentType',
      width: 110,
      render: (_, s) => t(`scheduleViews.paymentType.${s.paymentType}`),
    },
    {
      title: t('scheduleViews.column.duration'),
      key: 'duration',
      width: 100,
      render: (_, s) => durationText(s.duration, t),
    },
    {
      title: t('scheduleViews.column.notification'),
      dataIndex: 'notificationStatus',
      width: 140,
      ellipsis: true,
      render: (_, s) => t(`scheduleViews.notification.${s.notificationStatus}`),
    },
    {
      title: t('scheduleViews.column.referrer'),
      dataIndex: 'referrerName',
      width: 140,
      ellipsis: true,
    },
  ];
}

// At 1366 px the default columns and the actions fit without scrolling; the column settings show the rest.
export const hiddenScheduleColumns = ['paymentType', 'duration', 'notificationStatus', 'referrerName'];

const selectProps = { showSearch: true, optionFilterProp: 'label' };

/**
 * The filter form: the class dates (from/to days), status, student, teacher, location and room (when
 * the centre has several / any) and notification status.
 */
export function scheduleFilters(t: T, sites?: Sites): ProColumns<TSchedule>[] {
  return [
    // First, so the form shows it without "Expand": the list is about a range of days.
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
    {
      title: t('scheduleViews.column.student'),
      dataIndex: 'studentId',
      valueType: 'select',
      fieldProps: { showSearch: true, filterOption: false, placeholder: t('scheduleViews.filter.studentSearch') },
      debounceTime: 300,
      request: async ({ keyWords }: { keyWords?: string }) => searchStudents(keyWords ?? ''),
    },
    {
      title: t('scheduleViews.column.teacher'),
      dataIndex: 'teacherId',
      valueType: 'select',
      fieldProps: selectProps,
      request: async () => (await teacherOptions()).map((c) => ({ value: c.id, label: c.name })),
    },
    ...(sites?.many
      ? [
          {
            title: t('roomView.filter.location'),
            dataIndex: 'locationId',
            valueType: 'select' as const,
            fieldProps: { ...selectProps, options: sites.locations.map((l) => ({ value: l.id, label: l.name })) },
          },
        ]
      : []),
    ...(sites?.hasRooms
      ? [
          {
            title: t('roomView.filter.room'),
            dataIndex: 'roomId',
            valueType: 'select' as const,
            fieldProps: { ...selectProps, options: roomChoices(sites.locations, undefined, sites.many) },
          },
        ]
      : []),
    {
      title: t('scheduleViews.column.notification'),
      dataIndex: 'notificationStatus',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        NOTIFICATION_STATUSES.map((s) => [s, { text: t(`scheduleViews.notification.${s}`) }]),
      ),
    },
  ];
}

import { Link, useIntl } from '@umijs/max';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TDashboard, TTodayClass } from '@/contracts/dashboard';
import { useFormat } from '@/utils/useFormat';

const nowrap = { whiteSpace: 'nowrap' } as const;
/** The width below which the table scrolls sideways instead of squeezing its course column to nothing. */
export const TABLE_MIN_WIDTH = 520;
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Today's classes by start time: confirmed or not, each opening in the table view with its attendance. */
export default function TodayClasses({ summary, calendarLink }: { summary?: TDashboard; calendarLink: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id }, values);
  // Each student with the family's answer to the reminder SMS, or cancelled (issue 22).
  const studentText = (s: TTodayClass['students'][number]) =>
    s.cancelled
      ? t('cover.student.cancelled', { name: s.name })
      : s.reply
        ? t(`cover.student.${s.reply}`, { name: s.name })
        : s.name;
  const format = useFormat();
  const time = (iso: string) => format.dateTime(iso).slice(11);
  // One click from each row: the time opens the class in the table view, with its students' attendance.
  const columns: ColumnsType<TTodayClass> = [
    {
      title: t('dashboard.today.time'),
      key: 'time',
      width: 112,
      render: (_, c) => (
        <Link to={`/schedule/table-view?id=${c.id}`} style={nowrap} title={t('dashboard.today.open')}>
          {`${time(c.startAt)}–${time(c.endAt)}`}
        </Link>
      ),
    },
    {
      title: t('dashboard.today.course'),
      key: 'course',
      ellipsis: true,
      render: (_, c) => (
        <>
          {/* Cut to one line each: the title shows the whole course name and student list. */}
          <div style={ellipsis} title={c.course.name}>
            {c.course.name}
          </div>
          <Typography.Text
            type="secondary"
            style={{ ...ellipsis, display: 'block', fontSize: 12 }}
            title={c.students.map(studentText).join(', ')}
            data-testid={`today-students-${c.id}`}
          >
            {c.students.map(studentText).join(', ')}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('dashboard.today.teacher'),
      key: 'teacher',
      width: 140,
      ellipsis: true,
      render: (_, c) =>
        c.originalTeacher ? (
          <>
            <div style={ellipsis}>{c.teacher.name}</div>
            <Typography.Text type="secondary" style={{ ...ellipsis, display: 'block', fontSize: 12 }}>
              {t('cover.coveringFor', { name: c.originalTeacher.name })}
            </Typography.Text>
          </>
        ) : (
          c.teacher.name
        ),
    },
    {
      title: '',
      key: 'status',
      width: 116,
      align: 'right',
      // Not confirmed only once started (classState): a class still to come is upcoming.
      render: (_, c) => (
        <Tag
          color={c.confirmed ? 'success' : c.awaitingConfirmation ? 'warning' : 'default'}
          style={{ marginInlineEnd: 0 }}
        >
          {t(
            c.confirmed
              ? 'dashboard.today.confirmed'
              : c.awaitingConfirmation
                ? 'dashboard.today.notConfirmed'
                : 'scheduleNow.state.UPCOMING',
          )}
        </Tag>
      ),
    },
  ];
  const today = summary?.classesToday;
  return (
    <Card
      title={`${t('dashboard.today.title')} (${summary?.classesToday.total ?? '…'})`}
      size="small"
      extra={<Link to={calendarLink}>{t('dashboard.today.openCalendar')}</Link>}
      style={{ height: '100%' }}
    >
      <Table<TTodayClass>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={today?.data}
        loading={!summary}
        pagination={false}
        // On a phone the card is narrower than its columns: it scrolls sideways (the course had no room).
        scroll={{ x: TABLE_MIN_WIDTH, y: 470 }}
        locale={{ emptyText: t('dashboard.today.empty') }}
        data-testid="dashboard-today"
      />
      {today && today.total > today.data.length ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('dashboard.today.more', { shown: today.data.length, total: today.total })}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

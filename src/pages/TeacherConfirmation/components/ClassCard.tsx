import { ClockCircleOutlined, FormOutlined } from '@ant-design/icons';
import { getLocale, useIntl } from '@umijs/max';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { TSchedule } from '@/contracts/schedules';
import { AttendanceTag, StatusTag } from '@/pages/Schedule/TableView/components/labels';
import { wallClockOf } from '@/utils/wallClock';

export interface ClassCardProps {
  schedule: TSchedule;
  zone: string;
  busy: boolean;
  onConfirm: () => void;
  onConfirmWithChanges: () => void;
  /** Opens the class's feedback (completed classes). */
  onFeedback?: () => void;
  /** Confirmed on this phone while offline, not sent yet: when (ISO instant). */
  waitingSince?: string;
  /** The server refused a confirmation sent from this phone: what it said, until dismissed. */
  refusal?: { text: string; onDismiss: () => void };
  /** A class of the teacher's that a substitute teaches: shown "covered by", without buttons. */
  covered?: boolean;
}

const confirmedAt = (instant: string, zone: string) => {
  const { day, time } = wallClockOf(instant, zone);
  return `${day} ${time}`;
};

/** One class as a teacher reads it on a phone: when, what, who; and the confirm buttons once it has started. */
export default function ClassCard({
  schedule,
  zone,
  busy,
  onConfirm,
  onConfirmWithChanges,
  onFeedback,
  waitingSince,
  refusal,
  covered = false,
}: ClassCardProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const start = wallClockOf(schedule.startAt, zone);
  const end = wallClockOf(schedule.endAt, zone);
  const weekday = new Intl.DateTimeFormat(getLocale(), { weekday: 'short', timeZone: zone }).format(
    new Date(schedule.startAt),
  );
  const planned = schedule.status === 'PLANNED' && !covered;
  const started = Date.parse(schedule.startAt) <= Date.now();
  const completed = schedule.status === 'COMPLETED';

  return (
    <Card
      size="small"
      data-testid={`class-${schedule.id}`}
      styles={{ body: { padding: 16 } }}
      style={completed ? { borderColor: '#b7eb8f' } : undefined}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <div>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {`${weekday} ${start.day}`}
          </Typography.Text>
          <div style={{ fontSize: 16 }}>{`${start.time}–${end.time}`}</div>
        </div>
        <Flex vertical align="end" gap={4}>
          <StatusTag status={schedule.status} t={t} />
          {covered && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="covered-by">
              {t('cover.coveredBy', { name: schedule.teacher.name })}
            </Tag>
          )}
          {!covered && schedule.originalTeacher && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="covering-for">
              {t('cover.coveringFor', { name: schedule.originalTeacher.name })}
            </Tag>
          )}
          {waitingSince && (
            <Tag
              color="gold"
              icon={<ClockCircleOutlined />}
              style={{ marginInlineEnd: 0 }}
              data-testid="waiting-to-send"
            >
              {t('teacherOffline.waiting')}
            </Tag>
          )}
        </Flex>
      </Flex>
      <Typography.Paragraph style={{ margin: '8px 0 4px', fontSize: 15 }} strong>
        {schedule.course.name}
      </Typography.Paragraph>
      {schedule.address && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {schedule.address}
        </Typography.Paragraph>
      )}
      {schedule.students.length === 0 && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('scheduleViews.confirm.noStudents')}
        </Typography.Paragraph>
      )}
      {completed ? (
        <Flex vertical gap={4} style={{ marginBottom: 4 }}>
          {schedule.students.map((s) => (
            <Flex key={s.id} justify="space-between" align="center" gap={8}>
              <Typography.Text>{s.name}</Typography.Text>
              <AttendanceTag attendance={s.attendance} t={t} />
            </Flex>
          ))}
        </Flex>
      ) : (
        schedule.students.length > 0 && (
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {schedule.students.map((s) => s.name).join(', ')}
          </Typography.Paragraph>
        )
      )}
      {schedule.comments && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>
          {schedule.comments}
        </Typography.Paragraph>
      )}
      {completed && schedule.confirmedAt && (
        <Typography.Text type="success">
          {t('scheduleViews.confirm.confirmedAt', { when: confirmedAt(schedule.confirmedAt, zone) })}
        </Typography.Text>
      )}
      {completed && onFeedback && (
        <Button
          size="large"
          block
          icon={<FormOutlined />}
          onClick={onFeedback}
          style={{ height: 48, marginTop: 12 }}
          data-testid={`feedback-${schedule.id}`}
        >
          {t('feedback.open')}
        </Button>
      )}
      {refusal && <RefusalNotice {...refusal} />}
      {waitingSince && (
        <Typography.Paragraph type="warning" style={{ margin: '8px 0 0' }}>
          {t('teacherOffline.waitingHint', { when: confirmedAt(waitingSince, zone) })}
        </Typography.Paragraph>
      )}
      {planned && started && !waitingSince && (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <Button type="primary" size="large" block loading={busy} onClick={onConfirm} style={{ height: 48 }}>
            {t('scheduleViews.confirm.confirm')}
          </Button>
          <Button size="large" block disabled={busy} onClick={onConfirmWithChanges} style={{ height: 48 }}>
            {t('scheduleViews.confirm.withChanges')}
          </Button>
        </Flex>
      )}
      {planned && !started && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('scheduleViews.confirm.startsLater')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** The server's answer to a confirmation sent from this phone, kept on screen until the teacher dismisses it. */
export function RefusalNotice({ text, onDismiss, title }: { text: string; onDismiss: () => void; title?: ReactNode }) {
  const intl = useIntl();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="confirmation-refused"
      style={{ marginTop: 12 }}
      message={title ?? intl.formatMessage({ id: 'teacherOffline.refusedTitle' })}
      description={
        <Flex vertical gap={8} align="start">
          <span>{text}</span>
          <Button onClick={onDismiss}>{intl.formatMessage({ id: 'teacherOffline.dismiss' })}</Button>
        </Flex>
      }
    />
  );
}

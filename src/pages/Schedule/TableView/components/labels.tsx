import { message, Tag } from 'antd';
import type { TAttendance, TSchedule, TScheduleStatus } from '@/contracts/schedules';
import { showRequestError } from '@/requestErrorConfig';
import { DownloadError } from '@/utils/download';
import { errorText, isErrorReply, toRequestFailure } from '@/utils/requestError';

// Code lists of the schedules contract, repeated here as plain values: the contract module brings
// zod, which the schedule screens' first load must not (types alone come from it).
export const SCHEDULE_STATUSES: TScheduleStatus[] = ['PLANNED', 'COMPLETED', 'CANCELLED'];
export const ATTENDANCES: TAttendance[] = ['ATTENDED', 'ABSENT', 'EXCUSED', 'NO_SHOW'];
export const NOTIFICATION_STATUSES: TSchedule['notificationStatus'][] = [
  'NOT_REQUIRED',
  'MISSING_FEEDBACK',
  'PENDING',
  'SENT',
  'SEND_FAILED',
];

type T = (id: string, values?: Record<string, string | number>) => string;

const STATUS_COLOURS: Record<TScheduleStatus, string> = {
  PLANNED: 'processing',
  COMPLETED: 'success',
  CANCELLED: 'default',
};

export function StatusTag({ status, t }: { status: TScheduleStatus; t: T }) {
  return (
    <Tag color={STATUS_COLOURS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`scheduleViews.status.${status}`)}
    </Tag>
  );
}

const ATTENDANCE_COLOURS: Record<TAttendance, string> = {
  ATTENDED: 'green',
  ABSENT: 'red',
  EXCUSED: 'gold',
  NO_SHOW: 'volcano',
};

export function AttendanceTag({ attendance, t }: { attendance: TAttendance | null; t: T }) {
  if (!attendance) return <Tag>{t('scheduleViews.attendance.unset')}</Tag>;
  return <Tag color={ATTENDANCE_COLOURS[attendance]}>{t(`scheduleViews.attendance.${attendance}`)}</Tag>;
}

/** "1 h 30 min" from the class's derived duration. */
export const durationText = (d: TSchedule['duration'], t: T) =>
  d.minutes
    ? t('scheduleViews.duration', { hours: d.hours, minutes: d.minutes })
    : t('scheduleViews.durationHours', { hours: d.hours });

/** What the user reads when a schedule write fails: the rule as the server words it, or "try again". */
export function failureText(error: unknown, t: T): string {
  const failure = error instanceof DownloadError ? { body: error.body, noResponse: false } : toRequestFailure(error);
  if (isErrorReply(failure.body)) {
    const fields = failure.body.fieldErrors ?? [];
    // A validation refusal's message prefixes the field names; each field's own rule reads better.
    return fields.length ? [...new Set(fields.map((f) => f.message))].join(' ') : errorText(failure.body, t);
  }
  return t(failure.noResponse ? 'request.error.network' : 'request.error.retry');
}

/** Runs one schedule write with a pending message, then the success text or the failure as worded by the server. */
export async function runScheduleWrite<R>(
  write: () => Promise<R>,
  success: string | ((reply: R) => string),
  t: T,
): Promise<boolean> {
  const hide = message.loading(t('scheduleViews.saving'), 0);
  try {
    const reply = await write();
    hide();
    message.success(typeof success === 'function' ? success(reply) : success);
    return true;
  } catch (error) {
    hide();
    // Only a 401 signs out, through the shared handler; every other failure is this write's own message.
    if (toRequestFailure(error).status === 401) showRequestError(error);
    else message.error(failureText(error, t));
    return false;
  }
}

import { Link, useIntl } from '@umijs/max';
import { Typography } from 'antd';
import type { TChargeReason, TLedgerChange, TLedgerEntry, TPostedFacts } from '@/contracts/vouchers';
import { useFormat } from '@/utils/useFormat';

/** The reasons the server writes on class charges, shown in the user's language. */
const REASON_IDS: Record<TChargeReason, string> = {
  'Class confirmed': 'vouchers.reason.confirmed',
  'Class reopened': 'vouchers.reason.reopened',
  'Attendance changed': 'vouchers.reason.attendance',
  'Class changed': 'vouchers.reason.changed',
  'Class times changed': 'vouchers.reason.times',
  'Class cancelled': 'vouchers.reason.cancelled',
  'Lesson cancelled': 'vouchers.reason.lessonCancelled',
  'Cancellation undone': 'vouchers.reason.cancellationUndone',
  'Make-up booked': 'vouchers.reason.makeUpBooked',
};
const ATTENDANCE_IDS: Record<NonNullable<TPostedFacts['attendance']> | 'unset', string> = {
  ATTENDED: 'scheduleViews.attendance.ATTENDED',
  ABSENT: 'scheduleViews.attendance.ABSENT',
  EXCUSED: 'scheduleViews.attendance.EXCUSED',
  NO_SHOW: 'scheduleViews.attendance.NO_SHOW',
  unset: 'scheduleViews.attendance.unset',
};

/**
 * The "class or note" cell of a ledger entry: the class (a link to it) and what the entry stored when
 * it was posted, never the class as it is today. A charge: price or hours x rate, the attendance
 * charged and why; a reversal: why and what changed ("Attendance changed: Attended → Absent").
 */
export default function LedgerClassCell({ entry }: { entry: TLedgerEntry }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const note = entry.note && entry.note in REASON_IDS ? t(REASON_IDS[entry.note as TChargeReason]) : entry.note;
  const c = entry.class;
  if (!c) return <>{note ?? ''}</>;
  const attendance = (value: TPostedFacts['attendance'] | null) => t(ATTENDANCE_IDS[value ?? 'unset']);
  const show = (change: TLedgerChange, value: string | null) => {
    if (change.field === 'attendance') return attendance(value as TPostedFacts['attendance']);
    if (change.field === 'hours') return value ? t('money.ledger.hours', { hours: value }) : '—';
    return value ? format.money(value) : '—';
  };
  const posted = entry.posted;
  let detail = note ?? '';
  if (entry.kind === 'CHARGE_REVERSAL' && entry.changes.length) {
    const changes = entry.changes
      .map((ch) => t('money.ledger.fromTo', { from: show(ch, ch.from), to: show(ch, ch.to) }))
      .join(', ');
    detail = t('money.ledger.changed', { reason: note ?? '', changes });
  } else if (entry.kind === 'CLASS_CHARGE' && posted) {
    const how = posted.price
      ? t('vouchers.ledger.classPrice', { price: format.money(posted.price) })
      : posted.hours
        ? t('vouchers.ledger.classHours', {
            hours: posted.hours,
            rate: posted.hourlyRate ? format.money(posted.hourlyRate) : '—',
          })
        : '';
    detail = [how, attendance(posted.attendance), note].filter(Boolean).join(' · ');
  }
  return (
    <span className="ledger-class">
      <Link to={`/schedule/table-view?id=${c.id}`}>
        {c.course} · {format.dateTime(c.startAt)}
      </Link>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {detail}
      </Typography.Text>
    </span>
  );
}

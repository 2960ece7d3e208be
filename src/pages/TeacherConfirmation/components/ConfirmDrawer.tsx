import { useIntl } from '@umijs/max';
import { Alert, Button, Drawer, Flex, Form, Input, Radio, TimePicker, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TAttendance, TConfirmBody, TSchedule } from '@/contracts/schedules';
import { ATTENDANCES, failureText } from '@/pages/Schedule/TableView/components/labels';
import { hhmmField } from '@/utils/timeField';
import { spanOf, wallClockOf } from '@/utils/wallClock';

export interface ConfirmDrawerProps {
  open: boolean;
  schedule?: TSchedule;
  zone: string;
  onClose: () => void;
  /** Sends the confirmation; resolves with the class as saved. */
  confirm: (schedule: TSchedule, body: TConfirmBody) => Promise<TSchedule>;
  onConfirmed: (schedule: TSchedule) => void;
}

/** The students who take attendance: a student whose lesson was cancelled (issue 22) is not expected. */
const presentOf = (schedule: TSchedule) => schedule.students.filter((s) => !s.cancelledBy);
interface Values {
  start: string;
  end: string;
  teacherStart: string;
  teacherEnd: string;
  attendance: Record<number, TAttendance>;
  comments?: string;
}

const touch = { height: 48, fontSize: 16 };

/**
 * "Confirm with changes": the times as taught (the class's and the teacher's paid time, on the class's
 * day in the centre's zone), each student's attendance and a comment. Sheet from the bottom: a phone first.
 */
export default function ConfirmDrawer({ open, schedule, zone, onClose, confirm, onConfirmed }: ConfirmDrawerProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !schedule) return;
    setError(undefined);
    form.setFieldsValue({
      start: wallClockOf(schedule.startAt, zone).time,
      end: wallClockOf(schedule.endAt, zone).time,
      teacherStart: wallClockOf(schedule.teacherStartAt, zone).time,
      teacherEnd: wallClockOf(schedule.teacherEndAt, zone).time,
      attendance: Object.fromEntries(presentOf(schedule).map((s) => [s.id, s.attendance ?? 'ATTENDED'])),
      comments: schedule.comments ?? '',
    });
  }, [open, schedule, zone, form]);

  if (!schedule) return null;
  const day = wallClockOf(schedule.startAt, zone).day;
  const teacherDay = wallClockOf(schedule.teacherStartAt, zone).day;

  const submit = async (values: Values) => {
    // An end at or before its start is on the next day (a class 23:00–00:00).
    const { startAt, endAt } = spanOf(day, values.start, values.end, zone);
    const { startAt: teacherStartAt, endAt: teacherEndAt } = spanOf(
      teacherDay,
      values.teacherStart,
      values.teacherEnd,
      zone,
    );
    // Only what changed travels: the server keeps the planned times otherwise.
    const body: TConfirmBody = {
      ...(startAt !== schedule.startAt || endAt !== schedule.endAt ? { startAt, endAt } : {}),
      ...(teacherStartAt !== schedule.teacherStartAt || teacherEndAt !== schedule.teacherEndAt
        ? { teacherStartAt, teacherEndAt }
        : {}),
      students: presentOf(schedule).map((s) => ({
        studentId: s.id,
        attendance: values.attendance[s.id] ?? 'ATTENDED',
      })),
      comments: values.comments?.trim() ? values.comments.trim() : undefined,
    };
    setBusy(true);
    setError(undefined);
    try {
      onConfirmed(await confirm(schedule, body));
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const timeInput = (name: keyof Values, label: string) => (
    <Form.Item
      name={name}
      label={label}
      style={{ flex: 1, marginBottom: 12 }}
      rules={[{ required: true, message: label }]}
      {...hhmmField}
    >
      <TimePicker
        format="HH:mm"
        minuteStep={5}
        needConfirm={false}
        size="large"
        style={{ ...touch, width: '100%' }}
        aria-label={label}
      />
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      height="92%"
      title={t('scheduleViews.confirm.drawerTitle')}
      destroyOnHidden
      // The button stays in reach below the list of students, however long it is.
      footer={
        <Button type="primary" size="large" block loading={busy} style={touch} onClick={() => form.submit()}>
          {t('scheduleViews.confirm.submit')}
        </Button>
      }
    >
      <Typography.Paragraph strong style={{ fontSize: 16 }}>
        {`${schedule.course.name} · ${day}`}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Typography.Title level={5}>{t('scheduleViews.confirm.classTime')}</Typography.Title>
        <Flex gap={12}>
          {timeInput('start', t('scheduleViews.confirm.start'))}
          {timeInput('end', t('scheduleViews.confirm.end'))}
        </Flex>
        <Typography.Title level={5}>{t('scheduleViews.confirm.teacherTime')}</Typography.Title>
        <Flex gap={12}>
          {timeInput('teacherStart', t('scheduleViews.confirm.start'))}
          {timeInput('teacherEnd', t('scheduleViews.confirm.end'))}
        </Flex>
        {presentOf(schedule).length > 0 && (
          <Typography.Title level={5}>{t('scheduleViews.confirm.students')}</Typography.Title>
        )}
        {presentOf(schedule).map((s) => (
          <Form.Item key={s.id} name={['attendance', s.id]} label={s.name} style={{ marginBottom: 12 }}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              size="large"
              aria-label={t('scheduleViews.attendance.of', { name: s.name })}
              style={{ display: 'flex', width: '100%' }}
              options={ATTENDANCES.map((a) => ({
                value: a,
                label: t(`scheduleViews.attendance.${a}`),
                style: { flex: 1, textAlign: 'center', height: 48, lineHeight: '46px' },
              }))}
            />
          </Form.Item>
        ))}
        <Form.Item name="comments" label={t('scheduleViews.confirm.comments')}>
          <Input.TextArea rows={3} maxLength={5000} placeholder={t('scheduleViews.confirm.commentsPlaceholder')} />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 12 }} />}
      </Form>
    </Drawer>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { getLocale, useIntl } from '@umijs/max';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Input,
  message,
  Select,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import type { TAvailability, TAvailabilityBody } from '@/contracts/schedules';
import { failureText } from '@/pages/Schedule/TableView/components/labels';
import { showRequestError } from '@/requestErrorConfig';
import { toRequestFailure } from '@/utils/requestError';
import { hhmmField } from '@/utils/timeField';
import { instantOf, wallClockOf } from '@/utils/wallClock';

interface Values {
  windows: { weekday: number; startTime: string; endTime: string }[];
  timeOff: { range: [Dayjs, Dayjs]; reason?: string }[];
}

export interface AvailabilityFormProps {
  availability: TAvailability;
  zone: string;
  save: (body: TAvailabilityBody) => Promise<TAvailability>;
  onSaved: (availability: TAvailability) => void;
}

// Time off is picked as the centre's wall clock: the pickers hold naive local values that are read
// back as 'YYYY-MM-DD HH:mm' in the centre's zone, whatever the browser's zone.
const toWallClock = (instant: string, zone: string) => {
  const { day, time } = wallClockOf(instant, zone);
  return dayjs(`${day} ${time}`);
};
const fromWallClock = (value: Dayjs, zone: string) =>
  instantOf(value.format('YYYY-MM-DD'), value.format('HH:mm'), zone);

/** The server's field path ('timeOff.0.endAt') as this form's field name. */
function fieldName(path: string): (string | number)[] {
  const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] === 'timeOff' && (parts[2] === 'startAt' || parts[2] === 'endAt')) parts[2] = 'range';
  return parts;
}

// A window's 'HH:mm' text is shown in a 24-hour TimePicker, like every other time on the schedule screens.
const hhmm = hhmmField;

/** Weekly windows (weekday, start, end) and time off (from–to, reason); Save replaces both. */
export default function AvailabilityForm({ availability, zone, save, onSaved }: AvailabilityFormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const weekdays = useMemo(() => {
    const names = new Intl.DateTimeFormat(getLocale(), { weekday: 'long', timeZone: 'UTC' });
    // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
    return [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, label: names.format(new Date(Date.UTC(2024, 0, n))) }));
  }, []);

  // Loads the saved windows and time off: only when those change (a new feed URL must not wipe edits).
  const { windows, timeOff } = availability;
  useEffect(() => {
    setError(undefined);
    form.resetFields();
    form.setFieldsValue({
      windows: windows.map((w) => ({ ...w })),
      timeOff: timeOff.map((o) => ({
        range: [toWallClock(o.startAt, zone), toWallClock(o.endAt, zone)],
        reason: o.reason ?? '',
      })),
    });
  }, [windows, timeOff, zone, form]);

  const submit = async (values: Values) => {
    const body: TAvailabilityBody = {
      windows: (values.windows ?? []).map((w) => ({ weekday: w.weekday, startTime: w.startTime, endTime: w.endTime })),
      timeOff: (values.timeOff ?? []).map((o) => ({
        startAt: fromWallClock(o.range[0], zone),
        endAt: fromWallClock(o.range[1], zone),
        reason: o.reason?.trim() || undefined,
      })),
    };
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await save(body));
      message.success(t('scheduleViews.availability.saved'));
    } catch (failure) {
      const { status, body: reply } = toRequestFailure(failure);
      if (status === 401) showRequestError(failure);
      // Field errors go next to their fields; the alert names the rule as well.
      const fieldErrors = (reply as { fieldErrors?: { field: string; message: string }[] } | undefined)?.fieldErrors;
      const placed = (fieldErrors ?? []).map((f) => ({ name: fieldName(f.field), errors: [f.message] }));
      // The names are this form's paths; antd's NamePath type cannot check paths built from a string.
      form.setFields(placed as Parameters<FormInstance<Values>['setFields']>[0]);
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  const required = (field: string) => ({
    required: true,
    message: t('scheduleViews.availability.required', { field }),
  });

  return (
    <Form form={form} onFinish={submit} requiredMark={false}>
      <Card title={t('scheduleViews.availability.weekly')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('scheduleViews.availability.weeklyHelp')}</Typography.Paragraph>
        <Form.List name="windows">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scheduleViews.availability.noWindows')} />
              )}
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'weekday']}
                    rules={[required(t('scheduleViews.availability.weekday'))]}
                    style={{ width: 180, marginBottom: 12 }}
                  >
                    <Select
                      options={weekdays}
                      aria-label={t('scheduleViews.availability.weekday')}
                      placeholder={t('scheduleViews.availability.weekday')}
                    />
                  </Form.Item>
                  {(
                    [
                      ['startTime', 'start'],
                      ['endTime', 'end'],
                    ] as const
                  ).map(([key, label]) => (
                    <Form.Item
                      key={key}
                      name={[field.name, key]}
                      rules={[required(t(`scheduleViews.availability.${label}`))]}
                      style={{ width: 140, marginBottom: 12 }}
                      {...hhmm}
                    >
                      <TimePicker
                        format="HH:mm"
                        minuteStep={5}
                        needConfirm={false}
                        aria-label={t(`scheduleViews.availability.${label}`)}
                      />
                    </Form.Item>
                  ))}
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('scheduleViews.availability.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ weekday: 1, startTime: '09:00', endTime: '17:00' })}>
                {t('scheduleViews.availability.addWindow')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Card title={t('scheduleViews.availability.timeOff')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('scheduleViews.availability.timeOffHelp')}</Typography.Paragraph>
        <Form.List name="timeOff">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scheduleViews.availability.noTimeOff')} />
              )}
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'range']}
                    rules={[required(t('scheduleViews.availability.period'))]}
                    style={{ marginBottom: 12 }}
                  >
                    <DatePicker.RangePicker
                      showTime={{ format: 'HH:mm' }}
                      format="YYYY-MM-DD HH:mm"
                      aria-label={t('scheduleViews.availability.period')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'reason']} style={{ width: 260, marginBottom: 12 }}>
                    <Input maxLength={200} placeholder={t('scheduleViews.availability.reason')} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('scheduleViews.availability.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ reason: '' })}>
                {t('scheduleViews.availability.addTimeOff')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginBottom: 24 }}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

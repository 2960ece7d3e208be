import {
  Alert,
  DatePicker,
  Empty,
  Form,
  Modal,
  message,
  Radio,
  Select,
  Space,
  Spin,
  TimePicker,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import type { TNamed } from '@/contracts/courses';
import type { TBookMakeUpBody, TMakeUpCredit, TMakeUpOptions } from '@/contracts/lessons';
import { teacherOptions } from '@/services/courses';
import { useCentreZone } from '@/utils/useCentreZone';
import { useFormat } from '@/utils/useFormat';
import { spanOf } from '@/utils/wallClock';
import { LessonRefText, refusalText, useT } from './shared';

type Mode = 'class' | 'teacher';

/**
 * "Book a make-up" for one credit: a class of its course with a free seat (make-up options), or — the
 * desk only (`teacherTime`) — a new one-on-one lesson with a teacher at a chosen time. The lesson is
 * paid by the credit, never charged again; a refusal (the seat went, the credit was used) is shown here.
 */
export default function BookMakeUpDialog({
  credit,
  open,
  onClose,
  onBooked,
  loadOptions,
  book,
  teacherTime = false,
}: {
  credit: TMakeUpCredit | undefined;
  open: boolean;
  onClose: () => void;
  onBooked: () => void;
  loadOptions: (creditId: number) => Promise<TMakeUpOptions>;
  book: (body: TBookMakeUpBody) => Promise<unknown>;
  teacherTime?: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const zone = useCentreZone();
  const [mode, setMode] = useState<Mode>('class');
  const [options, setOptions] = useState<TMakeUpOptions['options']>();
  const [scheduleId, setScheduleId] = useState<number>();
  const [teachers, setTeachers] = useState<TNamed[]>([]);
  const [teacherId, setTeacherId] = useState<number>();
  const [day, setDay] = useState<Dayjs | null>(null);
  const [span, setSpan] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per opening of a credit.
  useEffect(() => {
    if (!open || !credit) return;
    setMode('class');
    setOptions(undefined);
    setScheduleId(undefined);
    setError(undefined);
    loadOptions(credit.id).then(
      (reply) => setOptions(reply.options),
      (e: unknown) => {
        setOptions([]);
        setError(refusalText(e, t));
      },
    );
    if (teacherTime) void teacherOptions().then(setTeachers);
  }, [open, credit?.id]);

  const body = (): TBookMakeUpBody | undefined => {
    if (!credit) return undefined;
    if (mode === 'class') return scheduleId ? { creditId: credit.id, scheduleId } : undefined;
    if (!teacherId || !day || !span?.[0] || !span[1]) return undefined;
    const times = spanOf(day.format('YYYY-MM-DD'), span[0].format('HH:mm'), span[1].format('HH:mm'), zone);
    return { creditId: credit.id, teacherId, ...times };
  };
  const chosen = body();

  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(undefined);
    try {
      await book(chosen);
      message.success(t('lessons.makeUp.booked'));
      onBooked();
    } catch (e) {
      setError(refusalText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('lessons.makeUp.book')}
      okText={t('lessons.makeUp.confirm')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !chosen, loading: busy }}
      destroyOnHidden
    >
      {credit ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('lessons.makeUp.forCredit', { course: credit.course.name, expires: fmt.dateTime(credit.expiresAt) })}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('lessons.makeUp.paidByCredit')}</Typography.Text>
          {teacherTime ? (
            <Radio.Group
              optionType="button"
              value={mode}
              onChange={(e) => setMode(e.target.value as Mode)}
              options={[
                { value: 'class', label: t('lessons.makeUp.intoClass') },
                { value: 'teacher', label: t('lessons.makeUp.teacherTime') },
              ]}
            />
          ) : null}
          {mode === 'class' ? (
            options === undefined ? (
              <Spin />
            ) : options.length === 0 ? (
              <Empty description={t('lessons.makeUp.noOptions')} />
            ) : (
              <Radio.Group
                value={scheduleId}
                onChange={(e) => setScheduleId(e.target.value as number)}
                aria-label={t('lessons.makeUp.intoClass')}
              >
                <Space direction="vertical">
                  {options.map((o) => (
                    <Radio key={o.id} value={o.id} data-testid={`make-up-option-${o.id}`}>
                      <LessonRefText lesson={o} fmt={fmt} link={false} />
                      <Typography.Text type="secondary">
                        {' · '}
                        {o.seatsFree === null
                          ? t('lessons.makeUp.seatsOpen')
                          : t('lessons.makeUp.seatsFree', { count: o.seatsFree })}
                      </Typography.Text>
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            )
          ) : (
            <Form layout="vertical">
              <Form.Item label={t('lessons.makeUp.teacher')} htmlFor="make-up-teacher">
                <Select
                  id="make-up-teacher"
                  value={teacherId}
                  onChange={setTeacherId}
                  options={teachers.map((x) => ({ value: x.id, label: x.name }))}
                  showSearch
                  optionFilterProp="label"
                />
              </Form.Item>
              <Form.Item label={t('lessons.makeUp.day')} htmlFor="make-up-day">
                <DatePicker id="make-up-day" value={day} onChange={setDay} />
              </Form.Item>
              <Form.Item label={t('lessons.makeUp.time')} htmlFor="make-up-time">
                <TimePicker.RangePicker
                  id={{ start: 'make-up-time' }}
                  format="HH:mm"
                  minuteStep={5}
                  value={span}
                  onChange={(v) => setSpan(v as [Dayjs | null, Dayjs | null] | null)}
                />
              </Form.Item>
            </Form>
          )}
          {error ? <Alert type="error" showIcon message={error} /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}

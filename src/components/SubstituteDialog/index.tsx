import { ModalForm, ProFormDatePicker, ProFormRadio, ProFormSwitch } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Form, message } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { todayIn, useCentre } from '@/components/RecordForm/defaults';
import TeacherSelect from '@/components/RecordForm/TeacherSelect';
import ConflictDialog from '@/components/ScheduleForm/ConflictDialog';
import { conflictsOf } from '@/components/ScheduleForm/useScheduleDialogs';
import type { TSubstituteReply } from '@/contracts/cover';
import type { TScheduleConflict } from '@/contracts/errors';
import type { TSchedule } from '@/contracts/schedules';
import { substituteClass, substituteRange } from '@/services/cover';
import { getTeacher } from '@/services/teachers';
import { describeActionFailure } from '@/utils/recordActions';
import { useFormat } from '@/utils/useFormat';
import { wallClockOf } from '@/utils/wallClock';

interface Values {
  teacherId: number;
  scope: 'this' | 'range';
  from?: string;
  to?: string;
  onlyCourse?: boolean;
}

interface Props {
  /** The class the dialog was opened from; none: closed. */
  record?: TSchedule;
  onClose: () => void;
  onDone: (reply: TSubstituteReply) => void;
}

/**
 * What the class pays once the chosen teacher takes it, said before it is saved (issue 37, finding 13):
 * a substitute at their own hourly rate (the planned rate when they have none), the planned teacher
 * at the class's planned rate; null until a teacher is chosen (or while their rate loads).
 */
function usePayPreview(record: TSchedule | undefined, teacherId: number | undefined): string | null {
  const intl = useIntl();
  const format = useFormat();
  const [rate, setRate] = useState<{ id: number; hourlyRate: string | null }>();
  useEffect(() => {
    if (!teacherId) return;
    let live = true;
    getTeacher(teacherId).then(
      (teacher) => live && setRate({ id: teacherId, hourlyRate: teacher.hourlyRate }),
      () => live && setRate(undefined),
    );
    return () => {
      live = false;
    };
  }, [teacherId]);
  if (!record || !teacherId || rate?.id !== teacherId) return null;
  const planned = record.originalTeacher ?? record.teacher;
  // While covered, the class's rate is the substitute's: the planned rate is not on the record, and
  // giving the class back restores it (said without a figure).
  const plannedRate = record.originalTeacher ? null : record.teacherHourlyRate;
  const hours =
    (Date.parse(record.teacherEndAt ?? record.endAt) - Date.parse(record.teacherStartAt ?? record.startAt)) / 3_600_000;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (teacherId === planned.id) return t('cover.substitute.pay.back', { teacher: planned.name });
  const paid = rate.hourlyRate ?? plannedRate;
  if (!paid) return t('cover.substitute.pay.noRate');
  const amount = (Math.round(Number(paid) * hours * 100) / 100).toFixed(2);
  const values = { rate: format.money(paid), hours: hours.toFixed(2), amount: format.money(amount) };
  if (!rate.hourlyRate) return t('cover.substitute.pay.plannedRate', values);
  return plannedRate
    ? t('cover.substitute.pay.ownRate', { ...values, planned: format.money(plannedRate), teacher: planned.name })
    : t('cover.substitute.pay.ownRateOnly', values);
}

/**
 * "Substitute": another teacher teaches this class, or the class's teacher's classes from one day to
 * another (optionally only this course). Choosing the planned teacher gives the class back. A busy
 * substitute shows the clashes, which schedules:manage may override with a reason.
 */
export default function SubstituteDialog({ record, onClose, onDone }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { timeZone } = useCentre();
  const [form] = Form.useForm<Values>();
  const [conflicts, setConflicts] = useState<TScheduleConflict[]>();
  const pending = useRef<Values>();
  const day = record ? wallClockOf(record.startAt, timeZone).day : todayIn(timeZone);
  const pay = usePayPreview(record, Form.useWatch('teacherId', form));

  const send = async (values: Values, reason?: string) => {
    if (!record) return false;
    const override = reason ? { reason } : undefined;
    try {
      const reply =
        values.scope === 'range'
          ? await substituteRange({
              fromTeacherId: record.teacher.id,
              teacherId: values.teacherId,
              from: dayjs(values.from).format('YYYY-MM-DD'),
              to: dayjs(values.to).format('YYYY-MM-DD'),
              courseId: values.onlyCourse ? record.course.id : null,
              override,
            })
          : await substituteClass(record.id, { teacherId: values.teacherId, override });
      message.success(t('cover.substitute.done', { count: reply.count }));
      onDone(reply);
      return true;
    } catch (error) {
      const clashes = conflictsOf(error);
      if (clashes) {
        pending.current = values;
        setConflicts(clashes);
        return false;
      }
      message.error(describeActionFailure(error, 'update', [], t).content);
      return false;
    }
  };

  return (
    <>
      <ModalForm<Values>
        title={t('cover.substitute.title')}
        open={record !== undefined}
        form={form}
        width={480}
        modalProps={{ destroyOnClose: true, onCancel: onClose, wrapClassName: 'substitute-dialog' }}
        initialValues={{ scope: 'this', from: day, to: day, onlyCourse: false }}
        submitter={{ searchConfig: { submitText: t('cover.substitute.save') } }}
        onFinish={(values) => send(values)}
      >
        {record && (
          <p>
            {record.originalTeacher
              ? t('cover.substitute.planned', { teacher: record.originalTeacher.name, now: record.teacher.name })
              : t('cover.substitute.teacherNow', { teacher: record.teacher.name })}
          </p>
        )}
        <TeacherSelect
          name="teacherId"
          label={t('cover.substitute.teacher')}
          placeholder={t('forms.teacher.pick')}
          rules={[{ required: true, message: t('cover.substitute.pickTeacher') }]}
        />
        {pay && <Alert type="info" showIcon className="substitute-pay" style={{ marginBottom: 16 }} message={pay} />}
        <ProFormRadio.Group
          name="scope"
          label={t('cover.substitute.which')}
          options={[
            { value: 'this', label: t('cover.substitute.thisClass') },
            { value: 'range', label: t('cover.substitute.range', { teacher: record?.teacher.name ?? '' }) },
          ]}
        />
        <Form.Item noStyle shouldUpdate={(a, b) => a.scope !== b.scope}>
          {({ getFieldValue }) =>
            getFieldValue('scope') === 'range' && (
              <>
                <ProFormDatePicker
                  name="from"
                  label={t('cover.substitute.from')}
                  rules={[{ required: true, message: t('cover.substitute.pickDay') }]}
                />
                <ProFormDatePicker
                  name="to"
                  label={t('cover.substitute.to')}
                  rules={[{ required: true, message: t('cover.substitute.pickDay') }]}
                />
                <ProFormSwitch
                  name="onlyCourse"
                  label={t('cover.substitute.onlyCourse', { course: record?.course.name ?? '' })}
                />
              </>
            )
          }
        </Form.Item>
      </ModalForm>
      <ConflictDialog
        open={!!conflicts}
        conflicts={conflicts ?? []}
        canOverride
        onCancel={() => setConflicts(undefined)}
        onOverride={async (reason) => {
          setConflicts(undefined);
          if (pending.current) await send(pending.current, reason);
        }}
      />
    </>
  );
}

import {
  ModalForm,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Col, DatePicker, Form, Modal, message, Row, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import HistoryTabs from '@/components/HistoryTab/HistoryTabs';
import CourseSelect from '@/components/RecordForm/CourseSelect';
import { todayIn, useCentre } from '@/components/RecordForm/defaults';
import { useFirstFieldFocus } from '@/components/RecordForm/keyboard';
import TeacherSelect from '@/components/RecordForm/TeacherSelect';
import TermSelect from '@/components/RecordForm/TermSelect';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { ZOptionalRate } from '@/contracts/common';
import type { TSchedule, TScheduleWriteReply } from '@/contracts/schedules';
import { showRequestError } from '@/requestErrorConfig';
import { searchStudents } from '@/services/courses';
import { createSchedule, updateSchedule } from '@/services/schedules';
import { newIdempotencyKey } from '@/utils/idempotency';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import { useLocations } from '@/utils/useLocations';
import { isScheduleSubmitKey, useTabLeavesSelect } from './keys';
import NotifyFields, { NOTIFY_EVERYONE, toldText } from './NotifyFields';
import PlaceFields, { askRoomCapacity, placeWarnings } from './PlaceFields';
import RepeatFields from './RepeatFields';
import { scheduleRuleText } from './rules';
import { useScheduleDialogs } from './useScheduleDialogs';
import {
  formFieldOf,
  initialValues,
  ratesChanged,
  type ScheduleDefaults,
  type ScheduleValues,
  toCreateBody,
  toUpdateBody,
} from './values';

export type { ScopeChoice } from './ScopeDialog';
export { conflictsOf, type ScheduleDialogs, useScheduleDialogs } from './useScheduleDialogs';
export type { ScheduleDefaults, StudentPick } from './values';

export interface ScheduleFormProps {
  open: boolean;
  /** The class to edit (GET /api/schedules/:id); none for a new one. */
  record?: TSchedule;
  /** For a new class: the start and end (a calendar slot), a teacher, course or students to start from. */
  defaults?: ScheduleDefaults;
  onClose: () => void;
  /** After a successful save, with the server's reply (the form then closes itself through onClose). */
  onSaved: (reply: TScheduleWriteReply) => void;
  /** Opened to move the class (the keyboard's way instead of dragging): the day field takes the focus. */
  moving?: boolean;
}

/** Locale ids, written out so the locale test sees each. */
const COURSE_TYPE_IDS = { ONE_ON_ONE: 'schedules.courseType.ONE_ON_ONE', GROUP: 'schedules.courseType.GROUP' };
const PAYMENT_TYPE_IDS = {
  VOUCHER: 'schedules.paymentType.VOUCHER',
  TERM: 'schedules.paymentType.TERM',
  CASH: 'schedules.paymentType.CASH',
  FREE: 'schedules.paymentType.FREE',
};

/**
 * A class: create (optionally as a weekly series) or edit. Wall-clock day and times in the centre's
 * zone; a series occurrence asks the scope, a clash shows the conflict dialog (with the override for
 * operators). The RecordForm pattern: first field focused, Enter saves, server field errors on fields.
 */
export default function ScheduleForm(props: ScheduleFormProps) {
  // A fresh form on every opening: antd merges a reused form's old values over new initial values,
  // so a class opened after another would show the other's course, teacher and students. The key
  // moves in the render that opens it (React's state adjusted while rendering): moved in an effect, it
  // came a render late and every opening drew the whole form twice, the first copy thrown away.
  const [opening, setOpening] = useState({ open: props.open, count: 0 });
  if (props.open !== opening.open) setOpening({ open: props.open, count: opening.count + (props.open ? 1 : 0) });
  return <ScheduleFormModal key={opening.count} {...props} />;
}

function ScheduleFormModal({ open, record, defaults, onClose, onSaved, moving }: ScheduleFormProps) {
  const [form] = Form.useForm<ScheduleValues>();
  const { t, choose, zod } = useFormRules();
  const { timeZone, currency } = useCentre();
  const dialogs = useScheduleDialogs();
  const places = useLocations();
  const [modal, modalHolder] = Modal.useModal();
  const [courseTeachers, setCourseTeachers] = useState<number[]>([]);
  // An edit (a reschedule) tells the teacher and the families unless unticked.
  const [notify, setNotify] = useState(NOTIFY_EVERYONE);
  const courseType = Form.useWatch('courseType', form);
  const teacherTimes = Form.useWatch('teacherTimes', form);
  useFirstFieldFocus(open, `.schedule-form ${moving ? '.schedule-day' : '.ant-modal-body'}`);
  const studentsList = useTabLeavesSelect();
  // Its Idempotency-Key: this modal is made anew on each opening and closes on success, so one key per
  // opening is sent with every try (the clash, then the override): a retry cannot make two classes.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const start = useMemo(() => initialValues(timeZone, record, defaults), [timeZone, record, defaults]);

  const showFailure = (error: unknown) => {
    const failure = toRequestFailure(error);
    if (failure.status === 401) {
      showRequestError(error);
      return;
    }
    const reply = isErrorReply(failure.body) ? failure.body : undefined;
    const placed: { name: (string | number)[]; errors: string[] }[] = [];
    for (const fieldError of reply?.fieldErrors ?? []) {
      const name = formFieldOf(fieldError.field);
      if (name) placed.push({ name, errors: [scheduleRuleText(fieldError.message, t)] });
    }
    if (placed.length) form.setFields(placed as Parameters<typeof form.setFields>[0]);
    const refused = reply && failure.status !== undefined && failure.status < 500;
    if (!refused) message.error(t(record ? 'lists.message.update.failure' : 'lists.message.add.failure'));
    else if (placed.length && placed.length === reply.fieldErrors?.length)
      message.error(t('lists.message.checkFields'));
    else message.error(scheduleRuleText(reply.errorMessage, t));
  };

  const onFinish = async (values: ScheduleValues) => {
    let scope: Awaited<ReturnType<typeof dialogs.askScope>>;
    if (record?.seriesId) {
      scope = await dialogs.askScope({ rates: ratesChanged(values, record) });
      if (!scope) return false;
    }
    try {
      // A class larger than its room asks whether to save anyway (the desk's capacity override).
      let roomOverride = false;
      const write = (override?: { reason: string }) => {
        const extra = roomOverride ? { overrideCapacity: true } : {};
        return record
          ? updateSchedule(record.id, { ...toUpdateBody(values, timeZone, record, scope), override, notify, ...extra })
          : createSchedule({ ...toCreateBody(values, timeZone), override, ...extra }, idempotencyKey);
      };
      const reply = await dialogs.withConflicts(async (override) => {
        try {
          return await write(override);
        } catch (error) {
          if (!(await askRoomCapacity(modal, error, t))) throw error;
          roomOverride = true;
          return write(override);
        }
      });
      if (!reply) return false;
      message.success(
        record
          ? `${t('schedules.saved.updated', { count: reply.count })} ${toldText(t, reply.told)}`
          : t('schedules.saved.created', { count: reply.count }),
      );
      if (reply.outsideAvailability.length) {
        message.warning(t('schedules.saved.outsideAvailability', { count: reply.outsideAvailability.length }));
      }
      for (const warning of placeWarnings(reply, places.travelMinutes, t)) message.warning(warning);
      setIdempotencyKey(newIdempotencyKey());
      onSaved(reply);
      return true;
    } catch (error) {
      // The key went with other input before (that try's reply was lost): the next Save is new.
      if (toRequestFailure(error).status === 422) setIdempotencyKey(newIdempotencyKey());
      showFailure(error);
      return false;
    }
  };

  const endAfter = (startField: 'startTime' | 'teacherStartTime') => ({
    validator: async (_rule: unknown, end?: Dayjs) => {
      const begin: Dayjs | undefined = form.getFieldValue(startField);
      if (begin && end && end.format('HH:mm') <= begin.format('HH:mm'))
        throw new Error(t('schedules.rule.endAfterStart'));
    },
  });
  const money = zod(ZOptionalRate);
  const time = { format: 'HH:mm', minuteStep: 5 as const, needConfirm: false, style: { width: '100%' } };

  return (
    <>
      <ModalForm<ScheduleValues>
        open={open}
        onOpenChange={(next) => !next && onClose()}
        form={form}
        name="schedule"
        title={t(record ? 'schedules.form.edit' : 'schedules.form.new')}
        width={820}
        initialValues={start}
        dateFormatter={false}
        autoFocusFirstInput={false}
        onKeyDown={(event) => {
          if (isScheduleSubmitKey(event)) setTimeout(() => form.submit());
        }}
        onValuesChange={(changed: Partial<ScheduleValues>) => {
          // Moving the start keeps the class's length (the end follows).
          if (changed.startTime) {
            const before = start.startTime && start.endTime ? start.endTime.diff(start.startTime, 'minute') : 60;
            const end: Dayjs | undefined = form.getFieldValue('endTime');
            if (!end || end.format('HH:mm') <= changed.startTime.format('HH:mm'))
              form.setFieldValue('endTime', changed.startTime.add(before > 0 ? before : 60, 'minute'));
          }
        }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        modalProps={{
          destroyOnClose: true,
          maskClosable: false,
          keyboard: true,
          wrapClassName: 'record-form schedule-form',
          style: { top: 24, paddingBottom: 0 },
          styles: { body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', overflowX: 'hidden' } },
        }}
        onFinish={onFinish}
      >
        <HistoryTabs open={open} history={record && { entity: 'SCHEDULE', id: record.id }} t={t}>
          <Row gutter={16}>
            <Col span={12}>
              <CourseSelect
                name="courseId"
                label={t('schedules.field.course')}
                rules={[choose(t('schedules.field.course'))]}
                current={record ? [record.course.id] : defaults?.courseId ? [defaults.courseId] : []}
                onCourse={(course) => {
                  const ids = course?.teachers.map((teacher) => teacher.id) ?? [];
                  setCourseTeachers(ids);
                  if (ids.length === 1 && !form.getFieldValue('teacherId')) form.setFieldValue('teacherId', ids[0]);
                }}
              />
            </Col>
            <Col span={12}>
              <TeacherSelect
                name="teacherId"
                label={t('schedules.field.teacher')}
                placeholder={t('forms.teacher.pick')}
                rules={[choose(t('schedules.field.teacher'))]}
                current={record ? [record.teacher] : []}
                first={courseTeachers}
              />
            </Col>
            <Col span={12}>
              <ProFormSelect
                name="courseType"
                label={t('schedules.field.courseType')}
                allowClear={false}
                options={Object.entries(COURSE_TYPE_IDS).map(([value, id]) => ({ value, label: t(id) }))}
                rules={[choose(t('schedules.field.courseType'))]}
              />
            </Col>
            <Col span={12}>
              <ProFormSelect
                name="paymentType"
                label={t('schedules.field.paymentType')}
                allowClear={false}
                options={Object.entries(PAYMENT_TYPE_IDS).map(([value, id]) => ({ value, label: t(id) }))}
                rules={[choose(t('schedules.field.paymentType'))]}
              />
            </Col>
            <Col span={24} onKeyDownCapture={studentsList.onKeyDownCapture}>
              <ProFormSelect
                name="students"
                label={t('schedules.field.students')}
                showSearch
                debounceTime={300}
                placeholder={t('forms.student.search')}
                request={async ({ keyWords }: { keyWords?: string }) => searchStudents(keyWords ?? '')}
                fieldProps={{
                  mode: 'multiple',
                  labelInValue: true,
                  filterOption: false,
                  maxCount: courseType === 'ONE_ON_ONE' ? 1 : undefined,
                  ...studentsList.fieldProps,
                }}
                rules={[
                  choose(t('schedules.field.students')),
                  {
                    validator: async (_rule, picked?: unknown[]) => {
                      if (courseType === 'ONE_ON_ONE' && (picked?.length ?? 0) > 1)
                        throw new Error(t('schedules.rule.oneOnOne'));
                    },
                  },
                ]}
              />
            </Col>
            {courseType === 'GROUP' && (
              <>
                <Col span={12}>
                  <ProFormDigit
                    name="capacity"
                    label={t('seats.field.capacity')}
                    placeholder={t('seats.field.capacity.none')}
                    min={1}
                    max={100}
                    fieldProps={{ precision: 0 }}
                  />
                </Col>
                <Col span={12}>
                  <ProFormSwitch
                    name="overrideCapacity"
                    label={t('seats.field.overrideCapacity')}
                    tooltip={t('seats.field.overrideCapacity.help')}
                  />
                </Col>
              </>
            )}
            <Col span={8} className="schedule-day">
              <Form.Item name="day" label={t('schedules.field.day')} rules={[choose(t('schedules.field.day'))]}>
                <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="startTime"
                label={t('schedules.field.start')}
                rules={[choose(t('schedules.field.start'))]}
              >
                <TimePicker {...time} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="endTime"
                label={t('schedules.field.end')}
                dependencies={['startTime']}
                rules={[choose(t('schedules.field.end')), endAfter('startTime')]}
              >
                <TimePicker {...time} />
              </Form.Item>
            </Col>
            <PlaceFields form={form} record={record} places={places} t={t} />
          </Row>
          {/* Right under the day and times: visible without scrolling at 1366x850. */}
          {!record && <RepeatFields form={form} today={todayIn(timeZone)} />}
          <Row gutter={16}>
            <Col span={8}>
              <ProFormSwitch name="teacherTimes" label={t('schedules.field.teacherTimes')} />
            </Col>
            {teacherTimes && (
              <>
                <Col span={8}>
                  <Form.Item
                    name="teacherStartTime"
                    label={t('schedules.field.teacherStart')}
                    rules={[choose(t('schedules.field.teacherStart'))]}
                  >
                    <TimePicker {...time} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name="teacherEndTime"
                    label={t('schedules.field.teacherEnd')}
                    dependencies={['teacherStartTime']}
                    rules={[choose(t('schedules.field.teacherEnd')), endAfter('teacherStartTime')]}
                  >
                    <TimePicker {...time} />
                  </Form.Item>
                </Col>
              </>
            )}
            {!teacherTimes && <Col span={16} />}
            <Col span={12}>
              <TermSelect
                name="termId"
                label={t('schedules.field.term')}
                current={record?.term?.id}
                fieldProps={{ allowClear: true }}
              />
            </Col>
            <Col span={12}>
              <ProFormText
                name="address"
                label={t('places.field.address')}
                fieldProps={{ 'aria-describedby': 'schedule-address-help' }}
                extra={
                  <span id="schedule-address-help" className="schedule-address-help">
                    {t('places.field.address.help')}
                  </span>
                }
                rules={[{ max: 200, message: t('forms.rule.max', { max: 200 }) }]}
              />
            </Col>
            <Col span={8}>
              <ProFormText
                name="hourlyRate"
                label={t('schedules.field.hourlyRate')}
                placeholder={t('schedules.field.hourlyRate.default')}
                fieldProps={{ suffix: currency, inputMode: 'decimal' }}
                rules={[money]}
              />
            </Col>
            <Col span={8}>
              <ProFormText
                name="teacherHourlyRate"
                label={t('schedules.field.teacherHourlyRate')}
                placeholder={t('schedules.field.teacherHourlyRate.default')}
                fieldProps={{ suffix: currency, inputMode: 'decimal' }}
                rules={[money]}
              />
            </Col>
            <Col span={8}>
              <ProFormText
                name="price"
                label={t('schedules.field.price')}
                fieldProps={{ suffix: currency, inputMode: 'decimal' }}
                rules={[money]}
              />
            </Col>
            <Col span={24}>
              <ProFormTextArea
                name="comments"
                label={t('forms.common.comments')}
                fieldProps={{ rows: 2 }}
                rules={[{ max: 5000, message: t('forms.rule.max', { max: 5000 }) }]}
              />
            </Col>
          </Row>
          {record && record.status !== 'CANCELLED' && <NotifyFields value={notify} onChange={setNotify} t={t} />}
        </HistoryTabs>
      </ModalForm>
      {dialogs.dialogs}
      {modalHolder}
    </>
  );
}

import { ProFormDatePicker, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import CourseSelect from '@/components/RecordForm/CourseSelect';
import { todayIn, useCentre } from '@/components/RecordForm/defaults';
import TeacherSelect from '@/components/RecordForm/TeacherSelect';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import type { TCourse } from '@/contracts/courses';
import { endsAfterStart, type TTerm, type TTermBody, ZTermBody } from '@/contracts/terms';
import { createTerm, updateTerm } from '@/services/courses';
import { call } from '@/services/http';

type DateValue = string | dayjs.Dayjs | undefined;
interface TermValues {
  name: string;
  school: string;
  courseId: number;
  teacherId?: number | null;
  startDate: DateValue;
  endDate: DateValue;
  comments?: string;
}
const day = (value: DateValue) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

/**
 * Add or edit a term. Choosing the course fills in its school and puts its teachers first (the only
 * one is chosen); the end date must come after the start date, which starts as today.
 */
export default function TermForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TTerm>) {
  const [form] = Form.useForm<TermValues>();
  const { t, required, choose, zod } = useFormRules();
  const { timeZone } = useCentre();
  const [courseTeachers, setCourseTeachers] = useState<number[]>([]);

  // Editing: the term's course tells which teachers to offer first.
  useEffect(() => {
    if (!open || !record) return;
    call<TCourse>(`/api/courses/${record.course.id}`, { skipErrorHandler: true })
      .then((course) => setCourseTeachers(course.teachers.map((teacher) => teacher.id)))
      .catch(() => undefined);
  }, [open, record]);

  const onCourse = (course: TCourse | undefined) => {
    const teachers = course?.teachers.map((teacher) => teacher.id) ?? [];
    setCourseTeachers(teachers);
    if (course?.school) form.setFieldsValue({ school: course.school });
    if (teachers.length === 1 && !form.getFieldValue('teacherId')) form.setFieldsValue({ teacherId: teachers[0] });
  };
  const save = (values: TermValues) => {
    const body: TTermBody = {
      name: values.name,
      school: values.school,
      courseId: values.courseId,
      teacherId: values.teacherId ?? null,
      startDate: day(values.startDate),
      endDate: day(values.endDate),
      comments: values.comments || null,
    };
    return record ? updateTerm(record.id, body) : createTerm(body);
  };
  const endAfterStart = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: DateValue) => {
      const start = day(getFieldValue('startDate') as DateValue);
      if (value && start && !endsAfterStart(start, day(value))) throw new Error(t('forms.rule.endAfterStart'));
    },
  });
  return (
    <RecordForm<TermValues>
      kind="term"
      open={open}
      editing={!!record}
      form={form}
      initialValues={
        record
          ? { ...record, courseId: record.course.id, teacherId: record.teacher?.id, comments: record.comments ?? '' }
          : { startDate: todayIn(timeZone) }
      }
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <CourseSelect
        name="courseId"
        label={t('forms.term.course')}
        rules={[choose(t('forms.term.course'))]}
        current={record ? [record.course.id] : []}
        onCourse={onCourse}
      />
      <ProFormText
        name="name"
        label={t('names.term.name')}
        placeholder={t('names.term.name.placeholder')}
        rules={[required(t('names.term.name')), zod(ZTermBody.shape.name)]}
      />
      <ProFormText
        name="school"
        label={t('forms.common.school')}
        tooltip={t('forms.term.school.fromCourse')}
        rules={[required(t('forms.common.school')), zod(ZTermBody.shape.school)]}
      />
      <TeacherSelect
        name="teacherId"
        label={t('forms.term.teacher')}
        placeholder={t('forms.teacher.pick')}
        current={record?.teacher ? [record.teacher] : []}
        first={courseTeachers}
        fieldProps={{ allowClear: true }}
      />
      <ProFormDatePicker
        name="startDate"
        label={t('forms.term.startDate')}
        width="100%"
        colProps={{ span: 12 }}
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[required(t('forms.term.startDate'))]}
      />
      <ProFormDatePicker
        name="endDate"
        label={t('forms.term.endDate')}
        width="100%"
        colProps={{ span: 12 }}
        dependencies={['startDate']}
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[required(t('forms.term.endDate')), endAfterStart]}
      />
      <ProFormTextArea
        name="comments"
        label={t('forms.common.comments')}
        rules={[zod(ZTermBody.shape.comments)]}
        fieldProps={{ rows: 2 }}
      />
    </RecordForm>
  );
}

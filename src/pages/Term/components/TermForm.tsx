import { ModalForm, ProFormDatePicker, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { END_AFTER_START_MESSAGE, endsAfterStart, type TTerm, type TTermBody, ZTermBody } from '@/contracts/terms';
import { courseOptions, createTerm, teacherOptions, updateTerm } from '@/services/courses';
import { zodRule } from '@/utils/formRules';
import { runWithMessages } from '@/utils/runWithMessages';

type DateValue = string | dayjs.Dayjs | undefined;
interface TermValues {
  school: string;
  courseId: number;
  teacherId?: number | null;
  startDate: DateValue;
  endDate: DateValue;
  comments?: string;
}
const FIELDS = ['school', 'courseId', 'teacherId', 'startDate', 'endDate', 'comments'] as const;
const day = (value: DateValue) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

/** Add (term undefined) or edit a term; the end date must come after the start date. */
export default function TermForm({
  term,
  onClose,
  onSaved,
}: {
  term?: TTerm;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<TermValues>();
  const onFinish = async (values: TermValues) => {
    const body: TTermBody = {
      school: values.school,
      courseId: values.courseId,
      teacherId: values.teacherId ?? null,
      startDate: day(values.startDate),
      endDate: day(values.endDate),
      comments: values.comments || null,
    };
    const saved = await runWithMessages(
      term ? 'update' : 'add',
      () => (term ? updateTerm(term.id, body) : createTerm(body)),
      { instance: form, fields: FIELDS },
    );
    if (saved) onSaved();
    return saved;
  };
  return (
    <ModalForm<TermValues>
      open
      form={form}
      name="term"
      title={term ? 'Edit term' : 'New term'}
      width={560}
      isKeyPressSubmit
      modalProps={{ destroyOnClose: true, onCancel: onClose, maskClosable: false }}
      initialValues={
        term
          ? { ...term, courseId: term.course.id, teacherId: term.teacher?.id, comments: term.comments ?? '' }
          : undefined
      }
      submitter={{ searchConfig: { submitText: term ? 'Save' : 'Add', resetText: 'Cancel' } }}
      onFinish={onFinish}
    >
      <ProFormText
        name="school"
        label="School"
        fieldProps={{ autoFocus: true }}
        rules={[{ required: true, message: 'School is required' }, zodRule(ZTermBody.shape.school)]}
      />
      <ProFormSelect
        name="courseId"
        label="Course"
        showSearch
        rules={[{ required: true, message: 'Choose a course' }]}
        request={async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name }))}
        fieldProps={{ optionFilterProp: 'label' }}
      />
      <ProFormSelect
        name="teacherId"
        label="Teacher"
        showSearch
        request={async () => (await teacherOptions()).map((t) => ({ value: t.id, label: t.name }))}
        fieldProps={{ optionFilterProp: 'label', allowClear: true }}
      />
      <ProFormDatePicker
        name="startDate"
        label="Start date"
        width="md"
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[{ required: true, message: 'Start date is required' }]}
      />
      <ProFormDatePicker
        name="endDate"
        label="End date"
        width="md"
        dependencies={['startDate']}
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[
          { required: true, message: 'End date is required' },
          ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
            validator: async (_rule: unknown, value: DateValue) => {
              const start = day(getFieldValue('startDate') as DateValue);
              if (value && start && !endsAfterStart(start, day(value))) throw new Error(END_AFTER_START_MESSAGE);
            },
          }),
        ]}
      />
      <ProFormTextArea name="comments" label="Comments" rules={[zodRule(ZTermBody.shape.comments)]} />
    </ModalForm>
  );
}

import { ModalForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import { type TCourse, type TCourseBody, ZCourseBody } from '@/contracts/courses';
import { createCourse, teacherOptions, updateCourse } from '@/services/courses';
import { zodRule } from '@/utils/formRules';
import { runWithMessages } from '@/utils/runWithMessages';

interface CourseValues {
  school: string;
  courseNumber: string;
  name: string;
  description?: string;
  teacherIds?: number[];
}
const FIELDS = ['school', 'courseNumber', 'name', 'description', 'teacherIds'] as const;
const rule = (field: keyof typeof ZCourseBody.shape) => zodRule(ZCourseBody.shape[field]);

/** Add (course undefined) or edit a course in a modal; calls onSaved after a successful write. */
export default function CourseForm({
  course,
  onClose,
  onSaved,
}: {
  course?: TCourse;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<CourseValues>();
  const onFinish = async (values: CourseValues) => {
    const body: TCourseBody = {
      ...values,
      description: values.description || null,
      teacherIds: values.teacherIds ?? [],
    };
    const saved = await runWithMessages(
      course ? 'update' : 'add',
      () => (course ? updateCourse(course.id, body) : createCourse(body)),
      { instance: form, fields: FIELDS },
    );
    if (saved) onSaved();
    return saved;
  };
  return (
    <ModalForm<CourseValues>
      open
      form={form}
      name="course"
      title={course ? 'Edit course' : 'New course'}
      width={560}
      isKeyPressSubmit
      modalProps={{ destroyOnClose: true, onCancel: onClose, maskClosable: false }}
      initialValues={
        course
          ? { ...course, description: course.description ?? '', teacherIds: course.teachers.map((t) => t.id) }
          : { teacherIds: [] }
      }
      submitter={{ searchConfig: { submitText: course ? 'Save' : 'Add', resetText: 'Cancel' } }}
      onFinish={onFinish}
    >
      <ProFormText
        name="school"
        label="School"
        fieldProps={{ autoFocus: true }}
        rules={[{ required: true, message: 'School is required' }, rule('school')]}
      />
      <ProFormText
        name="courseNumber"
        label="Course number"
        rules={[{ required: true, message: 'Course number is required' }, rule('courseNumber')]}
      />
      <ProFormText name="name" label="Name" rules={[{ required: true, message: 'Name is required' }, rule('name')]} />
      <ProFormTextArea name="description" label="Description" rules={[rule('description')]} />
      <ProFormSelect
        name="teacherIds"
        label="Teachers"
        mode="multiple"
        placeholder="Choose teachers"
        request={async () => (await teacherOptions()).map((t) => ({ value: t.id, label: t.name }))}
        fieldProps={{ optionFilterProp: 'label' }}
      />
    </ModalForm>
  );
}

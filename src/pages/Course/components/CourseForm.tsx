import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import TeacherSelect from '@/components/RecordForm/TeacherSelect';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { type TCourse, type TCourseBody, ZCourseBody } from '@/contracts/courses';
import { createCourse, updateCourse } from '@/services/courses';

interface CourseValues {
  school: string;
  courseNumber: string;
  name: string;
  description?: string;
  teacherIds?: number[];
}

/** Add or edit a course; a course number is unique within its school (the server says so on the field). */
export default function CourseForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TCourse>) {
  const [form] = Form.useForm<CourseValues>();
  const { t, required, zod } = useFormRules();
  const rule = (field: keyof typeof ZCourseBody.shape) => zod(ZCourseBody.shape[field]);
  const save = (values: CourseValues) => {
    const body: TCourseBody = {
      ...values,
      description: values.description || null,
      teacherIds: values.teacherIds ?? [],
    };
    return record ? updateCourse(record.id, body) : createCourse(body);
  };
  return (
    <RecordForm<CourseValues>
      kind="course"
      history={record && { entity: 'COURSE', id: record.id }}
      open={open}
      editing={!!record}
      form={form}
      initialValues={
        record
          ? { ...record, description: record.description ?? '', teacherIds: record.teachers.map((t) => t.id) }
          : { teacherIds: [] }
      }
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormText
        name="name"
        label={t('forms.course.name')}
        rules={[required(t('forms.course.name')), rule('name')]}
      />
      <ProFormText
        name="school"
        label={t('forms.common.school')}
        rules={[required(t('forms.common.school')), rule('school')]}
      />
      <ProFormText
        name="courseNumber"
        label={t('forms.course.courseNumber')}
        rules={[required(t('forms.course.courseNumber')), rule('courseNumber')]}
      />
      <TeacherSelect
        name="teacherIds"
        label={t('forms.course.teachers')}
        mode="multiple"
        placeholder={t('forms.teacher.pickMany')}
        current={record?.teachers}
      />
      <ProFormTextArea
        name="description"
        label={t('forms.course.description')}
        rules={[rule('description')]}
        fieldProps={{ rows: 3 }}
      />
    </RecordForm>
  );
}

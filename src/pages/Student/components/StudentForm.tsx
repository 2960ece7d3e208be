import { DrawerForm, ProFormDatePicker, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import { ZOptionalEmail, ZOptionalMoney, ZOptionalPhone } from '@/contracts/common';
import type { TStudent, TStudentBody } from '@/contracts/students';
import ReferrerSelect from '@/pages/Referral/components/ReferrerSelect';
import { showFormError } from '@/requestErrorConfig';
import { createStudent, updateStudent } from '@/services/students';
import { zodRule } from '@/utils/formRules';
import { withPending } from './pending';

const FIELDS = [
  'studentId',
  'firstName',
  'lastName',
  'referrerId',
  'startDate',
  'wechat',
  'phone',
  'email',
  'comments',
  'allowSms',
  'allowEmail',
  'feedbackEmail',
  'feedbackNotification',
  'hourlyRate',
] as const;
const required = (label: string) => ({ required: true, message: `${label} is required` });

interface Props {
  student?: TStudent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** Create or edit a student in a drawer; server field errors land on their fields. */
export default function StudentForm({ student, open, onOpenChange, onSaved }: Props) {
  const [form] = Form.useForm<TStudentBody>();
  const onFinish = async (values: TStudentBody) => {
    const body = { ...values, referrerId: values.referrerId ?? null };
    try {
      if (student) await withPending('update', () => updateStudent(student.id, body));
      else await withPending('add', () => createStudent(body));
    } catch (error) {
      showFormError(error, form, FIELDS);
      return false;
    }
    onSaved();
    return true;
  };
  return (
    <DrawerForm<TStudentBody>
      title={student ? 'Edit student' : 'New student'}
      form={form}
      name="student"
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      isKeyPressSubmit
      submitter={{ searchConfig: { submitText: 'Save', resetText: 'Cancel' } }}
      drawerProps={{ destroyOnClose: true }}
      initialValues={student ?? { allowEmail: true, allowSms: false, feedbackNotification: false }}
      onFinish={onFinish}
      grid
      rowProps={{ gutter: 16 }}
    >
      <ProFormText
        name="studentId"
        label="Student ID"
        colProps={{ span: 12 }}
        rules={[required('Student ID'), { max: 40 }]}
        fieldProps={{ autoFocus: true }}
      />
      <ReferrerSelect name="referrerId" label="Referrer" colProps={{ span: 12 }} placeholder="Search referrers" />
      <ProFormText
        name="firstName"
        label="First name"
        colProps={{ span: 12 }}
        rules={[required('First name'), { max: 50 }]}
      />
      <ProFormText
        name="lastName"
        label="Last name"
        colProps={{ span: 12 }}
        rules={[required('Last name'), { max: 50 }]}
      />
      <ProFormText name="email" label="Email" colProps={{ span: 12 }} rules={[zodRule(ZOptionalEmail)]} />
      <ProFormText name="phone" label="Phone" colProps={{ span: 12 }} rules={[zodRule(ZOptionalPhone)]} />
      <ProFormText name="wechat" label="Wechat" colProps={{ span: 12 }} rules={[{ max: 60 }]} />
      <ProFormDatePicker name="startDate" label="Start date" colProps={{ span: 12 }} width="100%" />
      <ProFormText name="hourlyRate" label="Hourly rate" colProps={{ span: 12 }} rules={[zodRule(ZOptionalMoney)]} />
      <ProFormText
        name="feedbackEmail"
        label="Feedback email"
        colProps={{ span: 12 }}
        rules={[zodRule(ZOptionalEmail)]}
      />
      <ProFormSwitch name="allowSms" label="Allow SMS" colProps={{ span: 8 }} />
      <ProFormSwitch name="allowEmail" label="Allow email" colProps={{ span: 8 }} />
      <ProFormSwitch name="feedbackNotification" label="Feedback notification" colProps={{ span: 8 }} />
      <ProFormTextArea name="comments" label="Comments" rules={[{ max: 5000 }]} />
    </DrawerForm>
  );
}

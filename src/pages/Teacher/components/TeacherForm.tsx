import {
  DrawerForm,
  ProForm,
  ProFormDatePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { ColorPicker, Form } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { ZEmail, ZLogin, ZPassword } from '@/contracts/account';
import { ZOptionalPhone } from '@/contracts/common';
import type { TCreateTeacherRequest, TTeacher } from '@/contracts/teachers';
import { courseOptions, createTeacher, updateTeacher } from '@/services/teachers';
import { zodRule } from '@/utils/formRules';
import { runWithMessages } from '@/utils/runWithMessages';
import { sinRule } from '../sinRule';

type Values = Omit<TCreateTeacherRequest, 'password'> & { password?: string };
const FIELDS = [
  'login',
  'password',
  'firstName',
  'lastName',
  'email',
  'phone',
  'activated',
  'employeeId',
  'preferredName',
  'birthday',
  'wechat',
  'sin',
  'payrollContact',
  'hourlyRate',
  'operatingArea',
  'advantage',
  'disadvantage',
  'feedback',
  'colour',
  'courseIds',
];

function initialValues(teacher: TTeacher | undefined): Partial<Values> {
  if (!teacher) return { activated: true, courseIds: [] };
  const { courses, sin, birthday, hourlyRate, ...rest } = teacher;
  return {
    ...rest,
    sin: sin ?? '',
    colour: rest.colour ?? undefined,
    birthday: birthday ?? undefined,
    hourlyRate: hourlyRate ?? undefined,
    courseIds: courses.map((c) => c.id),
  } as Partial<Values>;
}

interface Props {
  teacher?: TTeacher;
  /** Admins see and edit the SIN in clear; everyone else sees it masked. */
  isAdmin: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a teacher: the login, the person and the teaching details. */
export default function TeacherForm({ teacher, isAdmin, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const required = (label: string) => ({ required: true, message: `${label} is required` });

  const onFinish = async (values: Values) => {
    const body = { ...values, password: values.password ?? '', courseIds: values.courseIds ?? [] };
    const saved = await runWithMessages(
      teacher ? 'update' : 'add',
      () => (teacher ? updateTeacher(teacher.id, body) : createTeacher(body)),
      { instance: form, fields: FIELDS },
    );
    if (saved) onSaved();
    return saved;
  };

  return (
    <DrawerForm<Values>
      title={teacher ? `Edit ${teacher.firstName ?? ''} ${teacher.lastName ?? ''}` : 'New teacher'}
      open
      // Its own id prefix: the list's search form has fields of the same names.
      name="teacher"
      form={form}
      width={640}
      isKeyPressSubmit
      drawerProps={{ destroyOnClose: true, onClose }}
      initialValues={initialValues(teacher)}
      submitter={{ searchConfig: { submitText: teacher ? 'Save' : 'Create' } }}
      onFinish={onFinish}
    >
      <ProForm.Group>
        <ProFormText
          name="firstName"
          label="First name"
          width="sm"
          fieldProps={{ autoFocus: true }}
          rules={[required('First name'), { max: 50 }]}
        />
        <ProFormText name="lastName" label="Last name" width="sm" rules={[required('Last name'), { max: 50 }]} />
        <ProFormText name="preferredName" label="Preferred name" width="sm" rules={[{ max: 50 }]} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="login" label="Login" width="sm" rules={[required('Login'), zodRule(ZLogin)]} />
        {!teacher && (
          <ProFormText.Password
            name="password"
            label="Password"
            width="sm"
            rules={[required('Password'), zodRule(ZPassword)]}
          />
        )}
        <ProFormText name="employeeId" label="Employee ID" width="sm" rules={[{ max: 40 }]} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="email" label="Email" width="sm" rules={[required('Email'), zodRule(ZEmail)]} />
        <ProFormText name="phone" label="Phone" width="sm" rules={[zodRule(ZOptionalPhone)]} />
        <ProFormText name="wechat" label="WeChat" width="sm" rules={[{ max: 60 }]} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormDatePicker name="birthday" label="Birthday" width="sm" fieldProps={{ format: 'YYYY-MM-DD' }} />
        <ProFormText
          name="sin"
          label="SIN"
          width="sm"
          tooltip={isAdmin ? undefined : 'Shown masked; type all 9 digits to replace it'}
          fieldProps={{ autoComplete: 'off' }}
          rules={[sinRule]}
        />
        <ProFormDigit name="hourlyRate" label="Hourly rate" width="sm" min={0} fieldProps={{ precision: 2, step: 1 }} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="payrollContact" label="Payroll contact" width="md" rules={[{ max: 200 }]} />
        <ProFormText name="operatingArea" label="Operating area" width="md" rules={[{ max: 200 }]} />
      </ProForm.Group>
      <ProFormSelect
        name="courseIds"
        label="Courses"
        mode="multiple"
        request={async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name }))}
        placeholder="Select courses"
      />
      <ProFormTextArea name="advantage" label="Advantage" rules={[{ max: 5000 }]} fieldProps={{ rows: 2 }} />
      <ProFormTextArea name="disadvantage" label="Disadvantage" rules={[{ max: 5000 }]} fieldProps={{ rows: 2 }} />
      <ProFormTextArea name="feedback" label="Feedback" rules={[{ max: 5000 }]} fieldProps={{ rows: 2 }} />
      <ProForm.Group>
        <ProForm.Item name="colour" label="Colour" getValueFromEvent={(color: Color) => color.toHexString()}>
          <ColorPicker format="hex" disabledAlpha showText />
        </ProForm.Item>
        <ProFormSwitch name="activated" label="Activated" />
      </ProForm.Group>
    </DrawerForm>
  );
}

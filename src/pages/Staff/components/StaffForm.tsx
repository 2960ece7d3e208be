import { ModalForm, ProFormDatePicker, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import { ZEmail, ZLogin, ZPassword } from '@/contracts/account';
import { ZOptionalEmail, ZOptionalPhone } from '@/contracts/common';
import type { TCreateStaffRequest, TStaff } from '@/contracts/staff';
import { createStaff, updateStaff } from '@/services/staff';
import { zodRule } from '@/utils/formRules';
import { runWithMessages } from '@/utils/runWithMessages';

type Values = TCreateStaffRequest;
const FIELDS = [
  'login',
  'password',
  'firstName',
  'lastName',
  'birthday',
  'role',
  'email',
  'phone',
  'activated',
  'gmail',
];
const ROLE_OPTIONS = [
  { value: 'ROLE_OPERATOR', label: 'Operator' },
  { value: 'ROLE_ADMIN', label: 'Admin' },
];

interface Props {
  staff?: TStaff;
  /** Only admins choose a role; everyone else creates operators and keeps roles as they are. */
  canChangeRole: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a staff member; passwords are set on create only. */
export default function StaffForm({ staff, canChangeRole, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const required = (label: string) => ({ required: true, message: `${label} is required` });

  const onFinish = async (values: Values) => {
    const body = { ...values, role: canChangeRole ? values.role : (staff?.role ?? 'ROLE_OPERATOR') };
    const saved = await runWithMessages(
      staff ? 'update' : 'add',
      () => (staff ? updateStaff(staff.id, body) : createStaff(body)),
      { instance: form, fields: FIELDS },
    );
    if (saved) onSaved();
    return saved;
  };

  return (
    <ModalForm<Values>
      title={staff ? `Edit ${staff.login}` : 'New staff member'}
      open
      // Its own id prefix: the list's search form has fields of the same names.
      name="staff"
      form={form}
      width={560}
      isKeyPressSubmit
      modalProps={{ destroyOnClose: true, onCancel: onClose }}
      initialValues={
        staff
          ? { ...staff, birthday: staff.birthday ?? undefined, phone: staff.phone ?? '', gmail: staff.gmail ?? '' }
          : { role: 'ROLE_OPERATOR', activated: true }
      }
      submitter={{ searchConfig: { submitText: staff ? 'Save' : 'Create' } }}
      onFinish={onFinish}
    >
      <ProFormText
        name="login"
        label="Login"
        fieldProps={{ autoFocus: true }}
        rules={[required('Login'), zodRule(ZLogin)]}
      />
      {!staff && (
        <ProFormText.Password name="password" label="Password" rules={[required('Password'), zodRule(ZPassword)]} />
      )}
      <ProFormText name="firstName" label="First name" rules={[required('First name'), { max: 50 }]} />
      <ProFormText name="lastName" label="Last name" rules={[required('Last name'), { max: 50 }]} />
      <ProFormDatePicker name="birthday" label="Birthday" fieldProps={{ format: 'YYYY-MM-DD' }} />
      {canChangeRole && (
        <ProFormSelect name="role" label="Role" options={ROLE_OPTIONS} allowClear={false} rules={[required('Role')]} />
      )}
      <ProFormText name="email" label="Email" rules={[required('Email'), zodRule(ZEmail)]} />
      <ProFormText name="phone" label="Phone" rules={[zodRule(ZOptionalPhone)]} />
      <ProFormText name="gmail" label="Gmail" rules={[zodRule(ZOptionalEmail)]} />
      <ProFormSwitch name="activated" label="Activated" />
    </ModalForm>
  );
}

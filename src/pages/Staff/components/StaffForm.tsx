import { ProFormDatePicker, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { useCentre } from '@/components/RecordForm/defaults';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { ZEmail, ZLogin, ZPassword } from '@/contracts/account';
import { ZOptionalEmail, ZOptionalPhone } from '@/contracts/common';
import type { TCreateStaffRequest, TStaff } from '@/contracts/staff';
import { createStaff, updateStaff } from '@/services/staff';

type Values = TCreateStaffRequest;

/** Create or edit a staff member; passwords are set on create only. */
export default function StaffForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TStaff>) {
  const [form] = Form.useForm<Values>();
  const { t, required, zod, max } = useFormRules();
  // Only admins choose a role; everyone else creates operators and keeps roles as they are.
  const canChangeRole = useAccess()['staff:changeRole'];
  // The server refuses a change of one's own role or activation: the form does not offer it.
  const { userId } = useCentre();
  const self = record !== undefined && record.id === userId;

  const save = (values: Values) => {
    const body = {
      ...values,
      role: canChangeRole && !self ? values.role : (record?.role ?? 'ROLE_OPERATOR'),
      activated: self ? record.activated : values.activated,
    };
    return record ? updateStaff(record.id, body) : createStaff(body);
  };

  return (
    <RecordForm<Values>
      kind="staff"
      open={open}
      editing={!!record}
      form={form}
      columns={2}
      initialValues={
        record
          ? { ...record, birthday: record.birthday ?? undefined, phone: record.phone ?? '', gmail: record.gmail ?? '' }
          : { role: 'ROLE_OPERATOR', activated: true }
      }
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormText
        name="login"
        label={t('forms.person.login')}
        rules={[required(t('forms.person.login')), zod(ZLogin)]}
      />
      {!record && (
        <ProFormText.Password
          name="password"
          label={t('forms.person.password')}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[required(t('forms.person.password')), zod(ZPassword)]}
        />
      )}
      <ProFormText
        name="firstName"
        label={t('forms.person.firstName')}
        rules={[required(t('forms.person.firstName')), max(50)]}
      />
      <ProFormText
        name="lastName"
        label={t('forms.person.lastName')}
        rules={[required(t('forms.person.lastName')), max(50)]}
      />
      <ProFormText
        name="email"
        label={t('forms.person.email')}
        rules={[required(t('forms.person.email')), zod(ZEmail)]}
      />
      <ProFormText name="phone" label={t('forms.person.phone')} rules={[zod(ZOptionalPhone)]} />
      <ProFormText name="gmail" label={t('forms.staff.gmail')} rules={[zod(ZOptionalEmail)]} />
      <ProFormDatePicker
        name="birthday"
        label={t('forms.person.birthday')}
        width="100%"
        fieldProps={{ format: 'YYYY-MM-DD' }}
      />
      {canChangeRole && (
        <ProFormSelect
          name="role"
          label={t('forms.staff.role')}
          tooltip={self ? t('forms.staff.ownRole') : undefined}
          disabled={self}
          options={[
            { value: 'ROLE_OPERATOR', label: t('forms.staff.role.operator') },
            { value: 'ROLE_ADMIN', label: t('forms.staff.role.admin') },
          ]}
          allowClear={false}
          rules={[required(t('forms.staff.role'))]}
        />
      )}
      <ProFormSwitch
        name="activated"
        label={t('forms.person.activated')}
        tooltip={self ? t('forms.staff.ownActivation') : undefined}
        disabled={self}
      />
    </RecordForm>
  );
}

import { ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { useCentre } from '@/components/RecordForm/defaults';
import { BirthdayField, EmailField, LoginFields, NameFields, PhoneField } from '@/components/RecordForm/personFields';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { ZOptionalEmail } from '@/contracts/common';
import type { TCreateStaffRequest, TStaff } from '@/contracts/staff';
import { setStaffLocations } from '@/services/locations';
import { createStaff, updateStaff } from '@/services/staff';
import { useLocations } from '@/utils/useLocations';

type Values = TCreateStaffRequest & { locationIds?: number[] };

/** Create or edit a staff member; passwords are set on create only. */
export default function StaffForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TStaff>) {
  const [form] = Form.useForm<Values>();
  const { t, required, zod } = useFormRules();
  // Only admins choose a role; everyone else creates operators and keeps roles as they are.
  const access = useAccess();
  const canChangeRole = access['staff:changeRole'];
  // The server refuses a change of one's own role or activation: the form does not offer it.
  const { userId } = useCentre();
  const self = record !== undefined && record.id === userId;
  // Site limits (issue 23): admins set them for operators, only while the centre has several locations.
  const { locations, many } = useLocations();
  const role = Form.useWatch('role', form) ?? record?.role ?? 'ROLE_OPERATOR';
  const showSites = access['locations:manage'] && many && role === 'ROLE_OPERATOR';

  const save = async ({ locationIds, ...values }: Values) => {
    const body = {
      ...values,
      role: canChangeRole && !self ? values.role : (record?.role ?? 'ROLE_OPERATOR'),
      activated: self ? record.activated : values.activated,
    };
    const saved = record ? await updateStaff(record.id, body) : await createStaff(body);
    const before = [...(record?.locationIds ?? [])].sort().join();
    if (showSites && body.role === 'ROLE_OPERATOR' && [...(locationIds ?? [])].sort().join() !== before)
      await setStaffLocations(saved.id, locationIds ?? []);
    return saved;
  };

  return (
    <RecordForm<Values>
      kind="staff"
      history={record && (access['users:read'] || canChangeRole) ? { entity: 'USER', id: record.id } : undefined}
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
      <LoginFields creating={!record} />
      <NameFields />
      <EmailField required />
      <PhoneField />
      <ProFormText name="gmail" label={t('forms.staff.gmail')} rules={[zod(ZOptionalEmail)]} />
      <BirthdayField />
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
      {showSites && (
        <ProFormSelect
          name="locationIds"
          label={t('locations.staff.sites')}
          tooltip={t('locations.staff.sites.help')}
          mode="multiple"
          placeholder={t('locations.all')}
          options={locations.map((l) => ({ value: l.id, label: l.name }))}
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

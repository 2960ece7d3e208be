import { ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { PhoneField } from '@/components/RecordForm/personFields';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import type { TLocation, TLocationBody } from '@/contracts/locations';
import { createLocation, updateLocation } from '@/services/locations';
import { forgetLocations } from '@/utils/useLocations';

/** Add or edit a location (a site of the centre). */
export default function LocationForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TLocation>) {
  const [form] = Form.useForm<TLocationBody>();
  const { t, required, max } = useFormRules();
  const save = async (values: TLocationBody) => {
    const body = { ...values, address: values.address || null, phone: values.phone || null };
    const saved = record ? await updateLocation(record.id, body) : await createLocation(body);
    forgetLocations();
    return saved;
  };
  return (
    <RecordForm<TLocationBody>
      kind="location"
      open={open}
      editing={!!record}
      form={form}
      initialValues={
        record
          ? { name: record.name, address: record.address ?? '', phone: record.phone ?? '', active: record.active }
          : { active: true }
      }
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormText name="name" label={t('locations.name')} rules={[required(t('locations.name')), max(100)]} />
      <ProFormText
        name="address"
        label={t('locations.address')}
        extra={t('locations.address.help')}
        rules={[max(200)]}
      />
      <PhoneField />
      <ProFormSwitch name="active" label={t('locations.active')} extra={t('locations.active.help')} />
    </RecordForm>
  );
}

import { ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm from '@/components/RecordForm';
import { EmailField, PhoneField, WechatField } from '@/components/RecordForm/personFields';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import type { TGuardian, TGuardianBody, THousehold } from '@/contracts/households';
import { addGuardian, updateGuardian } from '@/services/households';

interface Props {
  open: boolean;
  householdId: number;
  record?: TGuardian;
  onClose: () => void;
  onSaved: (household: THousehold) => void;
}

/** Add or edit a guardian: how to reach them, in which language, and what they agreed to receive. */
export default function GuardianForm({ open, householdId, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<TGuardianBody>();
  const { t, required, max } = useFormRules();
  const save = (values: TGuardianBody) =>
    record ? updateGuardian(householdId, record.id, values) : addGuardian(householdId, values);
  return (
    <RecordForm<TGuardianBody>
      kind="guardian"
      open={open}
      editing={!!record}
      form={form}
      columns={2}
      initialValues={
        record
          ? { ...record, name: record.name ?? '' }
          : { langKey: 'en-US', allowEmail: true, allowSms: false, receivesFeedback: false }
      }
      save={save}
      onClose={onClose}
      onSaved={(reply) => onSaved(reply as THousehold)}
    >
      <ProFormText name="name" label={t('guardians.name')} rules={[required(t('guardians.name')), max(100)]} />
      <ProFormText
        name="relationship"
        label={t('guardians.relationship')}
        placeholder={t('guardians.relationship.placeholder')}
        rules={[max(40)]}
      />
      <EmailField />
      <PhoneField />
      <WechatField />
      <ProFormSelect
        name="langKey"
        label={t('guardians.language')}
        allowClear={false}
        options={[
          { value: 'en-US', label: 'English' },
          { value: 'zh-CN', label: '简体中文' },
        ]}
      />
      <ProFormSwitch name="allowEmail" label={t('guardians.allowEmail')} colProps={{ span: 8 }} />
      <ProFormSwitch name="allowSms" label={t('guardians.allowSms')} colProps={{ span: 8 }} />
      <ProFormSwitch name="receivesFeedback" label={t('guardians.receivesFeedback')} colProps={{ span: 8 }} />
    </RecordForm>
  );
}

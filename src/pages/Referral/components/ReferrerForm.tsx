import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { EmailField, PhoneField, WechatField } from '@/components/RecordForm/personFields';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import type { TReferrer, TReferrerBody } from '@/contracts/referrals';
import { createReferrer, updateReferrer } from '@/services/students';

/** Add or edit a referrer (a person who sends students to the centre). */
export default function ReferrerForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TReferrer>) {
  const [form] = Form.useForm<TReferrerBody>();
  const { t, required, max } = useFormRules();
  const save = (values: TReferrerBody) => (record ? updateReferrer(record.id, values) : createReferrer(values));
  return (
    <RecordForm<TReferrerBody>
      kind="referrer"
      open={open}
      editing={!!record}
      form={form}
      initialValues={record ?? {}}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormText
        name="name"
        label={t('forms.referrer.name')}
        rules={[required(t('forms.referrer.name')), max(100)]}
      />
      <PhoneField />
      <EmailField />
      <WechatField />
      <ProFormTextArea name="comments" label={t('forms.common.comments')} rules={[max(5000)]} />
    </RecordForm>
  );
}

import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { ZOptionalEmail, ZOptionalPhone } from '@/contracts/common';
import type { TReferrer, TReferrerBody } from '@/contracts/referrals';
import { createReferrer, updateReferrer } from '@/services/students';

/** Add or edit a referrer (a person who sends students to the centre). */
export default function ReferrerForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TReferrer>) {
  const [form] = Form.useForm<TReferrerBody>();
  const { t, required, max, zod } = useFormRules();
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
      <ProFormText name="phone" label={t('forms.person.phone')} rules={[zod(ZOptionalPhone)]} />
      <ProFormText name="email" label={t('forms.person.email')} rules={[zod(ZOptionalEmail)]} />
      <ProFormText name="wechat" label={t('forms.person.wechat')} rules={[max(60)]} />
      <ProFormTextArea name="comments" label={t('forms.common.comments')} rules={[max(5000)]} />
    </RecordForm>
  );
}

import { ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import type { TReferral, TReferralBody } from '@/contracts/referrals';
import { createReferral, listStudents, updateReferral } from '@/services/students';
import ReferrerSelect from './ReferrerSelect';

/** Add or edit a referral: who referred which student. */
export default function ReferralForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TReferral>) {
  const [form] = Form.useForm<TReferralBody>();
  const { t, max } = useFormRules();
  const save = (values: TReferralBody) => {
    const body = { ...values, studentId: values.studentId ?? null };
    return record ? updateReferral(record.id, body) : createReferral(body);
  };
  return (
    <RecordForm<TReferralBody>
      kind="referral"
      open={open}
      editing={!!record}
      form={form}
      initialValues={record ?? {}}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ReferrerSelect
        name="referrerId"
        label={t('forms.referral.referrer')}
        placeholder={t('forms.student.referrer.search')}
        rules={[{ required: true, message: t('forms.rule.referrer') }]}
      />
      <ProFormSelect
        name="studentId"
        label={t('forms.referral.student')}
        showSearch
        allowClear
        debounceTime={300}
        placeholder={t('forms.student.search')}
        fieldProps={{ filterOption: false }}
        request={async ({ keyWords }: { keyWords?: string }) => {
          const reply = await listStudents({ pageSize: 50, ...(keyWords ? { q: keyWords } : {}) });
          const options = reply.data.map((s) => ({
            value: s.id,
            label: `${s.firstName} ${s.lastName} (${s.studentId})`,
          }));
          const current = record?.student;
          if (current && !options.some((o) => o.value === current.id)) {
            options.unshift({ value: current.id, label: `${current.name} (${current.studentId})` });
          }
          return options;
        }}
      />
      <ProFormTextArea name="comments" label={t('forms.common.comments')} rules={[max(5000)]} />
    </RecordForm>
  );
}

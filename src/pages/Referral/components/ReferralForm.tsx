import { ModalForm, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import { REFERRER_REQUIRED, type TReferral, type TReferralBody } from '@/contracts/referrals';
import { withPending } from '@/pages/Student/components/pending';
import { showFormError } from '@/requestErrorConfig';
import { createReferral, listStudents, updateReferral } from '@/services/students';
import ReferrerSelect from './ReferrerSelect';

interface Props {
  referral?: TReferral;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

export default function ReferralForm({ referral, open, onOpenChange, onSaved }: Props) {
  const [form] = Form.useForm<TReferralBody>();
  const onFinish = async (values: TReferralBody) => {
    const body = { ...values, studentId: values.studentId ?? null };
    try {
      if (referral) await withPending('update', () => updateReferral(referral.id, body));
      else await withPending('add', () => createReferral(body));
    } catch (error) {
      showFormError(error, form, ['referrerId', 'studentId', 'comments']);
      return false;
    }
    onSaved();
    return true;
  };
  return (
    <ModalForm<TReferralBody>
      title={referral ? 'Edit referral' : 'New referral'}
      form={form}
      name="referral"
      open={open}
      onOpenChange={onOpenChange}
      isKeyPressSubmit
      submitter={{ searchConfig: { submitText: 'Save', resetText: 'Cancel' } }}
      modalProps={{ destroyOnClose: true }}
      initialValues={referral ?? {}}
      onFinish={onFinish}
    >
      <ReferrerSelect
        name="referrerId"
        label="Referrer"
        rules={[{ required: true, message: REFERRER_REQUIRED }]}
        fieldProps={{ autoFocus: true }}
        // Shows the current referrer's name before the options load.
        {...(referral ? { initialValue: referral.referrerId } : {})}
      />
      <ProFormSelect
        name="studentId"
        label="Student"
        showSearch
        allowClear
        debounceTime={300}
        placeholder="Search students by name or ID"
        fieldProps={{ filterOption: false }}
        request={async ({ keyWords }: { keyWords?: string }) => {
          const reply = await listStudents({ pageSize: 50, ...(keyWords ? { q: keyWords } : {}) });
          const options = reply.data.map((s) => ({
            value: s.id,
            label: `${s.firstName} ${s.lastName} (${s.studentId})`,
          }));
          const current = referral?.student;
          if (current && !options.some((o) => o.value === current.id)) {
            options.unshift({ value: current.id, label: `${current.name} (${current.studentId})` });
          }
          return options;
        }}
      />
      <ProFormTextArea name="comments" label="Comments" rules={[{ max: 5000 }]} />
    </ModalForm>
  );
}

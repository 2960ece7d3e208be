import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import { ZOptionalEmail, ZOptionalPhone } from '@/contracts/common';
import type { TReferrer, TReferrerBody } from '@/contracts/referrals';
import { withPending } from '@/pages/Student/components/pending';
import { showFormError } from '@/requestErrorConfig';
import { createReferrer, updateReferrer } from '@/services/students';
import { zodRule } from '@/utils/formRules';

interface Props {
  referrer?: TReferrer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

export default function ReferrerForm({ referrer, open, onOpenChange, onSaved }: Props) {
  const [form] = Form.useForm<TReferrerBody>();
  const onFinish = async (values: TReferrerBody) => {
    try {
      if (referrer) await withPending('update', () => updateReferrer(referrer.id, values));
      else await withPending('add', () => createReferrer(values));
    } catch (error) {
      showFormError(error, form, ['name', 'phone', 'email', 'wechat', 'comments']);
      return false;
    }
    onSaved();
    return true;
  };
  return (
    <ModalForm<TReferrerBody>
      title={referrer ? 'Edit referrer' : 'New referrer'}
      form={form}
      name="referrer"
      open={open}
      onOpenChange={onOpenChange}
      isKeyPressSubmit
      submitter={{ searchConfig: { submitText: 'Save', resetText: 'Cancel' } }}
      modalProps={{ destroyOnClose: true }}
      initialValues={referrer ?? {}}
      onFinish={onFinish}
    >
      <ProFormText
        name="name"
        label="Name"
        rules={[{ required: true, message: 'Name is required' }, { max: 100 }]}
        fieldProps={{ autoFocus: true }}
      />
      <ProFormText name="phone" label="Phone" rules={[zodRule(ZOptionalPhone)]} />
      <ProFormText name="email" label="Email" rules={[zodRule(ZOptionalEmail)]} />
      <ProFormText name="wechat" label="Wechat" rules={[{ max: 60 }]} />
      <ProFormTextArea name="comments" label="Comments" rules={[{ max: 5000 }]} />
    </ModalForm>
  );
}
